export { monthLabel } from '../../../shared/payroll.js';
/** Rupees on a chart's axis: ₹12.5k, ₹3.2L. */
export const axisMoney = (n: number): string => (n >= 1e5 ? `₹${(n / 1e5).toFixed(1)}L` : n >= 1e3 ? `₹${(n / 1e3).toFixed(1)}k` : `₹${n}`);
