import { defineHandlers } from '../../framework/calls.js';
import { mayUseModule } from '../../framework/access.js';
import { givenId } from '../../platform/query-text.js';
import { latestApplications } from '../admissions/applications-dashboard.js';
import { latestLeads } from '../admissions/leads-dashboard.js';
import { admissionFigures, dashboardYear, feeFigures, feeSeries, smsFigures, storageFigures, studentFigures, topDefaulters } from './dashboard.js';

/**
 * The admin's home (spec 3 Dashboard, GET /dashboard/admin/?ac_year_id=): the year's students,
 * fees, SMS and storage, the charts, and what an office wants first (today's collection, what is
 * pending, the top defaulters), the admissions panel (students admitted today, this week, this
 * month and the last ten) and the latest leads and applications. An admin without a module's read
 * permission gets none of its figures (null for fees, empty lists for admissions), as their other
 * calls to it are refused.
 */
export default defineHandlers('school', {
  adminDashboard: async (ctx, { query }) => {
    const year = await dashboardYear(ctx.db, givenId(query.ac_year_id));
    const [seesFees, seesStudents, seesAdmissions] = await Promise.all([mayUseModule(ctx, 'fees'), mayUseModule(ctx, 'students'), mayUseModule(ctx, 'admissions')]);
    const [students, fees, series, defaulters, sms, storage, admissions, leads, applications] = await Promise.all([
      studentFigures(ctx.db, year.id),
      seesFees ? feeFigures(ctx.db, year.id) : null,
      seesFees ? feeSeries(ctx.db, year) : null,
      seesFees ? topDefaulters(ctx.db, year.id) : null,
      smsFigures(ctx.db),
      storageFigures(ctx.db),
      seesStudents ? admissionFigures(ctx.db) : { today: 0, week: 0, month: 0, list: [] as Awaited<ReturnType<typeof admissionFigures>>['list'] },
      seesAdmissions ? latestLeads(ctx.db) : [] as Awaited<ReturnType<typeof latestLeads>>,
      seesAdmissions ? latestApplications(ctx.db) : [] as Awaited<ReturnType<typeof latestApplications>>,
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
      latest_leads: leads,
      latest_admission_applications: applications,
    };
  },
});
