/**
 * The generic service's batch writes (the student import's hundreds of rows at a time, a
 * class's marks): the same rules as one create, update or remove (the row scope, the hooks,
 * references, uniqueness, the audit), with a statement per rule for the whole batch instead of
 * one per row. A resource's hooks may have batch variants (`beforeCreateMany`,
 * `afterCreateMany`, `beforeUpdateMany`, `afterUpdateMany`); without them each row's own hooks run.
 */
import { sql } from 'kysely';
import { resourceByName } from '../../shared/registry.js';
import type { ResourceDef } from '../../shared/resource.js';
import { untypedDb, type Ctx } from './context.js';
import { badRequest, conflict } from './errors.js';
import { hooksOf } from './extensions.js';
import type { Row } from './hooks.js';
import { flattenCustom } from './query.js';
import { resourceFor } from './school-config.js';
import { applyScope, isScoped } from './scope.js';
import { auditMany, inTransaction, notFoundFor, redact, remove, toColumns, uniqueClash, update, type WriteOptions } from './service.js';

/** Which rows a batch update or remove touches: column = value, column in [values], column is null. */
export type Where = Record<string, unknown>;

/**
 * The batch's checks in one query: every value pointing at another record points at one that
 * exists (a count per relation), and no stored row shares a declared unique field with a row of
 * the batch (no two rows of the batch share one either). Stored rows are looked up by the field
 * with the most distinct values in the batch (`in`, an index's lead column), the others compared here.
 */
async function checkMany(ctx: Ctx, r: ResourceDef, refRows: Row[], uniqueRows: Row[], selfIds: number[] = []) {
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
    // A set with an empty field never clashes, as in the unique index.
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

/** A person with a row scope (a teacher) writes only rows they could then read; another's is answered as missing. */
async function assertReached(ctx: Ctx, r: ResourceDef, ids: number[]) {
  if (!ids.length || !isScoped(ctx, r)) return;
  const qb = applyScope(ctx, r, untypedDb(ctx.db).selectFrom(`${r.table!} as t`).select(sql<number>`count(*)::int`.as('n')).where('t.id', 'in', ids));
  const { n } = await qb.executeTakeFirstOrThrow();
  if (n < ids.length) throw notFoundFor(r);
}

/** Creates the rows in one statement, with their hooks, checks and audit records; returns them as stored. */
export async function createMany(ctx: Ctx, base: ResourceDef, inputs: Row[], opts: WriteOptions = {}): Promise<Row[]> {
  if (!inputs.length) return [];
  const r = resourceFor(ctx, base);
  return inTransaction(ctx, async (tx) => {
    const hooks = hooksOf(r);
    let data = inputs.map((x) => ({ ...x }));
    if (hooks.beforeCreateMany) data = await hooks.beforeCreateMany(tx, data);
    else if (hooks.beforeCreate) { for (let i = 0; i < data.length; i++) data[i] = await hooks.beforeCreate(tx, data[i]!); }
    await checkMany(tx, r, inputs, data);
    const rows = await untypedDb(tx.db).insertInto(r.table!).values(data.map((x) => toColumns(r, x))).returningAll().execute().catch((e) => uniqueClash(r, e)) as Row[];
    await assertReached(tx, r, rows.map((x) => x.id));
    if (hooks.afterCreateMany) await hooks.afterCreateMany(tx, rows, inputs);
    else if (hooks.afterCreate) { for (let i = 0; i < rows.length; i++) await hooks.afterCreate(tx, rows[i]!, inputs[i]!); }
    await auditMany(tx, rows.map((row, i) => ({ resource: r.name, action: opts.action ?? 'create', recordId: row.id, data: redact(r, inputs[i]!) })));
    return rows.map((row) => flattenCustom(r, row));
  });
}

/** The rows `where` selects, locked for the write. */
function selected(ctx: Ctx, r: ResourceDef, where: Where) {
  let qb = untypedDb(ctx.db).selectFrom(r.table!).selectAll();
  for (const [k, v] of Object.entries(where)) {
    if (v === undefined) continue;
    qb = v === null ? qb.where(k, 'is', null) : Array.isArray(v) ? qb.where(k, 'in', v) : qb.where(k, '=', v);
  }
  return qb;
}
/** A `where` with an empty list selects nothing (SQL has no `in ()`). */
const selectsNothing = (where: Where) => Object.values(where).some((v) => Array.isArray(v) && !v.length);

/**
 * Sets `changes` on every row `where` selects, as one statement when the resource's update hooks
 * (if any) have batch variants (beforeUpdateMany, afterUpdateMany), else row by row, each with
 * its hooks; returns the rows as they now are.
 */
export async function updateWhere(ctx: Ctx, base: ResourceDef, where: Where, changes: Row, opts: WriteOptions = {}): Promise<Row[]> {
  const r = resourceFor(ctx, base);
  if (selectsNothing(where)) return [];
  return inTransaction(ctx, async (tx) => {
    const existing = await selected(tx, r, where).orderBy('id').forUpdate().execute() as Row[];
    if (!existing.length) return [];
    const hooks = hooksOf(r);
    const rowByRow = (hooks.beforeUpdate && !hooks.beforeUpdateMany) || (hooks.afterUpdate && !hooks.afterUpdateMany);
    if (rowByRow || existing.length === 1) {
      const out: Row[] = [];
      for (const e of existing) out.push(await update(tx, r, e.id, changes, opts));
      return out;
    }
    await assertReached(tx, r, existing.map((e) => e.id));
    for (const f of r.form?.fixedAfterCreate ?? []) {
      if (f in changes && existing.some((e) => e[f] !== changes[f])) throw badRequest(`${r.schema.properties?.[f]?.title ?? f} cannot be changed`);
    }
    const ids = existing.map((e) => e.id);
    const data = hooks.beforeUpdateMany ? await hooks.beforeUpdateMany(tx, { ...changes }, existing as Array<Row & { id: number }>) : changes;
    // Only a change to a unique field can make a clash.
    const clashable = (r.unique ?? []).some((u) => u.fields.some((f) => f in data));
    await checkMany(tx, r, [changes], clashable ? existing.map((e) => ({ ...e, ...data })) : [], ids);
    const values: Row = toColumns(r, data);
    if (values.custom) values.custom = sql`coalesce("custom", '{}'::jsonb) || ${values.custom}::jsonb`;
    const rows = Object.keys(values).length
      ? (await untypedDb(tx.db).updateTable(r.table!).set({ ...values, updated_at: new Date() }).where('id', 'in', ids).returningAll().execute().catch((e) => uniqueClash(r, e)) as Row[])
        .sort((a, b) => a.id - b.id)
      : existing;
    await hooks.afterUpdateMany?.(tx, rows as Array<Row & { id: number }>, existing as Array<Row & { id: number }>);
    const audited = redact(r, changes);
    await auditMany(tx, existing.map((e) => ({ resource: r.name, action: opts.action ?? 'update', recordId: e.id, data: { before: e, changes: audited } })));
    return rows;
  });
}

/** Removes every row `where` selects, each as one remove (references, cascades, hooks, audit); returns them. */
export async function removeWhere(ctx: Ctx, base: ResourceDef, where: Where, opts: WriteOptions = {}): Promise<Row[]> {
  const r = resourceFor(ctx, base);
  if (selectsNothing(where)) return [];
  return inTransaction(ctx, async (tx) => {
    const existing = await selected(tx, r, where).orderBy('id').execute() as Row[];
    const out: Row[] = [];
    for (const e of existing) out.push(await remove(tx, r, e.id, opts));
    return out;
  });
}
