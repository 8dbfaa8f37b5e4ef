import path from 'node:path';
import { backupSettings } from '../../backup/settings.js';
import { backupWarning, lastRuns } from '../../backup/status.js';
import { defineHandlers } from '../../framework/calls.js';
import { untypedDb } from '../../framework/context.js';

/** The last backup that covered this school (declared with the school's calls). */
export default defineHandlers('school', {
  backupStatus: async (ctx) => {
    const settings = backupSettings();
    const runs = await lastRuns(untypedDb(ctx.db), ctx.school.code);
    const school = await untypedDb(ctx.db).withSchema('platform').selectFrom('school').select('created_at').where('code', '=', ctx.school.code).executeTakeFirstOrThrow();
    const shown = (r: typeof runs.last) => r && {
      at: r.finished_at, ok: r.ok, size: r.size, reason: r.reason, message: r.message,
      file: r.file ? path.basename(r.file) : null, uploaded: r.uploaded,
    };
    return {
      last: shown(runs.last),
      last_good: shown(runs.lastGood),
      warning: backupWarning(runs, settings.staleHours, new Date(school.created_at)),
      schedule: settings.time ? `Daily at ${settings.time} (${settings.timeZone})` : 'Off',
    };
  },
});
