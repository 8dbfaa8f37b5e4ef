import { sendAll } from '../../integrations/sms/index.js';
import { defineHandlers } from '../../framework/calls.js';
import { readStoredFile, storedFileInfo } from '../../framework/files.js';
import * as service from '../../framework/service.js';
import { analyzeTables } from '../../db/statistics.js';
import { importLeads } from './leads-import.js';

/** The leads' own calls beyond their CRUD: the contact log, the text to every lead, the CSV import. */
export default defineHandlers('leads', {
  contacts: async (ctx, { params }) =>
    ctx.db.selectFrom('adm_lead_contact')
      .select(['id', 'adm_lead_id', 'name', 'mode', 'contact_time', 'summary', 'details', 'call_recording'])
      .where('adm_lead_id', '=', params.id)
      .orderBy('contact_time', 'desc').orderBy('id', 'desc')
      .execute(),

  // One text to every lead's mobile (each number once). Sent outside any transaction: a gateway call cannot be undone.
  message: async (ctx, { body }) => {
    const rows = await ctx.db.selectFrom('adm_lead').select('mobile').distinct().execute();
    if (!rows.length) throw ctx.fail('noLeads');
    const message = body.message.trim();
    await sendAll(ctx.integrations.sms, ctx.db, rows.map((r) => ({ mobile: r.mobile, message })));
    await service.audit(ctx, 'leads', 'message', null, { sent: rows.length, message });
    return { sent: rows.length };
  },

  import: async (ctx, { body }) => {
    const info = await storedFileInfo(ctx, body.path);
    if (!info) throw ctx.fail('uploadAgain');
    if (info.kind !== 'leads-import' || !info.name.toLowerCase().endsWith('.csv')) throw ctx.fail('csvOnly');
    const file = await readStoredFile(ctx, body.path);
    if (!file) throw ctx.fail('uploadAgain');
    const result = await service.inTransaction(ctx, (tx) => importLeads(tx, file.bytes));
    if (result.added) await analyzeTables(ctx.db, ctx.school.schema, ['adm_lead']);
    await service.audit(ctx, 'leads', 'import', null, { path: body.path, added: result.added, errors: result.errors.length });
    return result;
  },
});
