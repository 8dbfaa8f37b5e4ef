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
    await auditMany(tx, existing.map((e) => ({ resource: r.name, action: opts.action ?? 'update', recordId: e.id, data: { before: e, changes: audited } })));
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
