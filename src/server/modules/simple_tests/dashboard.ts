/**
 * The simple tests section of the family dashboard (spec 4 §2.8): for the chosen child, the tests
 * of their class and year still open to them (one under way, or one they may start today or
 * later, never submitted), and their submitted solutions, with the marks once replied. The
 * dashboard call has already admitted the child.
 */
import type { CallCtx } from '../../framework/calls.js';
import { SOLUTION_STATUS as STATUS } from '../../../generated/enums/simple_tests.js';
import { attemptView, startBlock } from './family.js';
import { iso, testDetails } from './rows.js';

export async function dashboardSimpleTests(ctx: CallCtx, studentId: number, limit: number) {
  const student = await ctx.db.selectFrom('student').select(['id', 'class_id', 'ac_year_id']).where('id', '=', studentId).executeTakeFirstOrThrow();
  const now = new Date();
  const tests = await testDetails(ctx.db).where('t.class_id', '=', student.class_id).where('t.ac_year_id', '=', student.ac_year_id)
    .orderBy('t.start_time', (o) => o.desc().nullsLast()).orderBy('t.id', 'desc').limit(200).execute();
  const attempts = tests.length
    ? await ctx.db.selectFrom('simple_test_solution').selectAll().where('student_id', '=', student.id)
      .where('test_id', 'in', tests.map((t) => t.id)).orderBy('start_time').orderBy('id').execute()
    : [];
  const upcoming = [];
  const finished = [];
  for (const t of tests) {
    const mine = attempts.filter((a) => a.test_id === t.id).map((a) => attemptView(a, t.duration, now));
    const row = { id: t.id, test_name: t.test_name, subject: t.subject, duration: t.duration, start_time: iso(t.start_time), max_marks: t.max_marks, pass_marks: t.pass_marks };
    const sent = mine.filter((a) => a.status === STATUS.AWAITING_REPLY || a.status === STATUS.REPLIED);
    for (const a of sent) finished.push({ ...row, attempt_id: a.id, status: a.status, end_time: a.end_time, marks_obtained: a.marks_obtained });
    const under = mine.find((a) => a.open);
    const block = startBlock(mine, t.start_time, now);
    // Still to do: one under way, or none sent yet and a start allowed now or later today.
    if (under || (!sent.length && (block === null || block === 'early'))) {
      upcoming.push({ ...row, open: !!under || block === null, attempt_id: under?.id ?? null, ends_at: under?.ends_at ?? null });
    }
  }
  upcoming.sort((x, y) => new Date(x.start_time ?? 0).getTime() - new Date(y.start_time ?? 0).getTime());
  finished.sort((x, y) => new Date(y.end_time ?? 0).getTime() - new Date(x.end_time ?? 0).getTime());
  return { upcoming: upcoming.slice(0, limit), finished: finished.slice(0, limit) };
}
