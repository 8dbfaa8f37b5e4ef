/**
 * The generic service's batch writes (the student import's hundreds of rows at a time, a
 * class's marks): the same rules as one create, update or remove (the row scope, the hooks,
 * references, uniqueness, the audit), with a statement per rule for the whole batch instead of
 * one per row (a remove's hooks run for each row). A resource's hooks may have batch variants (`beforeCreateMany`,
 * `afterCreateMany`, `beforeUpdateMany`, `afterUpdateMany`); without them each row's own hooks run.
 */
import { sql } from 'kysely';
import type { ResourceDef } from '../../shared/resource.js';
import { untypedDb, type Ctx } from './context.js';
import { checkRows } from './checks.js';
import { hooksOf } from './extensions.js';
import type { Row } from './hooks.js';
import { flattenCustom } from './query.js';
import { resourceFor } from './school-config.js';
import { applyScope, isScoped } from './scope.js';
import { auditMany, inTransaction, notFoundFor, redact, refuseFixedChanges, removeRows, toColumns, uniqueClash, update, type RemoveOptions, type WriteOptions } from './service.js';

/** Which rows a batch update or remove touches: column = value, column in [values], column is null. */
export type Where = Record<string, unknown>;

/** A person with a row scope (a teacher) writes only rows they could then read; another's is answered as missing. */
async function assertReached(ctx: Ctx, r: ResourceDef, ids: number[]) {
  if (!ids.length || !isScoped(ctx, r)) return;
  const qb = applyScope(ctx, r, untypedDb(ctx.db).selectFrom(`${r.table!} as t`).select(sql<number>`count(*)::int`.as('n')).where('t.id', 'in', ids));
  const { n } = await qb.executeTakeFirstOrThrow();
  if (n < ids.length) throw notFoundFor(r);
}

/** A statement binds at most 65,535 values: a big batch (a class's answers closed together) goes in parts under it. */
function withinParameterLimit(rows: Row[], limit = 30_000): Row[][] {
  const width = Math.max(1, ...rows.map((x) => Object.keys(x).length));
  const per = Math.max(1, Math.floor(limit / width));
  const parts: Row[][] = [];
  for (let i = 0; i < rows.length; i += per) parts.push(rows.slice(i, i + per));
  return parts;
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
    await checkRows(tx, r, inputs, data);
    const rows: Row[] = [];
    for (const part of withinParameterLimit(data.map((x) => toColumns(r, x)))) {
      rows.push(...await untypedDb(tx.db).insertInto(r.table!).values(part).returningAll().execute().catch((e) => uniqueClash(r, e)) as Row[]);
    }
    await assertReached(tx, r, rows.map((x) => x.id));
    if (hooks.afterCreateMany) await hooks.afterCreateMany(tx, rows, inputs);
    else if (hooks.afterCreate) { for (let i = 0; i < rows.length; i++) await hooks.afterCreate(tx, rows[i]!, inputs[i]!); }
    await auditMany(tx, rows.map((row, i) => ({ resource: r.name, action: opts.action ?? 'create', recordId: row.id, data: redact(r, inputs[i]!), ...actorOf(opts, row) })));
    return rows.map((row) => flattenCustom(r, row));
  });
}

/** The audit record's person when the write names one per row (WriteOptions.actor). */
const actorOf = (opts: WriteOptions, row: Row) => (opts.actor ? { userId: opts.actor(row) } : {});

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
    refuseFixedChanges(r, changes, existing);
    const ids = existing.map((e) => e.id);
    const data = hooks.beforeUpdateMany ? await hooks.beforeUpdateMany(tx, { ...changes }, existing as Array<Row & { id: number }>) : changes;
    // Only a change to a unique field can make a clash.
    const clashable = (r.unique ?? []).some((u) => u.fields.some((f) => f in data));
    await checkRows(tx, r, [changes], clashable ? existing.map((e) => ({ ...e, ...data })) : [], ids);
    const values: Row = toColumns(r, data);
    if (values.custom) values.custom = sql`coalesce("custom", '{}'::jsonb) || ${values.custom}::jsonb`;
    const rows = Object.keys(values).length
      ? (await untypedDb(tx.db).updateTable(r.table!).set({ ...values, updated_at: new Date() }).where('id', 'in', ids).returningAll().execute().catch((e) => uniqueClash(r, e)) as Row[])
        .sort((a, b) => a.id - b.id)
      : existing;
    await hooks.afterUpdateMany?.(tx, rows as Array<Row & { id: number }>, existing as Array<Row & { id: number }>);
    const audited = redact(r, changes);
    await auditMany(tx, existing.map((e) => ({ resource: r.name, action: opts.action ?? 'update', recordId: e.id, data: { before: e, changes: audited }, ...actorOf(opts, e) })));
    return rows;
  });
}

