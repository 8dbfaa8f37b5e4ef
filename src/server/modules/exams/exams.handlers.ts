import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { inTransaction } from '../../framework/service.js';
import { items, pick } from '../../framework/items.js';
import type { ExamQuestion } from '../../../generated/entities/exams.js';
import { twoDecimals } from './marking.js';

/**
 * Legacy exams, the staff side (spec 4 §7 'Legacy exams (staff)'): exams, their questions and
 * their assignments to classes. A question is answered with its answer and explanation here
 * only; families never see them before they have finished.
 */

/** A start time may be as early as this before now ("not earlier than about yesterday", spec 4 §5). */
const START_SLACK_MS = 24 * 60 * 60 * 1000;
const STEP_MS = 5 * 60 * 1000;

async function examOf(ctx: CallCtx, id: number) {
  const exam = await ctx.db.selectFrom('exam').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  if (!exam) throw ctx.fail('noExam', 404);
  return exam;
}

const EXAM_COLUMNS = ['e.id', 'e.name', 'e.description', 'e.max_duration', 'e.start_time', 'e.timestamp'] as const;

export default defineHandlers('exams', {
  list: async (ctx) => ctx.db.selectFrom('exam as e').select(EXAM_COLUMNS)
    .select((eb) => [
      eb.selectFrom('exam_question as q').whereRef('q.exam_id', '=', 'e.id').select((x) => x.fn.countAll<number>().as('n')).as('questions'),
      eb.selectFrom('exam_assign as a').whereRef('a.exam_id', '=', 'e.id').select((x) => x.fn.countAll<number>().as('n')).as('assignments'),
    ])
    .orderBy('e.id', 'desc').execute()
    .then((rows) => rows.map((r) => ({ ...r, questions: Number(r.questions ?? 0), assignments: Number(r.assignments ?? 0) }))),

  create: async (ctx, { body }) => {
    let start: string | null = null;
    if (body.start_time) {
      const at = new Date(body.start_time).getTime();
      if (at < Date.now() - START_SLACK_MS) throw ctx.fail('startPast');
      if (at % STEP_MS !== 0) throw ctx.fail('startStep');
      start = new Date(at).toISOString();
    }
    const row = await items(ctx, 'exams').create({
      name: body.name.trim(), description: body.description?.trim() || null, max_duration: body.max_duration,
      start_time: start, created_by: ctx.user.id, timestamp: new Date().toISOString(),
    });
    return pick(row, ['id', 'name', 'description', 'max_duration', 'start_time', 'timestamp']);
  },

  // The exam with everything that hangs off it: its attempts, assignments and questions.
  remove: async (ctx, { params }) => inTransaction(ctx, async (tx) => {
    const exam = await tx.db.selectFrom('exam').select('id').where('id', '=', params.id).forUpdate().executeTakeFirst();
    if (!exam) throw tx.fail('noExam', 404);
    const assigns = await tx.db.selectFrom('exam_assign').select('id').where('exam_id', '=', exam.id).execute();
    if (assigns.length) await items(tx, 'exam-attempts').removeWhere({ exam_assign_id: assigns.map((a) => a.id) });
    await items(tx, 'exam-assignments').removeWhere({ exam_id: exam.id });
    await items(tx, 'exam-questions').removeWhere({ exam_id: exam.id });
    await items(tx, 'exams').remove(exam.id);
    return { id: exam.id };
  }),

  questions: async (ctx, { params }) => {
    const exam = await examOf(ctx, params.id);
    const rows = await ctx.db.selectFrom('exam_question')
      .select(['id', 'exam_id', 'question_type', 'question', 'options', 'answer', 'explanation', 'correct_marks', 'incorrect_marks', 'no_answer_marks'])
      .where('exam_id', '=', exam.id).orderBy('id').execute();
    return rows.map((q, index) => ({ ...q, index }));
  },

  addQuestion: async (ctx, { params, body }) => inTransaction(ctx, async (tx) => {
    const exam = await examOf(tx, params.id);
    if (body.answer >= body.options.length) throw tx.fail('answer');
    if (![body.correct_marks, body.incorrect_marks, body.no_answer_marks ?? 0].every(twoDecimals)) throw tx.fail('marks');
    const row = await items(tx, 'exam-questions').create({
      exam_id: exam.id, question_type: body.question_type, question: body.question.trim(),
      options: body.options.map((o) => o.trim()) as ExamQuestion['options'], answer: body.answer, explanation: body.explanation.trim(),
      correct_marks: body.correct_marks, incorrect_marks: body.incorrect_marks, no_answer_marks: body.no_answer_marks ?? 0,
    });
    return pick(row, ['id', 'exam_id']);
  }),

  removeQuestion: async (ctx, { params }) => inTransaction(ctx, async (tx) => {
    const q = await tx.db.selectFrom('exam_question').select('id').where('id', '=', params.qid).where('exam_id', '=', params.id).executeTakeFirst();
    if (!q) throw tx.fail('noQuestion', 404);
    await items(tx, 'exam-questions').remove(q.id);
    return { id: q.id };
  }),

  assignments: async (ctx, { query }) => {
    let qb = ctx.db.selectFrom('exam_assign as a')
      .innerJoin('exam as e', 'e.id', 'a.exam_id')
      .leftJoin('class as c', 'c.id', 'a.class_id')
      .leftJoin('ac_year as y', 'y.id', 'a.ac_year_id')
      .select(['a.id', 'a.exam_id', 'e.name as exam', 'a.ac_year_id', 'y.name as ac_year', 'a.class_id', 'c.class', 'c.section', 'a.max_attempts', 'a.timestamp']);
    const examId = Number(query.exam_id);
    if (examId) qb = qb.where('a.exam_id', '=', examId);
    return qb.orderBy('a.id', 'desc').execute();
  },

  assign: async (ctx, { body }) => inTransaction(ctx, async (tx) => {
    await examOf(tx, body.exam_id);
    if (!await tx.db.selectFrom('class').select('id').where('id', '=', body.class_id).executeTakeFirst()) throw tx.fail('noClass', 404);
    if (!await tx.db.selectFrom('ac_year').select('id').where('id', '=', body.ac_year_id).executeTakeFirst()) throw tx.fail('noYear', 404);
    const twice = await tx.db.selectFrom('exam_assign').select('id')
      .where('exam_id', '=', body.exam_id).where('class_id', '=', body.class_id).where('ac_year_id', '=', body.ac_year_id).executeTakeFirst();
    if (twice) throw tx.fail('twice', 409);
    const row = await items(tx, 'exam-assignments').create({
      exam_id: body.exam_id, class_id: body.class_id, ac_year_id: body.ac_year_id, max_attempts: body.max_attempts ?? 1,
      assigned_by: tx.user.id, timestamp: new Date().toISOString(),
    });
    return pick(row, ['id', 'exam_id', 'class_id', 'ac_year_id', 'max_attempts']);
  }),
});
