import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { items } from '../../framework/items.js';
import { enqueue } from '../../framework/jobs.js';
import { inTransaction } from '../../framework/service.js';
import { SCHOOL_TZ } from '../../framework/periods.js';
import { ATTEMPT_STATUS } from '../../../generated/enums/online_tests.js';
import { answersOf, answerView, closeAttempt, isFinished } from './attempts.js';
import { deadlineOf, isPast, secondsLeft } from './clock.js';
import { fullMarks, passes } from './marking.js';
import { startedTestQuestions, studentView } from './questions.js';
import { answerTogether, submitTogether, type AnswerInput } from './submissions.js';
import { assignedTests, attemptsOf, hasStarted, studentOf } from './student.js';

/** The test as assigned to the student's class, else the call's 'Test not found' (404). */
async function assignedTest(ctx: CallCtx, studentId: number, testId: number) {
  const student = await studentOf(ctx, studentId);
  const [test] = await assignedTests(ctx, student.class_id, testId);
  if (!test) throw ctx.fail('noTest', 404);
  return { student, test };
}

/** What a student taking a test is handed: its questions without answers, the saved answers and the time left by the server's clock. */
async function sheet(ctx: CallCtx, attempt: { id: number; test_id: number; start_time: string | Date; deadline: string | Date }, test: { id: number; duration: number }) {
  const questions = await startedTestQuestions(ctx, attempt.test_id);
  const saved = await answersOf(ctx, attempt.id);
  return {
    id: attempt.id, attempt_id: attempt.id, test_id: test.id, start_time: attempt.start_time, deadline: attempt.deadline,
    duration: test.duration, seconds_left: secondsLeft(attempt.deadline),
    questions: questions.map(studentView),
    answers: questions.filter((q) => saved.has(q.id)).map((q) => answerView(saved.get(q.id)!, q)),
  };
}

export default defineHandlers('online-test-attempts', {
  // The tests of the child's class with the child's attempt at each (spec 4 §7).
  tests: async (ctx, { params }) => {
    const student = await studentOf(ctx, params.student_id);
    const tests = await assignedTests(ctx, student.class_id);
    const attempts = await attemptsOf(ctx, student.id, tests);
    return tests.map((t) => {
      const mine = attempts.filter((a) => a.assign_id === t.assign_id);
      return { ...t, attempts: mine, can_start: hasStarted(t.start_time) && !mine.some((a) => a.submitted) };
    });
  },

  attempts: async (ctx, { params }) => {
    const { student, test } = await assignedTest(ctx, params.student_id, params.test_id);
    const attempts = await attemptsOf(ctx, student.id, [test]);
    return { test, attempts, can_start: hasStarted(test.start_time) && !attempts.some((a) => a.submitted) };
  },

  /*
   * Starts the attempt, from the assignment's start time on. "Start only if no attempt exists"
   * (spec 4 §4): a finished attempt blocks another; an open one (the same student on another
   * device) is resumed, with its saved answers and the time the server's clock leaves.
   */
  start: async (ctx, { params }) => {
    const { student, test } = await assignedTest(ctx, params.student_id, params.test_id);
    const out = await inTransaction(ctx, async (tx) => {
      // Starts of the same assignment one at a time, so two devices cannot make two attempts.
      await tx.db.selectFrom('ot_assign').select('id').where('id', '=', test.assign_id).forUpdate().executeTakeFirstOrThrow();
      const existing = await tx.db.selectFrom('ot_attempt').selectAll().where('assign_id', '=', test.assign_id).where('student_id', '=', student.id).executeTakeFirst();
      if (existing) {
        if (existing.status === ATTEMPT_STATUS.ONGOING && isPast(existing.deadline)) {
          await closeAttempt(tx, existing, { status: ATTEMPT_STATUS.INCOMPLETE, by: null });
          return { taken: true as const };
        }
        if (isFinished(existing.status)) return { taken: true as const };
        return { resumed: true as const, attempt: existing };
      }
      if (!hasStarted(test.start_time)) {
        const time = new Date(test.start_time!).toLocaleString('en-IN', { timeZone: SCHOOL_TZ, dateStyle: 'medium', timeStyle: 'short' });
        throw ctx.fail('notYet', 403, { time });
      }
      if (!test.questions) throw ctx.fail('noQuestions');
      const start = new Date();
      const attempt = await items(tx, 'online-test-attempts').create({
        assign_id: test.assign_id, test_id: test.id, student_id: student.id, class_id: student.class_id!, start_time: start.toISOString(),
        deadline: deadlineOf(start, test.duration).toISOString(), end_time: null, status: ATTEMPT_STATUS.ONGOING, marks_obtained: null,
        duration: null, started_by: ctx.user.id, submitted_by: null,
      }, { action: 'start' });
      return { resumed: false as const, attempt };
    });
    // Refused only after the transaction, so an attempt found past its deadline stays closed.
    if ('taken' in out) throw ctx.fail('taken', 409);
    if (!out.resumed) {
      // The attempt is closed at its deadline even if the student never comes back; the job's sweep covers a lost task.
      await enqueue('online_tests.close', { school: ctx.school.code, attempt_id: out.attempt.id }, { delayMs: Math.max(0, new Date(out.attempt.deadline).getTime() - Date.now() + 1000) }).catch(() => {});
    }
    return ctx.answer(await sheet(ctx, out.attempt, test), out.resumed ? 'resumed' : 'started');
  },

  // Saves the answers sent (those saved before and not sent stay) and closes the attempt with its marks.
  submit: async (ctx, { params, body }) => {
    if (body.student_id !== undefined && body.student_id !== params.student_id) throw ctx.fail('student');
    const target = { studentId: params.student_id, testId: params.test_id, attemptId: body.attempt_id };
    const closed = await submitTogether(ctx, { ...target, answers: body.answers as AnswerInput[], duration: body.duration ?? null });
    return {
      attempt_id: closed.id, status: closed.status, marks_obtained: closed.marks_obtained, total_marks: fullMarks(await startedTestQuestions(ctx, params.test_id)),
      pass_marks: closed.pass_marks, passed: passes(closed.marks_obtained ?? null, closed.pass_marks), pending: closed.pending, end_time: closed.end_time,
    };
  },

  // One answer as it changes: stored again as often as sent (the same answer, the same row), until the deadline.
  answer: async (ctx, { params, body }) => {
    const { row, q, attempt } = await answerTogether(ctx, { studentId: params.student_id, testId: params.test_id, attemptId: params.attempt_id, given: body as AnswerInput });
    return {
      answer: answerView({ ...row, answer: row.answer ?? null, option_ids: (row.option_ids ?? []) as number[], files: (row.files ?? []) as unknown[], saved_at: row.saved_at ?? null }, q),
      seconds_left: secondsLeft(attempt.deadline),
    };
  },
});
