/**
 * A family's view of online tests (spec 4 §3 "Online test (student view)"): the tests assigned to
 * the class of one of their own children, each with that child's attempt. The student is checked
 * by the calls' declared scope (a parent's own children only) before any of this runs.
 */
import type { Ctx } from '../../framework/context.js';
import { ATTEMPT_STATUS } from '../../../generated/enums/online_tests.js';
import { closeExpired, isFinished } from './attempts.js';
import { secondsLeft } from './clock.js';
import { passes } from './marking.js';

export async function studentOf(ctx: Ctx, studentId: number) {
  return ctx.db.selectFrom('student').select(['id', 'class_id', 'fullname', 'user_id']).where('id', '=', studentId).executeTakeFirstOrThrow();
}

/** The assignments of the student's class, with the test and its full marks; of one test when named. */
export async function assignedTests(ctx: Ctx, classId: number | null, testId?: number) {
  let qb = ctx.db.selectFrom('ot_assign as a').innerJoin('ot_test as t', 't.id', 'a.test_id')
    .leftJoin('class as c', 'c.id', 'a.class_id').leftJoin('subject as sub', 'sub.id', 'a.subject_id')
    .select(['t.id', 'a.id as assign_id', 't.name', 't.category', 'c.class', 'c.section', 'sub.name as subject', 'a.subject_id',
      'a.pass_marks', 'a.duration', 'a.start_time'])
    .select((eb) => [
      eb.selectFrom('ot_test_question as tq').innerJoin('ot_question as q', 'q.id', 'tq.question_id').whereRef('tq.test_id', '=', 't.id')
        .select((e) => e.fn.sum<number>('q.correct_marks').as('m')).as('total_marks'),
      eb.selectFrom('ot_test_question as tq').whereRef('tq.test_id', '=', 't.id').select((e) => e.fn.countAll<number>().as('n')).as('questions'),
    ])
    .where('a.class_id', '=', classId ?? -1);
  if (testId !== undefined) qb = qb.where('t.id', '=', testId);
  const rows = await qb.orderBy('a.start_time', 'desc').orderBy('a.id', 'desc').execute();
  return rows.map((r) => ({ ...r, total_marks: Math.round(Number(r.total_marks ?? 0) * 100) / 100, questions: Number(r.questions ?? 0) }));
}

/** A student's attempts at some assignments (expired ones closed first), as the student reads them. */
export async function attemptsOf(ctx: Ctx, studentId: number, assigns: Array<{ assign_id: number; pass_marks: number | null }>) {
  if (!assigns.length) return [];
  const ids = assigns.map((a) => a.assign_id);
  const open = await ctx.db.selectFrom('ot_attempt').select('assign_id').where('student_id', '=', studentId).where('assign_id', 'in', ids)
    .where('status', '=', ATTEMPT_STATUS.ONGOING).where('deadline', '<', new Date()).execute();
  for (const o of open) await closeExpired(ctx, o.assign_id);
  const rows = await ctx.db.selectFrom('ot_attempt').select(['id', 'assign_id', 'test_id', 'start_time', 'end_time', 'deadline', 'marks_obtained', 'status', 'duration'])
    .where('student_id', '=', studentId).where('assign_id', 'in', ids).orderBy('id').execute();
  return rows.map((r) => {
    const done = isFinished(r.status);
    const pass = assigns.find((a) => a.assign_id === r.assign_id)!.pass_marks;
    return {
      id: r.id, attempt_id: r.id, assign_id: r.assign_id, test_id: r.test_id, start_time: r.start_time, end_time: r.end_time,
      status: r.status, submitted: done, marks_obtained: done ? r.marks_obtained : null, passed: done ? passes(r.marks_obtained, pass) : null,
      seconds_left: done ? 0 : secondsLeft(r.deadline), deadline: r.deadline, duration: r.duration,
    };
  });
}

/** Whether the assignment may be started now: at or after its start time (none: at once). */
export const hasStarted = (startTime: string | Date | null, now = new Date()) => !startTime || new Date(startTime).getTime() <= now.getTime();

/**
 * The family dashboard's online tests for one child: those still to take (upcoming or open now)
 * and the latest finished, with marks.
 */
export async function dashboardTests(ctx: Ctx, studentId: number, limit: number) {
  const student = await studentOf(ctx, studentId);
  const tests = await assignedTests(ctx, student.class_id);
  const attempts = await attemptsOf(ctx, student.id, tests);
  const upcoming = [];
  const finished = [];
  for (const t of tests) {
    const a = attempts.find((x) => x.assign_id === t.assign_id);
    const row = { id: t.id, assign_id: t.assign_id, name: t.name, category: t.category, subject: t.subject, duration: t.duration, start_time: t.start_time, total_marks: t.total_marks, pass_marks: t.pass_marks };
    if (a?.submitted) finished.push({ ...row, attempt_id: a.id, end_time: a.end_time, marks_obtained: a.marks_obtained, passed: a.passed, status: a.status });
    else upcoming.push({ ...row, open: hasStarted(t.start_time), attempt_id: a?.id ?? null, seconds_left: a ? a.seconds_left : null });
  }
  upcoming.sort((x, y) => new Date(x.start_time ?? 0).getTime() - new Date(y.start_time ?? 0).getTime());
  finished.sort((x, y) => new Date(y.end_time ?? 0).getTime() - new Date(x.end_time ?? 0).getTime());
  return { upcoming: upcoming.slice(0, limit), finished: finished.slice(0, limit) };
}
