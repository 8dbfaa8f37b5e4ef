export { monthLabel } from '../../../shared/payroll.js';
/** Rupees on a chart's axis: ₹12.5k, ₹3.2L. */
export { shortINR as axisMoney } from '../../../shared/money.js';
