import { defineHandlers } from '../../framework/calls.js';
import { dateRange, givenId } from '../../platform/query-text.js';
import { expenseRows, expenseSummary, expenseTotal, financeDashboard, type ReportType } from './finance-reports.js';

/**
 * The finance dashboard and the expense reports (spec 2 §7). The report answers its rows and
 * their total (Σ total_amount, summed by the database), so a screen never adds money up itself.
 */
export default defineHandlers('finance-reports', {
  async dashboard(ctx) {
    return financeDashboard(ctx.db, ctx.school.schema);
  },

  async expense(ctx, { query: q }) {
    const range = dateRange(q);
    const period = { start: range.start, end: range.end };
    if (q.type) {
      const rows = await expenseSummary(ctx.db, q.type as ReportType, period);
      return { rows, total_amount: await expenseTotal(ctx.db, period) };
    }
    if (!q.filter) throw ctx.fail('type');
    const f = {
      ...period, catId: givenId(q.cat_id), paymentModeId: givenId(q.payment_mode), accountId: givenId(q.account_id), vendorId: givenId(q.vendor_id),
    };
    const [rows, total] = [await expenseRows(ctx.db, f), await expenseTotal(ctx.db, f)];
    return { rows, total_amount: total };
  },
});
