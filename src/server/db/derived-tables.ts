import { feeItemTotalsTable } from '../modules/fees/item-totals.js';
import type { DerivedTable } from './derived.js';

/** Every derived table a school has, in the order the sync builds them. */
export const DERIVED_TABLES: DerivedTable[] = [feeItemTotalsTable];
