/**
 * The Virtual Classroom card of the parent and student dashboard (spec 4 §2.8): the chosen
 * child's classes of today and the next ones, joinable from five minutes before the start, and
 * the recordings open to students. Nothing while the child is not on the access list.
 */
import type { CallCtx } from '../../framework/calls.js';
import { classQuery, joinableNow, onAccessList, shownClass, STATUS } from './reach.js';

export async function dashboardClasses(ctx: CallCtx, studentId: number, limit: number) {
  const student = await ctx.db.selectFrom('student').select(['id', 'class_id', 'ac_year_id']).where('id', '=', studentId).executeTakeFirstOrThrow();
  if (!(await onAccessList(ctx, student.id))) return { access: false, upcoming: [], recordings: [] };
  const dayStart = new Date();
  dayStart.setHours(0, 0, 0, 0);
  const base = () => classQuery(ctx).where('v.class_id', '=', student.class_id).where('v.ac_year_id', '=', student.ac_year_id);
  const upcoming = await base().where('v.status', 'in', [STATUS.NOT_STARTED, STATUS.LIVE]).where('v.end_time', '>=', dayStart)
    .orderBy('v.start_time').limit(limit).execute();
  const recordings = await base().where('v.status', '=', STATUS.STREAMING_AVAILABLE).orderBy('v.start_time', 'desc').limit(limit).execute();
  return {
    access: true,
    upcoming: upcoming.map((v) => ({ ...shownClass(v), joinable: joinableNow(v) })),
    recordings: recordings.map((v) => shownClass(v)),
  };
}
