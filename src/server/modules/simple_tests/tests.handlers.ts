import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { storedUploads } from '../../framework/files.js';
import { items } from '../../framework/items.js';
import { inTransaction } from '../../framework/service.js';
import { SOLUTION_STATUS as STATUS } from '../../../generated/enums/simple_tests.js';
import { shownStatus, twoDecimals } from './clock.js';
import { familyTest, familyTests } from './family.js';
import { iso, solutionDetails, testDetails } from './rows.js';

/** A test by id, else 'Test not found'. */
async function testOf(ctx: CallCtx, id: number) {
  const row = await testDetails(ctx.db).where('t.id', '=', id).executeTakeFirst();
  if (!row) throw ctx.fail('missing', 404);
  return { ...row, start_time: iso(row.start_time), timestamp: iso(row.timestamp) };
}

export default defineHandlers('simple-tests', {
  // A class's tests of one academic year, newest start first, with how many solutions await a reply.
  list: async (ctx, { params }) => {
    const rows = await testDetails(ctx.db)
      .select((eb) => [
        eb.selectFrom('simple_test_solution as s').whereRef('s.test_id', '=', 't.id').where('s.status', '=', STATUS.AWAITING_REPLY)
          .select((e) => e.fn.countAll<number>().as('n')).as('awaiting'),
        eb.selectFrom('simple_test_solution as s').whereRef('s.test_id', '=', 't.id').where('s.status', '=', STATUS.REPLIED)
          .select((e) => e.fn.countAll<number>().as('n')).as('replied'),
      ])
      .where('t.ac_year_id', '=', params.ac_year).where('t.class_id', '=', params.class)
      .orderBy('t.start_time', (o) => o.desc().nullsLast()).orderBy('t.id', 'desc').execute();
    return rows.map((r) => ({ ...r, start_time: iso(r.start_time), timestamp: iso(r.timestamp), awaiting: Number(r.awaiting ?? 0), replied: Number(r.replied ?? 0) }));
  },

  create: async (ctx, { body }) => {
    const year = await ctx.db.selectFrom('ac_year').select('id').where('id', '=', body.ac_year_id).executeTakeFirst();
    if (!year) throw ctx.fail('noYear', 404);
    const cls = await ctx.db.selectFrom('class').select('id').where('id', '=', body.class_id).executeTakeFirst();
    if (!cls) throw ctx.fail('noClass', 404);
    const subject = await ctx.db.selectFrom('subject').select('id').where('id', '=', body.subject_id).where('class_id', '=', body.class_id).executeTakeFirst();
    if (!subject) throw ctx.fail('subject');
    const evaluator = await ctx.db.selectFrom('teacher').select('id').where('id', '=', body.evaluator).executeTakeFirst();
    if (!evaluator) throw ctx.fail('noEvaluator', 404);
    if (!twoDecimals(body.max_marks) || (body.pass_marks != null && !twoDecimals(body.pass_marks))) throw ctx.fail('marks');
    if (body.pass_marks != null && body.pass_marks > body.max_marks) throw ctx.fail('passMarks');
    const files = await storedUploads(ctx, body.files, 'simple-test-files', () => ctx.fail('file'));
    return inTransaction(ctx, async (tx) => {
      const row = await items(tx, 'simple-tests').create({
        test_name: body.test_name.trim(), ac_year_id: body.ac_year_id, class_id: body.class_id, subject_id: body.subject_id,
        evaluator: body.evaluator, description: body.description?.trim() || null, files, max_marks: body.max_marks,
        pass_marks: body.pass_marks ?? null, duration: body.duration, start_time: body.start_time ? new Date(body.start_time).toISOString() : null,
        created_by: tx.user.id, timestamp: new Date().toISOString(),
      });
      return { id: row.id };
    });
  },

  // The test goes with its attempts; the files stay in the store.
  remove: async (ctx, { params }) => {
    const test = await testOf(ctx, params.id);
    await items(ctx, 'simple-tests').remove(test.id, { withDependents: true });
    return { id: test.id };
  },

  /*
   * The test with its solutions (1 awaiting reply, 2 replied) and the attempts never submitted
   * (-1, closed by the job or past their deadline), the newest first; attempts under way are left out.
   */
  solutions: async (ctx, { params }) => {
    const test = await testOf(ctx, params.id);
    const now = new Date();
    const solutions = (await solutionDetails(ctx.db).where('s.test_id', '=', test.id)
      .orderBy('s.end_time', (o) => o.desc().nullsLast()).orderBy('s.id', 'desc').execute())
      .map((s) => ({ ...s, status: shownStatus(s, test.duration, now) }))
      .filter((s) => s.status !== STATUS.IN_PROGRESS);
    return {
      ...test,
      solutions: solutions.map((s) => ({
        ...s, start_time: iso(s.start_time), end_time: iso(s.end_time), replied_at: iso(s.replied_at),
        extras: { evaluator: test.evaluator, user_id: test.evaluator_user_id },
      })),
    };
  },

  mine: async (ctx, { params }) => familyTests(ctx, params.student_id),

  details: async (ctx, { params }) => familyTest(ctx, params.student_id, params.test_id),
});
