import { resourceByName } from '../../../shared/registry.js';
import { accessRoles } from '../../../shared/resource.js';

/**
 * Who may do what with fees, read from the bills' declaration (resources/fees/fee-payment.ts),
 * the same rule the browser's screens and menu read.
 */
const bills = resourceByName('fee-payments');

/** Staff and parents (parents only their own children's bills: the ledger's visibleBill). */
export const BILL_READERS = accessRoles(bills, 'read');