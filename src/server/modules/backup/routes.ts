import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { roleIds } from '../../../shared/roles.js';
import { backupSettings } from '../../backup/settings.js';
import { backupWarning, lastRuns } from '../../backup/status.js';
import { untypedDb } from '../../framework/context.js';
import { ok } from '../../framework/envelope.js';
import { addRoute, type RouteEnv } from '../../framework/route.js';

/**
 * The last backup that covered this school, for the super admin's settings screen and the
 * warning banner. Ours, not the specification's: the spec has no backups.
 */
export default function registerBackupRoutes(app: FastifyInstance, env: RouteEnv) {
  addRoute(app, env, {
    call: 'GET /backup-status/',
    roles: roleIds(['super_admin']),
    handler: async (ctx) => {
      const settings = backupSettings();
      const runs = await lastRuns(untypedDb(ctx.db), ctx.school.code);
      const school = await untypedDb(ctx.db).withSchema('platform').selectFrom('school').select('created_at').where('code', '=', ctx.school.code).executeTakeFirstOrThrow();
      const shown = (r: typeof runs.last) => r && {
        at: r.finished_at, ok: r.ok, size: r.size, reason: r.reason, message: r.message,
        file: r.file ? path.basename(r.file) : null, uploaded: r.uploaded,
      };
      return ok({
        last: shown(runs.last),
        last_good: shown(runs.lastGood),
        warning: backupWarning(runs, settings.staleHours, new Date(school.created_at)),
        schedule: settings.time ? `Daily at ${settings.time} (${settings.timeZone})` : 'Off',
      });
    },
  });
}
