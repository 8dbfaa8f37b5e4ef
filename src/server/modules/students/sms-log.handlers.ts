import { sql } from 'kysely';
import { defineHandlers } from '../../framework/calls.js';
import { likePattern, pageOf, queryPage, querySearch, querySort } from '../../framework/paging.js';
import { periodRows } from '../../framework/periods.js';

/** The SMS log (spec 3 /reports/sms/): every text the school sent, whatever the provider, with counts per period. */

/** Without paging, the newest this many are listed; the cards count them all. */
const SMS_LOG_LIMIT = 5000;

/** Answer fields a page may be sorted by, and their columns. */
const SORTS = { id: 'id', to: 'mobile', timestamp: 'created_at' };

export default defineHandlers('students', {
  smsLog: async (ctx, { query }) => {
    if (query.card !== undefined) {
      const rows = await ctx.db.selectFrom(periodRows().as('p'))
        .select(['p.period', (eb) => eb.selectFrom('outbox_sms as m').select(sql<number>`count(*)::int`.as('n'))
          .where(sql<boolean>`m.created_at >= p.lo and m.created_at < p.hi`).as('count')])
        .execute();
      return Object.fromEntries(rows.map((r) => [r.period, r.count]));
    }
    const page = queryPage(query);
    const q = querySearch(query);
    const sort = querySort(query, SORTS);
    let found = ctx.db.selectFrom('outbox_sms');
    // ?q: part of the mobile or of the message.
    if (q) found = found.where((eb) => eb.or([eb('mobile', 'ilike', likePattern(q)), eb('message', 'ilike', likePattern(q))]));
    let rows = found.select(['id', 'mobile as to', 'message', 'created_at as timestamp', sql<string>`provider || ': ' || status`.as('response')]);
    // Newest first unless asked; ties (texts sent together) follow the asked direction by id.
    const direction = sort && !sort.desc ? 'asc' : 'desc';
    if (sort && sort.column !== 'id') rows = rows.orderBy(sort.column as 'id', direction);
    rows = rows.orderBy('id', direction);
    if (!page) return rows.limit(SMS_LOG_LIMIT).execute();
    const [list, count] = await Promise.all([
      pageOf(rows, page).execute(),
      found.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return ctx.paged(list, count.n);
  },
});
