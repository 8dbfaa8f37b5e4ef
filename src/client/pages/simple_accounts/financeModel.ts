/** Labels the accounts and finance screens share: months on a chart's axis, rupees on its scale. */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-07' as 'Jul 26'. */
export const monthLabel = (m: string): string => `${MONTHS[Number(m.slice(5, 7)) - 1] ?? m} ${m.slice(2, 4)}`;

/** Rupees on an axis: ₹950, ₹12.5k, ₹3.2L. */
export { shortINR as axisMoney } from '../../../shared/money.js';
