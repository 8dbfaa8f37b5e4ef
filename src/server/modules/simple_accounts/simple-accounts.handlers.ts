import { defineHandlers } from '../../framework/calls.js';
import { badRequest } from '../../framework/errors.js';
import { ledgerDashboard } from './ledger-dashboard.js';
import { financeDashboard, financeReport, type ReportField, type ReportInterval } from './simple-finance.js';

/** The simple accounts dashboard, and the simple finance dashboard and reports panel (spec 2 §7). */

/** Rows a report page holds unless the query asks otherwise (spec 2 §9: simple finance report). */
export const REPORT_PAGE_SIZE = 50;

export default defineHandlers('simple-accounts', {
  async dashboard(ctx) {
    return ledgerDashboard(ctx.db, ctx.school.schema);
  },

  async financeDashboard(ctx) {
    return financeDashboard(ctx.db, ctx.school.schema);
  },

  async financeReport(ctx, { query: q }) {
    // The schema admits empty values (the screen sends what is picked so far); all four are needed.
    if (!q.field || !q.interval || !q.start_date || !q.end_date) throw ctx.fail('select');
    if (q.start_date > q.end_date) throw badRequest('The start date cannot be after the end date');
    const page = { page: Number(q.page ?? '1'), size: Number(q.page_size ?? REPORT_PAGE_SIZE) };
    const { rows, total } = await financeReport(ctx.db, ctx.school.schema, {
      field: q.field as ReportField, interval: q.interval as ReportInterval, start: q.start_date, end: q.end_date,
    }, page);
    return ctx.paged(rows, total);
  },
});
