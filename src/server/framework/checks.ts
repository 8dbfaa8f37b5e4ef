/** The checks the generic service runs before it writes (src/server/framework/service.ts, batch-writes.ts). */
import { sql } from 'kysely';
import { resourceByName } from '../../shared/registry.js';
import type { ResourceDef } from '../../shared/resource.js';
import { untypedDb, type Ctx } from './context.js';
import { badRequest, conflict } from './errors.js';
import type { Row } from './hooks.js';

/**
 * The reference and uniqueness checks of every write, of one row or a batch, in one query: every
 * value of `refRows` pointing at another record points at one that exists (a count per relation),
 * and no stored row (but `selfIds`, the rows being updated) shares a declared unique set of fields
 * with a row of `uniqueRows` (no two of those share one either). A set with an empty field never
 * clashes, as in the unique index: two timetable entries without a room share no room. Stored
 * rows are looked up by the field with the most distinct values in the batch (`in`, an index's
 * lead column), the others compared here.
 */
export async function checkRows(ctx: Ctx, r: ResourceDef, refRows: Row[], uniqueRows: Row[], selfIds: number[] = []) {
  const key = (x: unknown[]) => JSON.stringify(x.map((v) => (v == null ? null : String(v))));
  const refs: Array<{ field: string; table: string; n: number }> = [];
  for (const rel of Object.values(r.relations ?? {})) {
    // Two relations read from one column (a class's name and its section): one check.
    if (!rel.from || refs.some((x) => x.field === rel.from)) continue;
    const ids = [...new Set(refRows.map((x) => x[rel.from!]).filter((v) => v != null))];
    if (ids.length) refs.push({ field: rel.from, table: resourceByName(rel.resource!).table!, n: ids.length });
  }
  const uniques: Array<{ fields: string[]; message: string; keys: Set<string>; lead: { f: string; values: unknown[] } }> = [];
  for (const u of r.unique ?? []) {
    const keyed = uniqueRows.filter((x) => u.fields.every((f) => x[f] != null));
    if (!keyed.length) continue;
    const keys = new Set(keyed.map((x) => key(u.fields.map((f) => x[f]))));
    if (keys.size < keyed.length) throw conflict(u.message);
    const distinct = u.fields.map((f) => ({ f, values: [...new Set(keyed.map((x) => x[f]))] }));
    const lead = distinct.sort((p, q) => q.values.length - p.values.length)[0]!;
    if (lead.values.length) uniques.push({ fields: u.fields, message: u.message, keys, lead });
  }
  if (!refs.length && !uniques.length) return;
  const db = untypedDb(ctx.db);
  const found = await db.selectNoFrom((eb) => [
    ...refs.map((x, i) => eb.selectFrom(x.table).select(sql<number>`count(*)::int`.as('n'))
      .where('id', 'in', [...new Set(refRows.map((row) => row[x.field]).filter((v) => v != null))]).as(`r${i}`)),
    ...uniques.map((u, i) => {
      let qb = eb.selectFrom(r.table!).select(sql<string[][] | null>`json_agg(json_build_array(${sql.join(u.fields.map((f) => sql`${sql.ref(f)}::text`))}))`.as('v'))
        .where(u.lead.f, 'in', u.lead.values);
      if (selfIds.length) qb = qb.where('id', 'not in', selfIds);
      return qb.as(`u${i}`);
    }),
  ]).executeTakeFirstOrThrow() as Record<string, unknown>;
  refs.forEach((x, i) => {
    if (Number(found[`r${i}`]) < x.n) throw badRequest(`${r.schema.properties?.[x.field]?.title ?? x.field} not found`);
  });
  uniques.forEach((u, i) => {
    const stored = (found[`u${i}`] ?? []) as unknown[][];
    if (stored.some((x) => u.keys.has(key(x)))) throw conflict(u.message);
  });
}
