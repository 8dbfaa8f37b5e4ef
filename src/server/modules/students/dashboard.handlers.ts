import { defineHandlers } from '../../framework/calls.js';
import { mayUseModule } from '../../framework/access.js';
import { notFound } from '../../framework/errors.js';
import { schoolDayStart, schoolToday } from '../../framework/periods.js';
import type { FamilyDashboardSections } from '../../framework/contributions.js';
import { familyDashboardSections } from '../../framework/extensions.js';

/** How many of each kind the Last 5 view shows; Today shows all of the day's, up to this many. */
const LAST = 5;
const TODAY_LIMIT = 50;

/**
 * The parent and student dashboard (spec 4 §2.8, GET /students/dashboard/{student_id}/?view=):
 * for one child, what the modules contribute (their contributes.ts, familyDashboard): the
 * announcements meant for them, the messages about them and their class's homework — set today
 * at the school, or the last five of each. A kind whose module the school has off (or the admin
 * may not read) is null.
 */
export default defineHandlers('students', {
  dashboard: async (ctx, { params, query }) => {
    const view = query.view === 'today' ? 'today' : 'last-5-entries';
    const student = await ctx.db.selectFrom('student as s').leftJoin('class as c', 'c.id', 's.class_id')
      .select(['s.id', 's.fullname', 's.admission_no', 's.class_id', 'c.class', 'c.section'])
      .where('s.id', '=', params.student_id).executeTakeFirst();
    if (!student) throw notFound('Student not found');
    const today = schoolToday();
    const since = view === 'today' ? schoolDayStart(today) : undefined;
    const limit = view === 'today' ? TODAY_LIMIT : LAST;
    const sections: Record<string, unknown> = {};
    for (const s of familyDashboardSections()) {
      sections[s.key] = await mayUseModule(ctx, s.module) ? await s.read(ctx, { student, view, today, since, limit }) : null;
    }
    return { view, date: today, student, ...(sections as { [K in keyof FamilyDashboardSections]: FamilyDashboardSections[K] | null }) };
  },
});
