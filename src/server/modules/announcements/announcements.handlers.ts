import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { storedUploads } from '../../framework/files.js';
import { notFound } from '../../framework/errors.js';
import { pageOf, queryPage } from '../../framework/paging.js';
import { reach } from '../../framework/scope.js';
import { inTransaction } from '../../framework/service.js';
import { items } from '../../framework/items.js';
import { ROLE_IDS } from '../../../shared/roles.js';
import { notifyAudience, readable, TO, withDetails } from './audience.js';

/** The upload kind attachments must be (resources/announcements/announcement.ts `uploads`). */
const ATTACHMENTS = 'announcement-files';
/** Without paging, the newest this many are listed. */
const LIST_LIMIT = 500;

/** The classes the person may address: every class for the office, a teacher's own for a teacher. */
function addressable(ctx: CallCtx) {
  const all = ctx.db.selectFrom('class');
  return ctx.user.role === ROLE_IDS.teacher ? all.where('id', 'in', reach(ctx, 'teacher_class')) : all;
}

/** The attachments as stored: each must be this school's upload of the announcements' kind; name and address are the store's. */
async function storedAttachments(ctx: CallCtx, files: ReadonlyArray<{ path: string }>) {
  return (await storedUploads(ctx, files, ATTACHMENTS, () => ctx.fail('file'))).map(({ path, name, url }) => ({ path, name, url }));
}

export default defineHandlers('announcements', {
  // Newest first; ?page&page_size for one page with the total.
  list: async (ctx, { query }) => {
    const rows = withDetails(ctx).orderBy('a.timestamp', 'desc').orderBy('a.id', 'desc');
    const page = queryPage(query);
    if (!page) return rows.limit(LIST_LIMIT).execute();
    const [list, count] = await Promise.all([
      pageOf(rows, page).execute(),
      readable(ctx).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ctx.paged(list, Number(count.n));
  },

  // An announcement the person may not read is answered like a missing one.
  one: async (ctx, { params }) => {
    const row = await withDetails(ctx).where('a.id', '=', params.id).executeTakeFirst();
    if (!row) throw notFound('Announcement not found');
    return row;
  },

  make: async (ctx, { body }) => {
    const classIds = body.to === TO.classes ? [...new Set(body.class_ids ?? [])] : [];
    if (classIds.length) {
      const known = await ctx.db.selectFrom('class').select('id').where('id', 'in', classIds).execute();
      if (known.length !== classIds.length) throw ctx.fail('classNotFound');
      const allowed = await addressable(ctx).select('id').where('id', 'in', classIds).execute();
      if (allowed.length !== classIds.length) throw ctx.fail('notYourClass', 403);
    }
    const files = await storedAttachments(ctx, body.files ?? []);
    const title = body.title.trim();
    const message = body.message.trim();
    return inTransaction(ctx, async (tx) => {
      const timestamp = new Date().toISOString();
      const base = { title, content: message, to_role: body.to, files, sent_by: tx.user.id, timestamp };
      const rows = await items(tx, 'announcements').createMany(classIds.length ? classIds.map((class_id) => ({ ...base, class_id })) : [{ ...base, class_id: null }]);
      await notifyAudience(tx, { title, message, to: body.to, classIds });
      return { ids: rows.map((r) => r.id) };
    });
  },

  classes: async (ctx) => addressable(ctx).select(['id', 'class', 'section']).orderBy('id').execute(),
});
