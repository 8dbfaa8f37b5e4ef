import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ok } from '../../framework/envelope.js';
import { periodRows } from '../../framework/periods.js';
import { addRoute, type RouteEnv } from '../../framework/route.js';

/** The SMS log (spec 3 /reports/sms/): every text the school sent, whatever the provider, with counts per period. */

/** The newest this many are listed; the cards count them all. */
export const SMS_LOG_LIMIT = 5000;

export function registerSmsLogRoutes(app: FastifyInstance, env: RouteEnv) {
  addRoute(app, env, {
    call: 'GET /reports/sms/', roles: [3, 4],
    handler: async (ctx, req) => {
      if ((req.query as Record<string, unknown>).card !== undefined) {
        const rows = await ctx.db.selectFrom(periodRows().as('p'))
          .select(['p.period', (eb) => eb.selectFrom('outbox_sms as m').select(sql<number>`count(*)::int`.as('n'))
            .where(sql<boolean>`m.created_at >= p.lo and m.created_at < p.hi`).as('count')])
          .execute();
        return ok(Object.fromEntries(rows.map((r) => [r.period, r.count])));
      }
      const rows = await ctx.db.selectFrom('outbox_sms')
        .select(['id', 'mobile as to', 'message', 'created_at as timestamp', sql<string>`provider || ': ' || status`.as('response')])
        .orderBy('id', 'desc').limit(SMS_LOG_LIMIT).execute();
      return ok(rows);
    },
  });
}
