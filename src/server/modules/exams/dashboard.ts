/**
 * The exams section of the family dashboard (spec 4 §2.8): for the chosen child, the exams
 * assigned to their class and year that they may still take (attempts left, or one under way),
 * and their completed attempts with the marks. The dashboard call has already admitted the child.
 */
import { EXAM_ATTEMPT_STATUS } from '../../../generated/enums/exams.js';
import type { CallCtx } from '../../framework/calls.js';
import { assignedExams, expired, reachedStudent } from './attempts.js';

const iso = (t: Date | string | null) => (t === null ? null : new Date(t).toISOString());

export async function dashboardExams(ctx: CallCtx, studentId: number, limit: number) {
  const student = await reachedStudent(ctx, studentId);
  const now = Date.now();
  const exams = await assignedExams(ctx.db, student)
    .select((eb) => eb.selectFrom('exam_question as q').whereRef('q.exam_id', '=', 'e.id').select((x) => x.fn.sum<number>('q.correct_marks').as('m')).as('total_marks'))
    .execute();
  const attempts = exams.length
    ? await ctx.db.selectFrom('exam_attempt').select(['id', 'exam_assign_id', 'status', 'deadline', 'finished_at', 'marks_obtained', 'results'])
      .where('student_id', '=', student.id).where('exam_assign_id', 'in', exams.map((e) => e.exam_assign_id)).orderBy('id').execute()
    : [];
  const upcoming = [];
  const finished = [];
  for (const e of exams) {
    const mine = attempts.filter((a) => a.exam_assign_id === e.exam_assign_id);
    const row = { id: e.id, exam_assign_id: e.exam_assign_id, name: e.name, max_duration: e.max_duration, start_time: iso(e.start_time), total_marks: Number(e.total_marks ?? 0) };
    for (const a of mine.filter((x) => x.status === EXAM_ATTEMPT_STATUS.COMPLETED)) {
      finished.push({ ...row, attempt_id: a.id, finished_at: iso(a.finished_at), marks_obtained: a.marks_obtained, results: a.results });
    }
    // An attempt past its deadline is closed (by the job or the next look), so it is no longer under way.
    const under = mine.find((a) => a.status === EXAM_ATTEMPT_STATUS.IN_PROGRESS && !expired(a, now));
    // Every attempt made counts against the assignment's maximum, as at the start.
    const left = Math.max(0, (e.max_attempts ?? 1) - mine.length);
    if (under || left > 0) {
      upcoming.push({ ...row, open: !e.start_time || new Date(e.start_time).getTime() <= now, attempt_id: under?.id ?? null, attempts_left: left });
    }
  }
  upcoming.sort((x, y) => new Date(x.start_time ?? 0).getTime() - new Date(y.start_time ?? 0).getTime());
  finished.sort((x, y) => new Date(y.finished_at ?? 0).getTime() - new Date(x.finished_at ?? 0).getTime());
  return { upcoming: upcoming.slice(0, limit), finished: finished.slice(0, limit) };
}
