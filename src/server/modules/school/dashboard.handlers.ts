import { defineHandlers } from '../../framework/calls.js';
import { mayUseModule } from '../../framework/access.js';
import { givenId } from '../fees/reports.js';
import { dashboardYear, feeFigures, feeSeries, smsFigures, storageFigures, studentFigures, topDefaulters } from './dashboard.js';

/** No admissions are recorded yet (spec 3 admissions come with the front office): the panel shows none. */
const NO_ADMISSIONS = { today: 0, week: 0, month: 0, list: [] as unknown[] };

/**
 * The admin's home (spec 3 Dashboard, GET /dashboard/admin/?ac_year_id=): the year's students,
 * fees, SMS and storage, the charts, and what an office wants first (today's collection, what is
 * pending, the top defaulters). An admin without the fees module's read permission gets no fee
 * figures (null), as their other calls to fees are refused.
 */
export default defineHandlers('school', {
  adminDashboard: async (ctx, { query }) => {
    const year = await dashboardYear(ctx.db, givenId(query.ac_year_id));
    const seesFees = await mayUseModule(ctx, 'fees');
    const [students, fees, series, defaulters, sms, storage] = await Promise.all([
      studentFigures(ctx.db, year.id),
      seesFees ? feeFigures(ctx.db, year.id) : null,
      seesFees ? feeSeries(ctx.db, year) : null,
      seesFees ? topDefaulters(ctx.db, year.id) : null,
      smsFigures(ctx.db),
      storageFigures(ctx.db),
    ]);
    return {
      ac_year: year,
      cards: {
        students: students.card,
        fees: fees && { total_amount: fees.total_amount, paid_amount: fees.paid_amount, discount_amount: fees.discount_amount, pending_amount: fees.pending_amount },
        fees_due_count: fees?.due_count ?? null,
        collected_today: fees?.collected_today ?? null,
        collected_month: fees?.collected_month ?? null,
        sms,
        storage: { ...storage, max_storage: null },
      },
      students_graph: students.graph,
      fees_graph: series,
      top_defaulters: defaulters,
      admissions: NO_ADMISSIONS,
      latest_leads: [],
      latest_admission_applications: [],
    };
  },
});
