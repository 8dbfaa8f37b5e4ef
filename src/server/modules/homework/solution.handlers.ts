import { defineHandlers } from '../../framework/calls.js';
import { notFound } from '../../framework/errors.js';
import { storedFileInfo } from '../../framework/files.js';
import { items } from '../../framework/items.js';
import { inTransaction } from '../../framework/service.js';
import { notify } from '../../platform/notifications.js';
import { storedFiles } from './files.js';
import { reachedHomework } from './homework.handlers.js';
import { submissionOver } from './reach.js';
import { reachedStudent } from './student.js';

export default defineHandlers('homework-solutions', {
  // A parent or student, for their own child (declared scope), to homework of the child's class, until the day is over.
  submit: async (ctx, { body }) => {
    const student = await reachedStudent(ctx, body.student_id);
    const homework = await ctx.db.selectFrom('homework').select(['id', 'submission_date']).where('id', '=', body.homework_id)
      .where('class_id', '=', student.class_id ?? -1).executeTakeFirst();
    if (!homework) throw ctx.fail('noHomework', 404);
    if (submissionOver(homework.submission_date)) throw ctx.fail('over');
    const files = await storedFiles(ctx, body.files ?? [], 'homework-solutions', 'file');
    const row = await items(ctx, 'homework-solutions').create({
      homework_id: homework.id, student_id: student.id, description: body.description.trim(), files,
      attachment: null, remarks: null, submitted_by: ctx.user.id, timestamp: new Date().toISOString(),
    });
    return { id: row.id };
  },

  // Staff answer a solution of homework they reach; the attachment (a corrected image) is a new file, the student's stay as sent.
  remark: async (ctx, { body }) => {
    const homework = await reachedHomework(ctx, body.homework_id);
    const solution = await ctx.db.selectFrom('homework_solution').select(['id']).where('id', '=', body.id).where('homework_id', '=', homework.id).executeTakeFirst();
    if (!solution) throw notFound(ctx.call.errors!.noSolution);
    let attachment: string | null = null;
    if (body.attachment) {
      const info = await storedFileInfo(ctx, body.attachment);
      if (!info || info.kind !== 'homework-corrections') throw ctx.fail('attachment');
      attachment = (await storedFiles(ctx, [{ path: body.attachment }], 'homework-corrections', 'attachment'))[0]!.path;
    }
    await inTransaction(ctx, async (tx) => {
      await items(tx, 'homework-solutions').update(solution.id, {
        remarks: body.remarks.trim(), attachment, remarked_by: ctx.user.id, remarked_at: new Date().toISOString(),
      }, { action: 'remark' });
      // The student's family login hears of it.
      const family = await tx.db.selectFrom('homework_solution as hs').innerJoin('student as st', 'st.id', 'hs.student_id')
        .select('st.user_id').where('hs.id', '=', solution.id).executeTakeFirst();
      if (family?.user_id) await notify(tx, { users: [family.user_id] }, { title: 'Homework corrected', body: `${homework.title}: ${body.remarks.trim()}` });
    });
    return { id: solution.id, remarks: body.remarks.trim(), attachment };
  },
});
