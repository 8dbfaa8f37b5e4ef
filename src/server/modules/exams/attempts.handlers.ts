import { EXAM_ATTEMPT_STATUS } from '../../../generated/enums/exams.js';
import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { inTransaction } from '../../framework/service.js';
import { items } from '../../framework/items.js';
import { assignedExams, closeAttempt, examQuestions, expired, openAttempt, reachedStudent, type AttemptRow } from './attempts.js';
import type { Answers } from './marking.js';

/**
 * Legacy exams, the family side (spec 4 §7 'Legacy exams (student)'). The declared scope has
 * admitted the student (a parent's own child); each call also finds the exam among those
 * assigned to the child's class and year, else 404.
 */

const OPEN = EXAM_ATTEMPT_STATUS.IN_PROGRESS;
const secondsLeft = (a: Pick<AttemptRow, 'deadline'>) => Math.max(0, Math.floor((new Date(a.deadline).getTime() - Date.now()) / 1000));

/** The child's assignment `assignId` (or of exam `examId`), else 404. */
async function assignment(ctx: CallCtx, studentId: number, by: { assignId?: number; examId?: number }) {
  const student = await reachedStudent(ctx, studentId);
  let qb = assignedExams(ctx.db, student);
  if (by.assignId !== undefined) qb = qb.where('ea.id', '=', by.assignId);
  if (by.examId !== undefined) qb = qb.where('e.id', '=', by.examId);
  const row = await qb.orderBy('ea.id', 'desc').executeTakeFirst();
  if (!row) throw ctx.fail('notAssigned', 404);
  return { student, exam: row };
}

/** The answers a payload gives, checked against the exam's questions. */
async function answersOf(ctx: CallCtx, examId: number, given: Array<{ id: number; answer?: number | null }>): Promise<Answers> {
  const questions = await examQuestions(ctx.db, examId);
  const byId = new Map(questions.map((q) => [q.id, q]));
  const out: Answers = {};
  for (const g of given) {
    const q = byId.get(g.id);
    if (!q) throw ctx.fail('unknownQuestion');
    const a = g.answer ?? null;
    if (a !== null && a >= q.options.length) throw ctx.fail('badAnswer');
    out[String(g.id)] = a;
  }
  return out;
}

/**
 * Runs `work` on the open attempt, locked. An attempt whose time is over is closed and marked
 * with what was saved, committed, and the call is refused as late.
 */
async function onOpenAttempt<T>(ctx: CallCtx, assignId: number, studentId: number, work: (tx: CallCtx, a: AttemptRow) => Promise<T>): Promise<T> {
  const out = await inTransaction(ctx, async (tx) => {
    const open = await openAttempt(tx.db, assignId, studentId);
    if (!open) throw tx.fail('notOpen', 409);
    if (expired(open)) {
      await closeAttempt(tx, open, 'completed');
      return { late: true as const };
    }
    return { late: false as const, value: await work(tx, open) };
  });
  if (out.late) throw ctx.fail('late', 409);
  return out.value;
}

/** An attempt as the family reads it. */
const ATTEMPT_COLUMNS = ['id', 'timestamp', 'deadline', 'finished_at', 'marks_obtained', 'duration', 'status', 'results'] as const;

