/**
 * Questions as each reader may see them. Staff read a question whole (its options' is_correct and
 * explanations). A student taking a test reads only what a question asks (studentView): an
 * answer or explanation never leaves the server before the attempt is submitted.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../../generated/db.js';
import type { Ctx } from '../../framework/context.js';

export type FullQuestion = Awaited<ReturnType<typeof questionsByIds>>[number];

const QUESTION_COLUMNS = ['q.id', 'q.class_id', 'q.subject_id', 'q.topic', 'q.type', 'q.question', 'q.description', 'q.files',
  'q.correct_marks', 'q.incorrect_marks', 'q.no_answer_marks', 'q.teacher_id', 'q.timestamp'] as const;

/** Questions with their options in order; `where` narrows the bank (class, subject, topic) or names ids. */
async function withOptions<T extends { id: number }>(db: Kysely<DB>, rows: T[]) {
  const ids = rows.map((r) => r.id);
  const options = ids.length
    ? await db.selectFrom('ot_option').select(['id', 'question_id', 'position', 'text', 'explanation', 'is_correct', 'files'])
      .where('question_id', 'in', ids).orderBy('question_id').orderBy('position').orderBy('id').execute()
    : [];
  return rows.map((r) => ({
    ...r,
    options: options.filter((o) => o.question_id === r.id)
      .map((o) => ({ id: o.id, text: o.text, explanation: o.explanation, is_correct: o.is_correct, files: o.files ?? [] })),
  }));
}

const bankQuery = (db: Kysely<DB>) => db.selectFrom('ot_question as q')
  .leftJoin('class as c', 'c.id', 'q.class_id').leftJoin('subject as sub', 'sub.id', 'q.subject_id')
  .select([...QUESTION_COLUMNS, 'c.class', 'c.section', 'sub.name as subject']);

export async function questionsByIds(db: Kysely<DB>, ids: number[]) {
  if (!ids.length) return [];
  return withOptions(db, await bankQuery(db).where('q.id', 'in', ids).orderBy('q.id').execute());
}

/** The bank of a class and subject (and topic), newest first. */
export async function bank(db: Kysely<DB>, classId: number, subjectId: number, topic?: string) {
  let qb = bankQuery(db).where('q.class_id', '=', classId).where('q.subject_id', '=', subjectId);
  if (topic !== undefined) qb = qb.where('q.topic', '=', topic);
  return withOptions(db, await qb.orderBy('q.id', 'desc').limit(1000).execute());
}

/** A test's questions, whole, in the test's order. */
export async function testQuestions(db: Kysely<DB>, testId: number) {
  const order = await db.selectFrom('ot_test_question').select(['question_id', 'position']).where('test_id', '=', testId)
    .orderBy('position').orderBy('id').execute();
  const byId = new Map((await questionsByIds(db, order.map((o) => o.question_id))).map((q) => [q.id, q]));
  return order.map((o, index) => ({ ...byId.get(o.question_id)!, index }));
}

type TestQuestions = Awaited<ReturnType<typeof testQuestions>>;
const STARTED_KEPT = 500;
const started = new Map<string, Promise<TestQuestions>>();

/**
 * The questions of a test a student has started, read once per server: a question never changes
 * (there is no call to edit one) and a test's list is refused any change once an attempt exists,
 * so every save and submission of a class sitting the test would otherwise read the same rows.
 */
export function startedTestQuestions(ctx: Ctx, testId: number): Promise<TestQuestions> {
  const key = `${ctx.school.code}:${testId}`;
  let kept = started.get(key);
  if (!kept) {
    kept = testQuestions(ctx.db, testId);
    kept.catch(() => started.delete(key));
    if (started.size >= STARTED_KEPT) started.delete(started.keys().next().value!);
    started.set(key, kept);
  }
  return kept;
}

/** What a student taking the test reads of a question: never is_correct, an explanation or an answer. */
export const studentView = (q: FullQuestion & { index: number }) => ({
  id: q.id, index: q.index, question: q.question, description: q.description, type: q.type, files: q.files ?? [],
  correct_marks: q.correct_marks, incorrect_marks: q.incorrect_marks, no_answer_marks: q.no_answer_marks,
  options: q.options.map((o) => ({ id: o.id, text: o.text, files: o.files })),
});
