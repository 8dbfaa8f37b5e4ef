/**
 * Answers and submissions written together. A class saves an answer every few seconds and
 * submits within seconds of each other as the time runs out; each call joins a group commit, so
 * a burst is a few statements in one transaction, not a transaction each (on the embedded store
 * a thousand transactions would queue one behind another). Everything that depends on the attempt
 * is checked inside the batch, under its lock: whose it is, still open, within its time. An
 * attempt found past its deadline is closed there and then, with the answers saved before it.
 * The batch writes as the server, each row audited for its student: every call reached its
 * attempt (the call's declared scope) before it joined.
 */
import type { CallCtx } from '../../framework/calls.js';
import { SERVER_USER, type Ctx } from '../../framework/context.js';
import { groupCommit, type Entry } from '../../framework/group-commit.js';
import { inTransaction } from '../../framework/service.js';
import { ATTEMPT_STATUS } from '../../../generated/enums/online_tests.js';
import { checkedAnswer, closeAttempts, storeAnswers, type AttemptRow, type Closing, type Given, type GivenInput } from './attempts.js';
import { isPast } from './clock.js';
import { startedTestQuestions, type FullQuestion } from './questions.js';

/** The attempt a call names, by its path. */
export interface Target { studentId: number; testId: number; attemptId: number }
export type AnswerInput = GivenInput & { question_id?: number; index?: number };

type Outcome<O> = O | Error;

/** Each entry's attempt, locked and checked, or the error its call answers; past-deadline ones closed now. */
async function openAttempts(tx: Ctx, entries: Array<Entry<CallCtx, Target>>): Promise<Array<Outcome<AttemptRow>>> {
  const ids = [...new Set(entries.map((e) => e.input.attemptId))];
  const locked = new Map((await tx.db.selectFrom('ot_attempt').selectAll().where('id', 'in', ids).orderBy('id').forUpdate().execute()).map((a) => [a.id, a]));
  const expired = new Map<number, AttemptRow>();
  const out = entries.map(({ ctx, input }): Outcome<AttemptRow> => {
    const a = locked.get(input.attemptId);
    if (!a || a.student_id !== input.studentId || a.test_id !== input.testId) return ctx.fail('noAttempt', 404);
    if (a.status === ATTEMPT_STATUS.INCOMPLETE) return ctx.fail('late', 409);
    if (a.status !== ATTEMPT_STATUS.ONGOING) return ctx.fail('done', 409);
    if (isPast(a.deadline)) { expired.set(a.id, a); return ctx.fail('late', 409); }
    return a;
  });
  await closeAttempts(tx, [...expired.values()].map((attempt) => ({ attempt, status: ATTEMPT_STATUS.INCOMPLETE, by: null })));
  return out;
}

/** The question an answer names, by id or by its index in the attempt's list. */
function questionOf(ctx: CallCtx, questions: Array<FullQuestion & { index: number }>, given: AnswerInput, n: number) {
  const q = given.question_id !== undefined ? questions.find((x) => x.id === given.question_id) : given.index !== undefined ? questions[given.index] : undefined;
  if (!q) throw ctx.fail('question', 400, { n });
  return q;
}

/** An entry's answers checked against its test's questions (files looked up in the batch's transaction), or the error they make. */
async function checked(ctx: CallCtx, tx: Ctx, a: AttemptRow, answers: AnswerInput[]): Promise<Outcome<Given[]>> {
  try {
    const questions = await startedTestQuestions(tx, a.test_id);
    const inTx = { ...ctx, db: tx.db };
    const out: Given[] = [];
    for (const [n, given] of answers.entries()) {
      const q = questionOf(ctx, questions, given, n + 1);
      out.push({ attemptId: a.id, q, answer: await checkedAnswer(inTx, q, given), by: ctx.user.id });
    }
    return out;
  } catch (e) {
    return e as Error;
  }
}

/** Runs `write` on the batch's open attempts in one transaction as the server; each entry's outcome in order. */
function together<I extends Target, O>(write: (tx: Ctx, open: Array<{ n: number; ctx: CallCtx; input: I; attempt: AttemptRow }>, outcomes: Array<Outcome<O>>) => Promise<void>) {
  return groupCommit<CallCtx, I, O>((entries) => inTransaction({ ...entries[0]!.ctx, user: SERVER_USER }, async (tx) => {
    const outcomes: Array<Outcome<O>> = [];
    const open: Array<{ n: number; ctx: CallCtx; input: I; attempt: AttemptRow }> = [];
    (await openAttempts(tx, entries)).forEach((a, n) => {
      if (a instanceof Error) outcomes[n] = a;
      else open.push({ n, ctx: entries[n]!.ctx, input: entries[n]!.input, attempt: a });
    });
    await write(tx, open, outcomes);
    return outcomes;
  }));
}

/** One answer as it changes, stored on its question's row. */
export const answerTogether = together<Target & { given: AnswerInput }, { row: Awaited<ReturnType<typeof storeAnswers>>[number]; q: FullQuestion & { index: number }; attempt: AttemptRow }>(async (tx, open, outcomes) => {
  const given: Given[] = [];
  const of: number[] = [];
  for (const { n, ctx, input, attempt } of open) {
    const g = await checked(ctx, tx, attempt, [input.given]);
    if (g instanceof Error) outcomes[n] = g;
    else { given.push(g[0]!); of.push(n); }
  }
  const rows = await storeAnswers(tx, given);
  given.forEach((g, i) => { outcomes[of[i]!] = { row: rows[i]!, q: g.q, attempt: open.find((o) => o.n === of[i])!.attempt }; });
});

/** A submission: the answers it sends stored, then its attempt closed and marked. The same attempt twice in a batch: the first closes it. */
export const submitTogether = together<Target & { answers: AnswerInput[]; duration: number | null }, Awaited<ReturnType<typeof closeAttempts>>[number] & { pass_marks: number | null }>(async (tx, open, outcomes) => {
  const closing: Array<Closing & { n: number }> = [];
  const given: Given[] = [];
  for (const { n, ctx, input, attempt } of open) {
    if (closing.some((c) => c.attempt.id === attempt.id)) { outcomes[n] = ctx.fail('done', 409); continue; }
    const g = await checked(ctx, tx, attempt, input.answers);
    if (g instanceof Error) { outcomes[n] = g; continue; }
    given.push(...g);
    closing.push({ n, attempt, status: ATTEMPT_STATUS.FINISHED, duration: input.duration, by: ctx.user.id });
  }
  await storeAnswers(tx, given);
  const closed = await closeAttempts(tx, closing);
  const assigns = [...new Set(closing.map((c) => c.attempt.assign_id))];
  const pass = new Map(assigns.length ? (await tx.db.selectFrom('ot_assign').select(['id', 'pass_marks']).where('id', 'in', assigns).execute()).map((r) => [r.id, r.pass_marks]) : []);
  closing.forEach((c, i) => { outcomes[c.n] = { ...closed[i]!, pass_marks: pass.get(c.attempt.assign_id) ?? null }; });
});