/**
 * Sets each row's own changes (the attempts a batch of submissions closes, each with its marks and
 * its submitter) in one statement: the changes travel as one JSON parameter read back with the
 * table's own column types. Rows are locked, reached and checked as updateWhere does; a resource
 * with update hooks is written row by row, each with its hooks. Returns the rows as they now are.
 */
export async function updateEach(ctx: Ctx, base: ResourceDef, changes: Array<Row & { id: number }>, opts: WriteOptions = {}): Promise<Row[]> {
  const r = resourceFor(ctx, base);
  if (!changes.length) return [];
  return inTransaction(ctx, async (tx) => {
    const ids = changes.map((c) => c.id);
    if (new Set(ids).size < ids.length) throw new Error(`updateEach: a row of ${r.name} is named twice`);
    const existing = await selected(tx, r, { id: ids }).orderBy('id').forUpdate().execute() as Row[];
    if (existing.length < ids.length) throw notFoundFor(r);
    const hooks = hooksOf(r);
    if (hooks.beforeUpdate || hooks.afterUpdate || hooks.beforeUpdateMany || hooks.afterUpdateMany || r.customFields?.length) {
      const out: Row[] = [];
      for (const { id, ...c } of changes) out.push(await update(tx, r, id, c, opts));
      return out;
    }
    await assertReached(tx, r, ids);
    const before = new Map(existing.map((e) => [e.id as number, e]));
    for (const c of changes) refuseFixedChanges(r, c, [before.get(c.id)!]);
    const clashable = (r.unique ?? []).some((u) => u.fields.some((f) => changes.some((c) => f in c)));
    await checkRows(tx, r, changes, clashable ? changes.map((c) => ({ ...before.get(c.id), ...c })) : [], ids);
    // Every row sets the same columns: a column one row leaves out keeps that row's value.
    const columns = [...new Set(changes.flatMap((c) => Object.keys(toColumns(r, c))))].filter((c) => c !== 'id');
    const records = changes.map((c) => {
      const set = toColumns(r, c);
      const e = before.get(c.id)!;
      return Object.fromEntries([['id', c.id], ...columns.map((k) => [k, k in set ? c[k] : e[k]])]);
    });
    const rows = columns.length
      ? (await untypedDb(tx.db).updateTable(r.table!)
        .set(Object.fromEntries([...columns.map((k) => [k, sql.ref(`x.${k}`)]), ['updated_at', new Date()]]))
        .from(sql`jsonb_populate_recordset(null::${sql.table(r.table!)}, ${JSON.stringify(records)}::jsonb)`.as('x'))
        .whereRef(`${r.table!}.id`, '=', 'x.id').returningAll(r.table! as never).execute().catch((e) => uniqueClash(r, e)) as Row[])
        .sort((a, b) => a.id - b.id)
      : existing;
    await auditMany(tx, changes.map((c) => ({ resource: r.name, action: opts.action ?? 'update', recordId: c.id, data: { before: before.get(c.id), changes: redact(r, c) }, ...actorOf(opts, before.get(c.id)!) })));
    return rows;
  });
}

/** Removes every row `where` selects, as one remove does (references, cascades, hooks, audit); returns them. */
export async function removeWhere(ctx: Ctx, base: ResourceDef, where: Where, opts: RemoveOptions = {}): Promise<Row[]> {
  const r = resourceFor(ctx, base);
  if (selectsNothing(where)) return [];
  return inTransaction(ctx, async (tx) => {
    const existing = await selected(tx, r, where).orderBy('id').forUpdate().execute() as Row[];
    await assertReached(tx, r, existing.map((e) => e.id));
    await removeRows(tx, r, existing, opts);
    return existing;
  });
}
