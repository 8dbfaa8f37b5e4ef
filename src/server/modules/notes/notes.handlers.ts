import { defineHandlers } from '../../framework/calls.js';
import { filePath, keyOfPath, removeStoredFile, storedFileInfo } from '../../framework/files.js';
import { inTransaction } from '../../framework/service.js';
import { items, pick } from '../../framework/items.js';

/** The upload kind a note's file must be (resources/notes/note.ts `uploads`). */
const NOTE_FILES = 'notes';

/** Notes of a class (spec 3 Notes): the list, a teacher's upload, and deleting one. */
export default defineHandlers('notes', {
  // The declared value scope has already kept a parent to their own children's classes.
  list: async (ctx, { params }) => ctx.db.selectFrom('note as n')
    .leftJoin('subject as sub', 'sub.id', 'n.subject_id')
    .select(['n.id', 'n.class_id', 'n.subject_id', 'n.name', 'n.description', 'n.url', 'sub.name as subject_name', 'n.uploaded_on'])
    .where('n.class_id', '=', params.class_id)
    .orderBy('n.uploaded_on', 'desc').orderBy('n.id', 'desc')
    .execute(),

  add: async (ctx, { body }) => inTransaction(ctx, async (tx) => {
    const klass = await tx.db.selectFrom('class').select('id').where('id', '=', body.class_id).executeTakeFirst();
    if (!klass) throw tx.fail('noClass', 404);
    if (body.subject_id != null) {
      const subject = await tx.db.selectFrom('subject').select('id').where('id', '=', body.subject_id).where('class_id', '=', body.class_id).executeTakeFirst();
      if (!subject) throw tx.fail('subject');
    }
    // Only a file uploaded here as a note is accepted; its address is the store's own.
    const file = await storedFileInfo(tx, body.url);
    if (!file || file.kind !== NOTE_FILES) throw tx.fail('file');
    const row = await items(tx, 'notes').create({
      class_id: body.class_id, subject_id: body.subject_id ?? null, name: body.name.trim(), description: (body.description ?? '').trim(),
      url: filePath(tx.school.code, file.key, file.name), uploaded_by: tx.user.id, uploaded_on: new Date().toISOString(),
    });
    return pick(row, ['id', 'class_id', 'subject_id', 'name', 'description', 'url', 'uploaded_on']);
  }),

  remove: async (ctx, { params }) => inTransaction(ctx, async (tx) => {
    const found = await tx.db.selectFrom('note').select('id').where('id', '=', params.id).executeTakeFirst();
    if (!found) throw tx.fail('missing', 404);
    const note = await items(tx, 'notes').remove(found.id);
    // The file goes with the note unless another note still offers it.
    const key = keyOfPath(tx, note.url);
    const shared = await tx.db.selectFrom('note').select('id').where('url', '=', note.url).executeTakeFirst();
    if (key && !shared) await removeStoredFile(tx, key, NOTE_FILES);
    return { id: note.id };
  }),
});
