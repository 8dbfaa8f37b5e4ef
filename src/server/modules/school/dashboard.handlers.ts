import { defineHandlers } from '../../framework/calls.js';
import { mayUseModule } from '../../framework/access.js';
import type { AdminDashboardSections } from '../../framework/contributions.js';
import { adminDashboardSections } from '../../framework/extensions.js';
import { givenId } from '../../platform/query-text.js';
import { admissionFigures, dashboardYear, feeFigures, feeSeries, smsFigures, storageFigures, studentFigures, topDefaulters } from './dashboard.js';

/**
 * The admin's home (spec 3 Dashboard, GET /dashboard/admin/?ac_year_id=): the year's students,
 * fees, SMS and storage, the charts, and what an office wants first (today's collection, what is
 * pending, the top defaulters), the admissions panel (students admitted today, this week, this
 * month and the last ten), and the lists other modules add (their contributes.ts, adminDashboard:
 * the latest leads and applications). An admin without a module's read permission gets none of its
 * figures (null for fees, an empty list for a contributed section), as their other calls to it
 * are refused.
 */
export default defineHandlers('school', {
  adminDashboard: async (ctx, { query }) => {
    const year = await dashboardYear(ctx.db, givenId(query.ac_year_id));
    const [seesFees, seesStudents] = await Promise.all([mayUseModule(ctx, 'fees'), mayUseModule(ctx, 'students')]);
    const [students, fees, series, defaulters, sms, storage, admissions, sections] = await Promise.all([
      studentFigures(ctx.db, year.id),
      seesFees ? feeFigures(ctx.db, year.id) : null,
      seesFees ? feeSeries(ctx.db, year) : null,
      seesFees ? topDefaulters(ctx.db, year.id) : null,
      smsFigures(ctx.db),
      storageFigures(ctx.db),
      seesStudents ? admissionFigures(ctx.db) : { today: 0, week: 0, month: 0, list: [] as Awaited<ReturnType<typeof admissionFigures>>['list'] },
      Promise.all(adminDashboardSections().map(async (s) => [s.key, await mayUseModule(ctx, s.module) ? await s.read(ctx) : []] as const)),
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
      admissions,
      ...(Object.fromEntries(sections) as { [K in keyof AdminDashboardSections]: AdminDashboardSections[K] }),
    };
  },
});