export default defineHandlers('exam-attempts', {
  list: async (ctx, { params }) => {
    const student = await reachedStudent(ctx, params.student_id);
    const rows = await assignedExams(ctx.db, student)
      .select((eb) => [
        eb.selectFrom('exam_attempt as t').whereRef('t.exam_assign_id', '=', 'ea.id').where('t.student_id', '=', student.id)
          .select((x) => x.fn.countAll<number>().as('n')).as('attempts'),
        eb.selectFrom('exam_question as q').whereRef('q.exam_id', '=', 'e.id').select((x) => x.fn.countAll<number>().as('n')).as('questions'),
      ])
      .orderBy('e.start_time', 'desc').orderBy('ea.id', 'desc').execute();
    return rows.map((r) => ({ ...r, attempts: Number(r.attempts ?? 0), questions: Number(r.questions ?? 0) }));
  },

  // Starts an attempt, or goes on with the one under way (a reload spends no attempt).
  start: async (ctx, { params }) => {
    const { student, exam } = await assignment(ctx, params.student_id, { examId: params.exam_id });
    if (exam.start_time && new Date(exam.start_time).getTime() > Date.now()) throw ctx.fail('notYet', 409);
    const questions = await ctx.db.selectFrom('exam_question')
      .select(['id', 'question_type', 'question', 'options', 'correct_marks', 'incorrect_marks', 'no_answer_marks'])
      .where('exam_id', '=', exam.id).orderBy('id').execute();
    if (!questions.length) throw ctx.fail('noQuestions', 409);
    const attempt = await inTransaction(ctx, async (tx) => {
      // The assignment's lock makes two starts at once count each other.
      await tx.db.selectFrom('exam_assign').select('id').where('id', '=', exam.exam_assign_id).forUpdate().execute();
      let open = await openAttempt(tx.db, exam.exam_assign_id, student.id);
      if (open && expired(open)) {
        await closeAttempt(tx, open, 'completed');
        open = undefined;
      }
      if (open) return open;
      const made = await tx.db.selectFrom('exam_attempt').select((x) => x.fn.countAll<number>().as('n'))
        .where('exam_assign_id', '=', exam.exam_assign_id).where('student_id', '=', student.id).executeTakeFirstOrThrow();
      if (Number(made.n) >= (exam.max_attempts ?? 1)) return null;
      const now = Date.now();
      const row = await items(tx, 'exam-attempts').create({
        exam_assign_id: exam.exam_assign_id, student_id: student.id, status: OPEN, answers: {},
        timestamp: new Date(now).toISOString(), deadline: new Date(now + exam.max_duration * 1000).toISOString(), user_id: tx.user.id,
      }, { action: 'start' });
      return row as unknown as AttemptRow;
    });
    if (!attempt) throw ctx.fail('used', 409);
    return {
      attempt_id: attempt.id, exam_assign_id: exam.exam_assign_id,
      exam: { id: exam.id, name: exam.name, description: exam.description, max_duration: exam.max_duration },
      started: new Date(attempt.timestamp).toISOString(), deadline: new Date(attempt.deadline).toISOString(), remaining: secondsLeft(attempt),
      answers: (attempt.answers ?? {}) as Answers,
      questions: questions.map((q, index) => ({ ...q, index })),
    };
  },

  submit: async (ctx, { body }) => {
    const { student, exam } = await assignment(ctx, body.student_id, { assignId: body.exam_assign_id });
    return onOpenAttempt(ctx, exam.exam_assign_id, student.id, async (tx, open) => {
      const given = await answersOf(tx, exam.id, body.questions);
      const result = (await closeAttempt(tx, open, 'completed', { ...((open.answers ?? {}) as Answers), ...given }))!;
      return { attempt_id: open.id, marks_obtained: result.marks_obtained, results: result.results };
    });
  },

  save: async (ctx, { params, body }) => {
    const { student, exam } = await assignment(ctx, params.student_id, { assignId: params.exam_assign_id });
    return onOpenAttempt(ctx, exam.exam_assign_id, student.id, async (tx, open) => {
      const given = await answersOf(tx, exam.id, body.questions);
      await items(tx, 'exam-attempts').update(open.id, { answers: { ...((open.answers ?? {}) as Answers), ...given } }, { action: 'save' });
      return { attempt_id: open.id, remaining: secondsLeft(open) };
    });
  },

  attempts: async (ctx, { params }) => {
    const { student, exam } = await assignment(ctx, params.student_id, { assignId: params.exam_assign_id });
    // An attempt whose time is over reads as closed and marked, whether or not the job has come by.
    await inTransaction(ctx, async (tx) => {
      const open = await openAttempt(tx.db, exam.exam_assign_id, student.id);
      if (open && expired(open)) await closeAttempt(tx, open, 'completed');
    });
    const rows = await ctx.db.selectFrom('exam_attempt').select(ATTEMPT_COLUMNS)
      .where('exam_assign_id', '=', exam.exam_assign_id).where('student_id', '=', student.id).orderBy('id', 'desc').execute();
    return rows.map((r) => ({ ...r, remaining: r.status === OPEN ? secondsLeft(r) : null }));
  },

  // EXIT, or leaving fullscreen: the attempt under way ends without marks (spec 4 §4).
  forfeit: async (ctx, { params }) => {
    const { student, exam } = await assignment(ctx, params.student_id, { assignId: params.exam_assign_id });
    return onOpenAttempt(ctx, exam.exam_assign_id, student.id, async (tx, open) => {
      await closeAttempt(tx, open, 'forfeited');
      return { attempt_id: open.id, status: EXAM_ATTEMPT_STATUS.DID_NOT_COMPLETE };
    });
  },
});
