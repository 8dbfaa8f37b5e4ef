import { defineHandlers } from '../../framework/calls.js';
import { storedUploads } from '../../framework/files.js';
import { items } from '../../framework/items.js';
import { inTransaction } from '../../framework/service.js';
import { hasRichText, sanitizeRichText } from '../../../shared/richText.js';
import { QUESTION_TYPE } from '../../../generated/enums/online_tests.js';
import { isObjective } from './marking.js';
import { bank, questionsByIds } from './questions.js';

export default defineHandlers('online-questions', {
  bank: async (ctx, { params }) => bank(ctx.db, params.class, params.subject),
  bankOfTopic: async (ctx, { params }) => bank(ctx.db, params.class, params.subject, params.topic.trim()),

  /*
   * The spec's rules (spec 4 §5): options only for MCQ types; MCQ needs a correct option, and
   * type 0 exactly one. Text is kept sanitised; files are this school's uploads of the kind.
   */
  create: async (ctx, { body }) => {
    const subject = await ctx.db.selectFrom('subject').select('class_id').where('id', '=', body.subject_id).executeTakeFirst();
    const cls = await ctx.db.selectFrom('class').select('id').where('id', '=', body.class_id).executeTakeFirst();
    if (!cls) throw ctx.fail('classNotFound', 404);
    if (!subject) throw ctx.fail('subjectNotFound', 404);
    if (subject.class_id !== body.class_id) throw ctx.fail('subjectNotOfClass');
    const question = sanitizeRichText(body.question);
    if (!hasRichText(question) && !(body.files ?? []).length) throw ctx.fail('question');
    const options = body.options ?? [];
    if (isObjective(body.type)) {
      if (options.length < 2) throw ctx.fail('noOptions');
      const correct = options.filter((o) => o.is_correct).length;
      if (correct === 0) throw ctx.fail('noCorrect');
      if (body.type === QUESTION_TYPE.MCQ_SINGLE_CORRECT && correct > 1) throw ctx.fail('oneCorrect');
    } else if (options.length) throw ctx.fail('notMcq');
    const refuse = () => ctx.fail('file');
    const files = await storedUploads(ctx, body.files ?? [], 'online-test-files', refuse);
    const optionFiles = await Promise.all(options.map((o) => storedUploads(ctx, o.files ?? [], 'online-test-files', refuse)));
    const teacher = await ctx.db.selectFrom('teacher').select('id').where('user_id', '=', ctx.user.id).executeTakeFirst();
    const id = await inTransaction(ctx, async (tx) => {
      const row = await items(tx, 'online-questions').create({
        class_id: body.class_id, subject_id: body.subject_id, topic: body.topic?.trim() || null, type: body.type, question,
        description: body.description ? sanitizeRichText(body.description) : null, files,
        correct_marks: body.correct_marks, incorrect_marks: body.incorrect_marks ?? 0, no_answer_marks: body.no_answer_marks ?? 0,
        teacher_id: teacher?.id ?? null, user_id: ctx.user.id, timestamp: new Date().toISOString(),
      });
      if (options.length) {
        await items(tx, 'online-question-options').createMany(options.map((o, position) => ({
          question_id: row.id, position, text: o.text.trim(), explanation: o.explanation?.trim() || null, is_correct: o.is_correct, files: optionFiles[position]!,
        })));
      }
      return row.id;
    });
    return (await questionsByIds(ctx.db, [id]))[0]!;
  },

  one: async (ctx, { params }) => {
    const [q] = await questionsByIds(ctx.db, [params.id]);
    if (!q) throw ctx.fail('noQuestion', 404);
    return q;
  },

  topics: async (ctx) => topicsOf(ctx.db),
  topicsOfSubject: async (ctx, { params }) => topicsOf(ctx.db, params.subject),
});

/** The topics named in the bank (of a subject), for pickers: each once, in order. */
async function topicsOf(db: Parameters<typeof bank>[0], subjectId?: number) {
  let qb = db.selectFrom('ot_question').select('topic').distinct().where('topic', 'is not', null);
  if (subjectId !== undefined) qb = qb.where('subject_id', '=', subjectId);
  return (await qb.orderBy('topic').execute()).map((r) => r.topic!);
}
