/**
 * An attempt's life on the server: answers saved as they change, the attempt closed and marked
 * when the student submits or, failing that, at its deadline (the module's task at the deadline,
 * and a job that sweeps for any a lost task or a restart left open). Closing locks the attempt's
 * row, so a submission and the server's close cannot both happen; whichever comes first wins.
 */
import type { CallCtx } from '../../framework/calls.js';
import type { Ctx } from '../../framework/context.js';
import { storedUploads } from '../../framework/files.js';
import { items } from '../../framework/items.js';
import { inTransaction } from '../../framework/service.js';
import { ATTEMPT_STATUS, QUESTION_TYPE, type AttemptStatus } from '../../../generated/enums/online_tests.js';
import { isPast } from './clock.js';
import { fromHundredths, isAnswered, isObjective, serverMarks, totalOf } from './marking.js';
import { startedTestQuestions, type FullQuestion } from './questions.js';

export type AttemptRow = NonNullable<Awaited<ReturnType<typeof attemptById>>>;

export const FINISHED = [ATTEMPT_STATUS.FINISHED, ATTEMPT_STATUS.INCOMPLETE] as const;
export const isFinished = (status: number) => status === ATTEMPT_STATUS.FINISHED || status === ATTEMPT_STATUS.INCOMPLETE;

export function attemptById(ctx: Ctx, id: number, lock = false) {
  const qb = ctx.db.selectFrom('ot_attempt').selectAll().where('id', '=', id);
  return (lock ? qb.forUpdate() : qb).executeTakeFirst();
}

/** The stored answers of an attempt, by question. */
export async function answersOf(ctx: Ctx, attemptId: number) {
  const rows = await ctx.db.selectFrom('ot_answer')
    .select(['id', 'question_id', 'state', 'option_ids', 'answer', 'files', 'marks_awarded', 'marked_by', 'saved_at'])
    .where('attempt_id', '=', attemptId).orderBy('id').execute();
  return new Map(rows.map((r) => [r.question_id, { ...r, option_ids: (r.option_ids ?? []) as number[], files: (r.files ?? []) as unknown[] }]));
}

/** One answer as the student's screen keeps it (spec 4 §3 "Answer per question"). */
export const answerView = (a: { id: number; question_id: number; state: number; option_ids: number[]; answer: string | null; files: unknown[]; saved_at: string | Date | null }, q: { type: number; index: number }) => ({
  id: a.id, question_id: a.question_id, index: q.index, type: q.type, state: a.state,
  option: q.type === QUESTION_TYPE.MCQ_SINGLE_CORRECT ? a.option_ids[0] ?? null : a.option_ids,
  answer: a.answer, files: a.files, answered: isAnswered(q, a), saved_at: a.saved_at,
});

export interface GivenInput {
  state?: number;
  option?: number | number[] | null;
  answer?: string | null;
  files?: ReadonlyArray<{ path: string }>;
}

/**
 * An answer checked against its question: options only of that question, one for type 0, none for
 * subjective and media; text and files only for those; files must be this school's uploads of
 * the answers' kind (their names and sizes the store's). Refusals are the call's declared errors.
 */
export async function checkedAnswer(ctx: CallCtx, q: FullQuestion, given: GivenInput) {
  const option_ids = given.option == null ? [] : [...new Set(Array.isArray(given.option) ? given.option : [given.option])];
  const text = given.answer ?? null;
  const files = given.files ?? [];
  if (isObjective(q.type)) {
    if ((text !== null && text.trim() !== '') || files.length) throw ctx.fail('noText');
    if (option_ids.some((id) => !q.options.some((o) => o.id === id))) throw ctx.fail('option');
    if (q.type === QUESTION_TYPE.MCQ_SINGLE_CORRECT && option_ids.length > 1) throw ctx.fail('single');
  } else if (option_ids.length) throw ctx.fail('noOptions');
  const stored = files.length ? await storedUploads(ctx, files, 'online-test-answers', () => ctx.fail('file')) : [];
  const answer = { option_ids, answer: isObjective(q.type) ? null : text, files: stored };
  // A question answered is saved (2) unless the screen says marked for review (5); one without an answer keeps the screen's state.
  const state = given.state ?? (isAnswered(q, answer) ? 2 : 4);
  return { ...answer, state };
}

/** Writes one question's answer of an open attempt (the caller holds the attempt's lock). */
export async function storeAnswer(tx: Ctx, attemptId: number, questionId: number, a: Awaited<ReturnType<typeof checkedAnswer>>) {
  const existing = await tx.db.selectFrom('ot_answer').select('id').where('attempt_id', '=', attemptId).where('question_id', '=', questionId).executeTakeFirst();
  const values = { state: a.state, option_ids: a.option_ids, answer: a.answer, files: a.files, saved_at: new Date().toISOString() };
  const row = existing
    ? await items(tx, 'online-test-answers').update(existing.id, values, { action: 'answer' })
    : await items(tx, 'online-test-answers').create({ attempt_id: attemptId, question_id: questionId, ...values, marks_awarded: null, marked_by: null }, { action: 'answer' });
  return row;
}

