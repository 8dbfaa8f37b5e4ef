import { defineHandlers } from '../../framework/calls.js';
import { items } from '../../framework/items.js';
import { inTransaction } from '../../framework/service.js';
import { fullMarks } from './marking.js';
import { testQuestions } from './questions.js';

export default defineHandlers('online-tests', {
  // Every test, newest first, with how many questions it has, its full marks and its assignments.
  list: async (ctx) => {
    const tests = await ctx.db.selectFrom('ot_test').select(['id', 'name', 'category', 'timestamp', 'user_id']).orderBy('id', 'desc').limit(1000).execute();
    const counts = await ctx.db.selectFrom('ot_test_question as tq').innerJoin('ot_question as q', 'q.id', 'tq.question_id')
      .select(['tq.test_id']).select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('q.correct_marks').as('marks')])
      .groupBy('tq.test_id').execute();
    const assigned = await ctx.db.selectFrom('ot_assign').select(['test_id']).select((eb) => eb.fn.countAll<number>().as('n')).groupBy('test_id').execute();
    return tests.map((t) => {
      const c = counts.find((r) => r.test_id === t.id);
      return { ...t, questions: Number(c?.n ?? 0), total_marks: Math.round(Number(c?.marks ?? 0) * 100) / 100, assignments: Number(assigned.find((r) => r.test_id === t.id)?.n ?? 0) };
    });
  },

  create: async (ctx, { body }) => {
    const row = await items(ctx, 'online-tests').create({ name: body.name.trim(), category: body.category?.trim() || null, user_id: ctx.user.id, timestamp: new Date().toISOString() });
    return { id: row.id, name: row.name, category: row.category };
  },

  // Staff read a test's questions whole (answers and explanations included), in order.
  questions: async (ctx, { params }) => {
    const test = await ctx.db.selectFrom('ot_test').select(['id', 'name', 'category']).where('id', '=', params.id).executeTakeFirst();
    if (!test) throw ctx.fail('noTest', 404);
    return testQuestions(ctx.db, test.id);
  },

  // Questions already in the test stay where they are; new ones go after them. Refused once a student has started it.
  addQuestions: async (ctx, { params, body }) => inTransaction(ctx, async (tx) => {
    const test = await tx.db.selectFrom('ot_test').select('id').where('id', '=', params.id).forUpdate().executeTakeFirst();
    if (!test) throw ctx.fail('noTest', 404);
    if (await tx.db.selectFrom('ot_attempt').select('id').where('test_id', '=', test.id).executeTakeFirst()) throw ctx.fail('started', 409);
    const wanted = [...new Set(body.questions)];
    const found = await tx.db.selectFrom('ot_question').select('id').where('id', 'in', wanted).execute();
    if (found.length !== wanted.length) throw ctx.fail('noQuestion', 404);
    const have = await tx.db.selectFrom('ot_test_question').select(['question_id', 'position']).where('test_id', '=', test.id).execute();
    const fresh = wanted.filter((id) => !have.some((h) => h.question_id === id));
    let next = have.reduce((m, h) => Math.max(m, h.position + 1), 0);
    if (fresh.length) await items(tx, 'online-test-questions').createMany(fresh.map((question_id) => ({ test_id: test.id, question_id, position: next++ })));
    const questions = await testQuestions(tx.db, test.id);
    return { id: test.id, added: fresh.length, questions: questions.length, total_marks: fullMarks(questions) };
  }),
});
