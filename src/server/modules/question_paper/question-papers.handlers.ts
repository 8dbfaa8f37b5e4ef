import type { QuestionPapersCreatePayload as SavePayload } from '../../../generated/call-inputs.js';
import { sanitizeRichText } from '../../../shared/richText.js';
import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { inTransaction } from '../../framework/service.js';
import { items, pick } from '../../framework/items.js';

/**
 * Question papers (spec 3 Question papers). The questions are kept only as the shared sanitiser
 * leaves them (src/shared/richText.ts), so a stored paper can never carry script; the screens
 * sanitise again when they show one.
 */

const paperColumns = ['q.id', 'q.name', 'q.class_id', 'q.ac_year_id', 'q.subject_id', 'c.class', 'c.section', 'y.name as ac_year', 'sub.name as subject', 'q.created', 'q.updated'] as const;

const papers = (ctx: CallCtx) => ctx.db.selectFrom('question_paper as q')
  .leftJoin('class as c', 'c.id', 'q.class_id')
  .leftJoin('ac_year as y', 'y.id', 'q.ac_year_id')
  .leftJoin('subject as sub', 'sub.id', 'q.subject_id');

/** The class, year and subject must exist, and the subject be the class's; the values to store. */
async function checked(ctx: CallCtx, body: SavePayload) {
  const klass = await ctx.db.selectFrom('class').select('id').where('id', '=', body.class_id).executeTakeFirst();
  if (!klass) throw ctx.fail('noClass', 404);
  const year = await ctx.db.selectFrom('ac_year').select('id').where('id', '=', body.ac_year_id).executeTakeFirst();
  if (!year) throw ctx.fail('noYear', 404);
  const subject = await ctx.db.selectFrom('subject').select('id').where('id', '=', body.subject_id).where('class_id', '=', body.class_id).executeTakeFirst();
  if (!subject) throw ctx.fail('subject');
  return {
    class_id: body.class_id, ac_year_id: body.ac_year_id, subject_id: body.subject_id,
    name: body.name.trim(), questions: sanitizeRichText(body.questions ?? ''),
  };
}

/** What a save answers: the paper without its questions. */
const ANSWER = ['id', 'name', 'class_id', 'ac_year_id', 'subject_id', 'created', 'updated'] as const;

export default defineHandlers('question-papers', {
  list: async (ctx, { params }) => papers(ctx).select(paperColumns)
    .where('q.class_id', '=', params.class_id).where('q.ac_year_id', '=', params.ac_year_id).where('q.subject_id', '=', params.subject_id)
    .orderBy('q.updated', 'desc').orderBy('q.id', 'desc').execute(),

  one: async (ctx, { params }) => {
    const row = await papers(ctx).select([...paperColumns, 'q.questions']).where('q.id', '=', params.id).executeTakeFirst();
    if (!row) throw ctx.fail('missing', 404);
    // Sanitised again on the way out: whatever is in the store, the answer carries no script.
    return { ...row, questions: sanitizeRichText(row.questions ?? '') };
  },

  create: async (ctx, { body }) => inTransaction(ctx, async (tx) => {
    const values = await checked(tx, body);
    const now = new Date().toISOString();
    const row = await items(tx, 'question-papers').create({ ...values, created_by: tx.user.id, created: now, updated: now });
    return pick(row, ANSWER);
  }),

  update: async (ctx, { params, body }) => inTransaction(ctx, async (tx) => {
    const existing = await tx.db.selectFrom('question_paper').select(['id', 'name']).where('id', '=', params.id).forUpdate().executeTakeFirst();
    if (!existing) throw tx.fail('missing', 404);
    const values = await checked(tx, body);
    const row = await items(tx, 'question-papers').update(existing.id, { ...values, updated: new Date().toISOString() });
    return pick(row, ANSWER);
  }),

  remove: async (ctx, { params }) => inTransaction(ctx, async (tx) => {
    const row = await tx.db.selectFrom('question_paper').select('id').where('id', '=', params.id).executeTakeFirst();
    if (!row) throw tx.fail('missing', 404);
    await items(tx, 'question-papers').remove(row.id);
    return { id: row.id };
  }),
});
