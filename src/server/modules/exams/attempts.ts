/**
 * A family's attempts at legacy exams (spec 4 §4 'Legacy exam taking'), on the server's clock:
 * an attempt starts when the questions are fetched and may be submitted until its deadline
 * (start plus the exam's duration) and a short grace for a submission on its way. After that it
 * is closed and marked with the answers saved so far, by whichever comes first: the exams job,
 * a late submission, or the family's next look at the exam.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../../generated/db.js';
import { EXAM_ATTEMPT_STATUS } from '../../../generated/enums/exams.js';
import type { Ctx } from '../../framework/context.js';
import { items } from '../../framework/items.js';
import { inTransaction } from '../../framework/service.js';
import { notFound } from '../../framework/errors.js';
import type { CallCtx } from '../../framework/calls.js';
import { markAttempt, type Answers, type ExamResult } from './marking.js';

/** How long after its deadline an attempt's submission is still taken (the last request on a slow phone). */
export const GRACE_MS = 30_000;

const OPEN = EXAM_ATTEMPT_STATUS.IN_PROGRESS;

/** The student if the person reaches them (their own child), else 404. */
export async function reachedStudent(ctx: CallCtx, studentId: number) {
  const row = await ctx.scoped('students', 'st').select(['st.id', 'st.class_id', 'st.ac_year_id']).where('st.id', '=', studentId).executeTakeFirst();
  if (!row) throw notFound('Student not found');
  return row as { id: number; class_id: number | null; ac_year_id: number | null };
}

/** The exams assigned to the student's class for the student's academic year, with the assignment's terms. */
export function assignedExams(db: Kysely<DB>, student: { class_id: number | null; ac_year_id: number | null }) {
  return db.selectFrom('exam_assign as ea')
    .innerJoin('exam as e', 'e.id', 'ea.exam_id')
    .select(['e.id', 'e.name', 'e.description', 'e.max_duration', 'e.start_time', 'ea.id as exam_assign_id', 'ea.max_attempts', 'e.timestamp'])
    .where('ea.class_id', '=', student.class_id ?? -1)
    .where('ea.ac_year_id', '=', student.ac_year_id ?? -1);
}

export type AttemptRow = { id: number; exam_assign_id: number; student_id: number; timestamp: Date; deadline: Date; status: number; answers: unknown };

/** The exam's questions as marking needs them. */
export const examQuestions = (db: Kysely<DB>, examId: number) => db.selectFrom('exam_question')
  .select(['id', 'answer', 'options', 'correct_marks', 'incorrect_marks', 'no_answer_marks'])
  .where('exam_id', '=', examId).orderBy('id').execute()
  .then((rows) => rows.map((q) => ({ ...q, options: (q.options ?? []) as unknown[] })));

/** Whether the attempt's time, grace included, is over at `now`. */
export const expired = (a: Pick<AttemptRow, 'deadline'>, now = Date.now()) => now > new Date(a.deadline).getTime() + GRACE_MS;

/**
 * Closes an open attempt and marks it with `answers` (the ones saved, unless a submission
 * brings its own): completed, or forfeited (no marks). The caller holds the attempt's lock.
 */
export async function closeAttempt(ctx: Ctx, attempt: AttemptRow, how: 'completed' | 'forfeited', answers?: Answers): Promise<ExamResult | null> {
  const assign = await ctx.db.selectFrom('exam_assign').select(['exam_id']).where('id', '=', attempt.exam_assign_id).executeTakeFirstOrThrow();
  const started = new Date(attempt.timestamp).getTime();
  const end = Math.min(Date.now(), new Date(attempt.deadline).getTime());
  const duration = Math.max(0, Math.round((end - started) / 1000));
  if (how === 'forfeited') {
    await items(ctx, 'exam-attempts').update(attempt.id, {
      status: EXAM_ATTEMPT_STATUS.DID_NOT_COMPLETE, finished_at: new Date().toISOString(), duration, marks_obtained: null, results: null,
    }, { action: 'forfeit' });
    return null;
  }
  const given = answers ?? ((attempt.answers ?? {}) as Answers);
  const result = markAttempt(await examQuestions(ctx.db, assign.exam_id), given);
  await items(ctx, 'exam-attempts').update(attempt.id, {
    status: EXAM_ATTEMPT_STATUS.COMPLETED, finished_at: new Date().toISOString(), duration,
    answers: given, marks_obtained: result.marks_obtained, results: result.results,
  }, { action: answers ? 'submit' : 'close' });
  return result;
}

/** The open attempt of a student at an assignment, locked, if any. */
export const openAttempt = (db: Kysely<DB>, assignId: number, studentId: number) => db.selectFrom('exam_attempt')
  .select(['id', 'exam_assign_id', 'student_id', 'timestamp', 'deadline', 'status', 'answers'])
  .where('exam_assign_id', '=', assignId).where('student_id', '=', studentId).where('status', '=', OPEN)
  .orderBy('id', 'desc').forUpdate().executeTakeFirst() as Promise<AttemptRow | undefined>;

/** Closes and marks every open attempt of the school whose time is over; answers how many. */
export async function closeExpiredAttempts(ctx: Ctx): Promise<number> {
  const cutoff = new Date(Date.now() - GRACE_MS);
  const due = await ctx.db.selectFrom('exam_attempt').select('id').where('status', '=', OPEN).where('deadline', '<', cutoff).execute();
  let n = 0;
  for (const { id } of due) {
    n += await inTransaction(ctx, async (tx) => {
      // Locked and read again: a submission may have closed it meanwhile.
      const a = await tx.db.selectFrom('exam_attempt').select(['id', 'exam_assign_id', 'student_id', 'timestamp', 'deadline', 'status', 'answers'])
        .where('id', '=', id).forUpdate().executeTakeFirst() as AttemptRow | undefined;
      if (!a || a.status !== OPEN || !expired(a)) return 0;
      await closeAttempt(tx, a, 'completed');
      return 1;
    });
  }
  return n;
}