/**
 * Closes an open attempt (the caller holds its lock): every question gets its answer row (an
 * unanswered one too), MCQ and unanswered ones their server marks, and the attempt its total.
 */
export async function closeAttempt(tx: Ctx, attempt: AttemptRow, how: { status: AttemptStatus; duration?: number | null; by: number | null }) {
  const [questions, answers] = await Promise.all([startedTestQuestions(tx, attempt.test_id), answersOf(tx, attempt.id)]);
  const missing = questions.filter((q) => !answers.has(q.id));
  if (missing.length) {
    await items(tx, 'online-test-answers').createMany(missing.map((q) => ({
      attempt_id: attempt.id, question_id: q.id, state: 1, option_ids: [], answer: null, files: [], marks_awarded: fromHundredths(serverMarks(q, undefined)!), marked_by: null, saved_at: null,
    })), { action: 'close' });
  }
  const awarded: Array<number | null> = missing.map((q) => fromHundredths(serverMarks(q, undefined)!));
  // Answers that take the same marks are written together: a test's marks come in a few values.
  const changed = new Map<number | null, number[]>();
  for (const q of questions) {
    const a = answers.get(q.id);
    if (!a) continue;
    const h = serverMarks(q, a);
    const marks = h === null ? null : fromHundredths(h);
    awarded.push(marks);
    if (marks !== a.marks_awarded) changed.set(marks, [...(changed.get(marks) ?? []), a.id]);
  }
  for (const [marks, ids] of changed) await items(tx, 'online-test-answers').updateWhere({ id: ids }, { marks_awarded: marks }, { action: 'close' });
  const total = totalOf(awarded);
  const [closed] = await items(tx, 'online-test-attempts').updateWhere({ id: attempt.id, status: ATTEMPT_STATUS.ONGOING }, {
    status: how.status, end_time: new Date().toISOString(), marks_obtained: fromHundredths(total.hundredths),
    duration: how.duration ?? Math.round((Date.now() - new Date(attempt.start_time).getTime()) / 1000), submitted_by: how.by,
  }, { action: how.status === ATTEMPT_STATUS.FINISHED ? 'submit' : 'close' });
  // The answers still to be marked by the evaluator (subjective and media ones).
  return { ...closed!, pending: total.pending };
}

/** Closes the attempt if it is open and past its deadline; answers whether it did. */
export async function closeIfExpired(ctx: Ctx, attemptId: number, now = new Date()): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    const a = await attemptById(tx, attemptId, true);
    if (!a || a.status !== ATTEMPT_STATUS.ONGOING || !isPast(a.deadline, now)) return false;
    await closeAttempt(tx, a, { status: ATTEMPT_STATUS.INCOMPLETE, by: null });
    return true;
  });
}

/** Closes every open attempt past its deadline (of one assignment, or all); answers how many. */
export async function closeExpired(ctx: Ctx, assignId?: number, now = new Date()): Promise<number> {
  let qb = ctx.db.selectFrom('ot_attempt').select('id').where('status', '=', ATTEMPT_STATUS.ONGOING).where('deadline', '<', now);
  if (assignId !== undefined) qb = qb.where('assign_id', '=', assignId);
  let n = 0;
  for (const { id } of await qb.execute()) if (await closeIfExpired(ctx, id, now)) n++;
  return n;
}

/** Recomputes an attempt's total from its answers' marks (after the evaluator's marking). */
export async function retotal(tx: Ctx, attemptId: number) {
  const rows = await tx.db.selectFrom('ot_answer').select('marks_awarded').where('attempt_id', '=', attemptId).execute();
  const total = totalOf(rows.map((r) => r.marks_awarded));
  await items(tx, 'online-test-attempts').update(attemptId, { marks_obtained: fromHundredths(total.hundredths) }, { action: 'mark' });
  return { marks_obtained: fromHundredths(total.hundredths), pending: total.pending };
}

/** How many answers of each attempt await the evaluator. */
export async function pendingOf(ctx: Ctx, attemptIds: number[]) {
  if (!attemptIds.length) return new Map<number, number>();
  const rows = await ctx.db.selectFrom('ot_answer').select(['attempt_id']).select((eb) => eb.fn.countAll<number>().as('n'))
    .where('attempt_id', 'in', attemptIds).where('marks_awarded', 'is', null).groupBy('attempt_id').execute();
  return new Map(rows.map((r) => [r.attempt_id, Number(r.n)]));
}
