import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { resourceByName } from '../../../shared/registry.js';
import { pageRoles } from '../../../shared/resource.js';
import { ok } from '../../framework/envelope.js';
import { pageOf, queryPage, querySearch, querySort } from '../../framework/paging.js';
import { periodRows } from '../../framework/periods.js';
import { addRoute, type RouteEnv } from '../../framework/route.js';
import { likePattern } from '../../framework/paging.js';

/** The SMS log (spec 3 /reports/sms/): every text the school sent, whatever the provider, with counts per period. */

/** Without paging, the newest this many are listed; the cards count them all. */
export const SMS_LOG_LIMIT = 5000;

/** Who may read it: the screen that shows it (the students module's SMS Log page), the same rule as its menu entry. */
const students = resourceByName('students');
const screen = students.pages!.smsLog!;

/** Answer fields a page may be sorted by, and their columns. */
const SORTS = { id: 'id', to: 'mobile', timestamp: 'created_at' };

export function registerSmsLogRoutes(app: FastifyInstance, env: RouteEnv) {
  addRoute(app, env, {
    call: 'GET /reports/sms/', roles: pageRoles(students, screen), module: students.module, perm: screen.permission,
    handler: async (ctx, req) => {
      if ((req.query as Record<string, unknown>).card !== undefined) {
        const rows = await ctx.db.selectFrom(periodRows().as('p'))
          .select(['p.period', (eb) => eb.selectFrom('outbox_sms as m').select(sql<number>`count(*)::int`.as('n'))
            .where(sql<boolean>`m.created_at >= p.lo and m.created_at < p.hi`).as('count')])
          .execute();
        return ok(Object.fromEntries(rows.map((r) => [r.period, r.count])));
      }
      const page = queryPage(req);
      const q = querySearch(req);
      const sort = querySort(req, SORTS);
      let found = ctx.db.selectFrom('outbox_sms');
      // ?q: part of the mobile or of the message.
      if (q) found = found.where((eb) => eb.or([eb('mobile', 'ilike', likePattern(q)), eb('message', 'ilike', likePattern(q))]));
      let rows = found.select(['id', 'mobile as to', 'message', 'created_at as timestamp', sql<string>`provider || ': ' || status`.as('response')]);
      // Newest first unless asked; ties (texts sent together) follow the asked direction by id.
      const direction = sort && !sort.desc ? 'asc' : 'desc';
      if (sort && sort.column !== 'id') rows = rows.orderBy(sort.column as 'id', direction);
      rows = rows.orderBy('id', direction);
      if (!page) return ok(await rows.limit(SMS_LOG_LIMIT).execute());
      const [list, count] = await Promise.all([
        pageOf(rows, page).execute(),
        found.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { ...ok(list), meta: { total: count.n } };
    },
  });
}
