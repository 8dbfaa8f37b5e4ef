/**
 * A family's view of simple tests (spec 4 §2.5, §7): the tests of one of their own student's
 * class and year, each with that student's attempts. The paper's files are answered only once
 * the student has started an attempt, so nobody reads the paper before the clock runs.
 */
import type { CallCtx } from '../../framework/calls.js';
import { SOLUTION_STATUS as STATUS } from '../../../generated/enums/simple_tests.js';
import { attemptClock, MAX_ATTEMPTS, shownStatus, startRefusal } from './clock.js';
import { reachedStudent } from './reach.js';
import { iso, testDetails } from './rows.js';

type Attempt = {
  id: number; test_id: number; status: number; start_time: Date; end_time: Date | null; student_files: unknown; student_remarks: string | null;
  marks_obtained: number | null; teacher_remarks: string | null; teacher_files: unknown; replied_at: Date | null;
};

/** An attempt as the family sees it: the server's clock of an open one, its solution and the reply. */
export function attemptView(a: Attempt, duration: number, now = new Date()) {
  const clock = attemptClock(a.start_time, duration, now);
  const open = a.status === STATUS.IN_PROGRESS && clock.open;
  return {
    id: a.id, st_test_solution_id: a.id, test_id: a.test_id, status: shownStatus(a, duration, now), open,
    start_time: iso(a.start_time)!, end_time: iso(a.end_time), ends_at: clock.ends_at, submit_by: clock.submit_by,
    remaining_seconds: open ? clock.remaining_seconds : 0, upload_seconds: open ? clock.upload_seconds : 0,
    student_files: a.student_files, student_remarks: a.student_remarks,
    marks_obtained: a.marks_obtained, teacher_remarks: a.teacher_remarks, teacher_files: a.teacher_files, replied_at: iso(a.replied_at),
  };
}

/** Why Start would be refused now (the declared error's key), or null: the server's own rule, shown before the tap. */
export function startBlock(attempts: ReadonlyArray<{ open: boolean }>, startTime: Date | string | null, now = new Date()) {
  if (attempts.some((a) => a.open)) return null;
  if (attempts.length >= MAX_ATTEMPTS) return 'twice' as const;
  return startRefusal(startTime, now);
}

const START_TEXTS = { twice: 'You have already attempted twice', early: 'Test not yet started!', late: "You are late, you can't take the test now!" } as const;

async function attemptsOf(ctx: CallCtx, studentId: number, testIds: number[]) {
  if (!testIds.length) return [];
  return ctx.db.selectFrom('simple_test_solution').selectAll().where('student_id', '=', studentId).where('test_id', 'in', testIds)
    .orderBy('start_time').orderBy('id').execute() as Promise<Attempt[]>;
}

/** GET /simple/tests/{student_id}/: the student's class's tests of their year, newest start first, with their attempts. */
export async function familyTests(ctx: CallCtx, studentId: number) {
  const student = await reachedStudent(ctx, studentId);
  const now = new Date();
  const tests = await testDetails(ctx.db).where('t.class_id', '=', student.class_id).where('t.ac_year_id', '=', student.ac_year_id)
    .orderBy('t.start_time', (o) => o.desc().nullsLast()).orderBy('t.id', 'desc').limit(200).execute();
  const attempts = await attemptsOf(ctx, student.id, tests.map((t) => t.id));
  return tests.map(({ files: _paper, evaluator_user_id: _login, ...t }) => {
    const mine = attempts.filter((a) => a.test_id === t.id).map((a) => attemptView(a, t.duration, now));
    const block = startBlock(mine, t.start_time, now);
    return { ...t, start_time: iso(t.start_time), timestamp: iso(t.timestamp), attempts: mine, start_block: block && START_TEXTS[block] };
  });
}

/** GET /simple/test/{test_id}/details/{student_id}/: one test of the student's class and year, else 'Test not found'. */
export async function familyTest(ctx: CallCtx, studentId: number, testId: number) {
  const student = await reachedStudent(ctx, studentId);
  const now = new Date();
  const t = await testDetails(ctx.db).where('t.id', '=', testId).where('t.class_id', '=', student.class_id)
    .where('t.ac_year_id', '=', student.ac_year_id).executeTakeFirst();
  if (!t) throw ctx.fail('missing', 404);
  const attempts = (await attemptsOf(ctx, student.id, [t.id])).map((a) => attemptView(a, t.duration, now));
  const block = startBlock(attempts, t.start_time, now);
  const { evaluator_user_id: _login, ...test } = t;
  return {
    ...test, start_time: iso(t.start_time), timestamp: iso(t.timestamp),
    files: attempts.length ? t.files : [],
    attempts, start_block: block && START_TEXTS[block],
    student: { id: student.id, fullname: student.fullname },
  };
}
