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

/** The stored answers of attempts, by attempt and question. */
export async function answersOfAll(ctx: Ctx, attemptIds: number[]) {
  const out = new Map<number, Map<number, StoredAnswer>>();
  if (!attemptIds.length) return out;
  const rows = await ctx.db.selectFrom('ot_answer')
    .select(['id', 'attempt_id', 'question_id', 'state', 'option_ids', 'answer', 'files', 'marks_awarded', 'marked_by', 'saved_at'])
    .where('attempt_id', 'in', attemptIds).orderBy('id').execute();
  for (const id of attemptIds) out.set(id, new Map());
  for (const { attempt_id, ...r } of rows) out.get(attempt_id)!.set(r.question_id, { ...r, option_ids: (r.option_ids ?? []) as number[], files: (r.files ?? []) as unknown[] });
  return out;
}
export type StoredAnswer = { id: number; question_id: number; state: number; option_ids: number[]; answer: string | null; files: unknown[]; marks_awarded: number | null; marked_by: number | null; saved_at: string | Date | null };

/** The stored answers of an attempt, by question. */
export async function answersOf(ctx: Ctx, attemptId: number) {
  return (await answersOfAll(ctx, [attemptId])).get(attemptId)!;
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

export interface Given { attemptId: number; q: FullQuestion & { index: number }; answer: Awaited<ReturnType<typeof checkedAnswer>>; by: number | null }

/**
 * Writes answers of open attempts (the caller holds their locks), any number in a statement or
 * two: the same question of an attempt keeps its one row. A multiple-choice answer takes its
 * server marks as it is saved (the test's questions are fixed once started), so closing has
 * nothing left to mark; the student never reads them before submitting.
 */
export async function storeAnswers(tx: Ctx, given: Given[]) {
  if (!given.length) return [];
  const saved = await answersOfAll(tx, [...new Set(given.map((g) => g.attemptId))]);
  const at = new Date().toISOString();
  const values = (g: Given) => {
    const h = serverMarks(g.q, g.answer);
    return { state: g.answer.state, option_ids: g.answer.option_ids, answer: g.answer.answer, files: g.answer.files, saved_at: at, marks_awarded: h === null ? null : fromHundredths(h) };
  };
  const by = new Map(given.map((g) => [g.attemptId, g.by]));
  const opts = { action: 'answer', actor: (row: { attempt_id?: unknown }) => by.get(row.attempt_id as number) ?? null };
  // The last of one question's answers in a batch is the one kept.
  const last = new Map(given.map((g) => [`${g.attemptId}:${g.q.id}`, g]));
  const fresh = [...last.values()].filter((g) => !saved.get(g.attemptId)!.has(g.q.id));
  const known = [...last.values()].filter((g) => saved.get(g.attemptId)!.has(g.q.id));
  const rows = [
    ...await items(tx, 'online-test-answers').createMany(fresh.map((g) => ({ attempt_id: g.attemptId, question_id: g.q.id, ...values(g), marked_by: null })), opts),
    ...await items(tx, 'online-test-answers').updateEach(known.map((g) => ({ id: saved.get(g.attemptId)!.get(g.q.id)!.id, ...values(g) })), opts),
  ];
  const byKey = new Map(rows.map((r) => [`${r.attempt_id}:${r.question_id}`, r]));
  return given.map((g) => byKey.get(`${g.attemptId}:${g.q.id}`)!);
}

export interface Closing { attempt: AttemptRow; status: AttemptStatus; duration?: number | null; by: number | null }

/**
 * Closes open attempts (the caller holds their locks), any number in a few statements: every
 * question gets its answer row (an unanswered one too, with its no-answer marks), each answer
 * its server marks, and each attempt its total. Answers each attempt as closed, with how many
 * of its answers await the evaluator (subjective and media ones).
 */
export async function closeAttempts(tx: Ctx, list: Closing[]) {
  if (!list.length) return [];
  const tests = [...new Set(list.map((c) => c.attempt.test_id))];
  const questionsOf = new Map(await Promise.all(tests.map(async (t) => [t, await startedTestQuestions(tx, t)] as const)));
  const saved = await answersOfAll(tx, list.map((c) => c.attempt.id));
  const by = new Map(list.map((c) => [c.attempt.id, c.by]));
  const answerOpts = { action: 'close', actor: (row: { attempt_id?: unknown }) => by.get(row.attempt_id as number) ?? null };
  const missing: Array<Record<string, unknown> & { attempt_id: number; question_id: number }> = [];
  // Answers whose marks differ from the server's (none, as saves mark them) are written together by marks.
  const changed = new Map<number | null, number[]>();
  const totals = new Map<number, ReturnType<typeof totalOf>>();
  for (const c of list) {
    const answers = saved.get(c.attempt.id)!;
    const awarded: Array<number | null> = [];
    for (const q of questionsOf.get(c.attempt.test_id)!) {
      const a = answers.get(q.id);
      const h = serverMarks(q, a);
      const marks = h === null ? null : fromHundredths(h);
      awarded.push(marks);
      if (!a) missing.push({ attempt_id: c.attempt.id, question_id: q.id, state: 1, option_ids: [], answer: null, files: [], marks_awarded: marks, marked_by: null, saved_at: null });
      else if (marks !== a.marks_awarded) changed.set(marks, [...(changed.get(marks) ?? []), a.id]);
    }
    totals.set(c.attempt.id, totalOf(awarded));
  }
  await items(tx, 'online-test-answers').createMany(missing, answerOpts);
  for (const [marks, ids] of changed) await items(tx, 'online-test-answers').updateWhere({ id: ids }, { marks_awarded: marks }, answerOpts);
  const end = new Date();
  const closed = new Map<number, Awaited<ReturnType<ReturnType<typeof items<'online-test-attempts'>>['updateEach']>>[number]>();
  for (const status of [ATTEMPT_STATUS.FINISHED, ATTEMPT_STATUS.INCOMPLETE]) {
    const these = list.filter((c) => c.status === status);
    const rows = await items(tx, 'online-test-attempts').updateEach(these.map((c) => ({
      id: c.attempt.id, status, end_time: end.toISOString(), marks_obtained: fromHundredths(totals.get(c.attempt.id)!.hundredths),
      duration: c.duration ?? Math.round((end.getTime() - new Date(c.attempt.start_time).getTime()) / 1000), submitted_by: c.by,
    })), { action: status === ATTEMPT_STATUS.FINISHED ? 'submit' : 'close', actor: (row) => by.get(row.id as number) ?? null });
    for (const r of rows) closed.set(r.id, r);
  }
  return list.map((c) => ({ ...closed.get(c.attempt.id)!, pending: totals.get(c.attempt.id)!.pending }));
}

/** Closes one open attempt (the caller holds its lock). */
export async function closeAttempt(tx: Ctx, attempt: AttemptRow, how: Omit<Closing, 'attempt'>) {
  return (await closeAttempts(tx, [{ attempt, ...how }]))[0]!;
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

/** Closes every open attempt past its deadline (of one assignment, or all) together; answers how many. */
export async function closeExpired(ctx: Ctx, assignId?: number, now = new Date()): Promise<number> {
  let qb = ctx.db.selectFrom('ot_attempt').select('id').where('status', '=', ATTEMPT_STATUS.ONGOING).where('deadline', '<', now);
  if (assignId !== undefined) qb = qb.where('assign_id', '=', assignId);
  const ids = (await qb.execute()).map((r) => r.id);
  if (!ids.length) return 0;
  return inTransaction(ctx, async (tx) => {
    // Still open once locked: a submission may have closed one meanwhile.
    const open = await tx.db.selectFrom('ot_attempt').selectAll().where('id', 'in', ids).where('status', '=', ATTEMPT_STATUS.ONGOING)
      .orderBy('id').forUpdate().execute();
    const due = open.filter((a) => isPast(a.deadline, now));
    await closeAttempts(tx, due.map((attempt) => ({ attempt, status: ATTEMPT_STATUS.INCOMPLETE, by: null })));
    return due.length;
  });
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
