/**
 * The books' declared calls: the search by code at the counter (spec 3 §7), and the Library
 * settings (GET/POST /settings/library/).
 */
import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { moneyColumn } from '../../framework/query.js';
import { audit } from '../../framework/service.js';
import { librarySettings, saveLibrarySettings } from './settings.js';

/** The books with this code, as the list shows them. Codes are unique, so at most one; an exact match rides the unique index. */
export const booksByCode = (ctx: CallCtx, code: string) => ctx.db.selectFrom('lib_book')
  .select(['id', 'code', 'title', 'author', 'publisher', 'isbn_10', 'isbn_13', 'edition', moneyColumn('price'), 'category', 'pages',
    'print_date', 'purchase_date', 'shelf_no', 'image', 'status', 'timestamp'])
  .where('code', '=', code).execute();

export default defineHandlers('books', {
  async search(ctx, { params }) {
    const code = params.code.trim();
    if (!code) throw ctx.fail('code');
    return booksByCode(ctx, code);
  },

  settings: async (ctx) => librarySettings(ctx.db),

  async saveSettings(ctx, { body }) {
    const before = await librarySettings(ctx.db);
    await ctx.db.transaction().execute(async (trx) => {
      await saveLibrarySettings(trx, body);
      await audit({ ...ctx, db: trx }, 'books', 'library-settings', null, { before, after: body });
    });
    return librarySettings(ctx.db);
  },
});
