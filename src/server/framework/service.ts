import type { CompiledQuery } from 'kysely';
import { RESOURCES, resourceByName } from '../../shared/registry.js';
import type { ResourceDef } from '../../shared/resource.js';
import { hooksOf } from './extensions.js';
import { storedColumns } from '../db/sync.js';
import type { Ctx } from './context.js';
import { badRequest, conflict, notFound } from './errors.js';
import type { Row } from './hooks.js';
import { applySort, selectRecords } from './query.js';
import { applyScope, isScoped } from './scope.js';

/**
 * The one service that reads and writes every declared resource: scope, hooks,
 * uniqueness, references, the write and its audit record, in one transaction.
 */
export { hooksOf };

const notFoundFor = (r: ResourceDef) => notFound(`${r.singular ?? 'Record'} not found`);

// Lists are the hottest calls: their SQL is compiled once per school, resource and filter set.
const compiledLists = new Map<string, CompiledQuery>();

export async function list(ctx: Ctx, r: ResourceDef, filters: Record<string, number>): Promise<Row[]> {
  const keys = Object.keys(filters);
  const build = () => {
    let qb = selectRecords(ctx.db, r);
    for (const k of keys) qb = qb.where(`t.${k}`, '=', filters[k]);
    const scope = hooksOf(r).scope;
    if (scope) qb = scope(ctx, qb);
    return applySort(applyScope(ctx, r, qb), r);
  };
  // A scoped list has the person in its SQL; only the school-wide ones are compiled once.
  if (hooksOf(r).scope || isScoped(ctx, r)) return build().execute();
  const key = `${ctx.school.schema}|${r.name}|${keys.join(',')}`;
  let compiled = compiledLists.get(key);
  if (!compiled) compiledLists.set(key, (compiled = build().compile()));
  // The filters are the query's only parameters, in the order they were added.
  const res = await ctx.db.executeQuery<Row>({ ...compiled, parameters: keys.map((k) => filters[k]) });
  return res.rows;
}

export async function one(ctx: Ctx, r: ResourceDef, id: number): Promise<Row> {
  let qb = applyScope(ctx, r, selectRecords(ctx.db, r).where('t.id', '=', id));
  const scope = hooksOf(r).scope;
  if (scope) qb = scope(ctx, qb);
  const row = await qb.executeTakeFirst();
  if (!row) throw notFoundFor(r);
  return row;
}

/** Runs `fn` in a transaction whose ctx.db is that transaction. */
export function inTransaction<T, C extends Ctx = Ctx>(ctx: C, fn: (tx: C) => Promise<T>): Promise<T> {
  if (ctx.db.isTransaction) return fn(ctx);
  return ctx.db.transaction().execute((trx) => fn({ ...ctx, db: trx }));
}

export async function audit(ctx: Ctx, resource: string, action: string, recordId: unknown, data: unknown) {
  await ctx.db.insertInto('audit').values({
    user_id: ctx.user.id, resource, action, record_id: recordId == null ? null : String(recordId), data: JSON.stringify(data ?? null),
  }).execute();
}

/** Audit records of many writes in one statement (bulk paths such as the student import). */
export async function auditMany(ctx: Ctx, entries: Array<{ resource: string; action: string; recordId: unknown; data: unknown }>) {
  if (!entries.length) return;
  await ctx.db.insertInto('audit').values(entries.map((e) => ({
    user_id: ctx.user.id, resource: e.resource, action: e.action, record_id: e.recordId == null ? null : String(e.recordId), data: JSON.stringify(e.data ?? null),
  }))).execute();
}

/** What the audit keeps of a payload: write-only fields (passwords) are never stored. */
export function redact(r: ResourceDef, data: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(data)) out[k] = r.schema.properties?.[k]?.writeOnly ? '[hidden]' : v;
  return out;
}

const columnsOf = (r: ResourceDef) => new Set(storedColumns(r).map(([c]) => c));

/** Only stored columns go to the table; JSON values are serialised for jsonb. */
export function toColumns(r: ResourceDef, data: Row): Row {
  const cols = columnsOf(r);
  const out: Row = {};
  for (const [k, v] of Object.entries(data)) {
    if (!cols.has(k)) continue;
    out[k] = v !== null && typeof v === 'object' ? JSON.stringify(v) : v;
  }
  return out;
}

/** A value pointing at another record must point at one that exists. */
async function checkReferences(ctx: Ctx, r: ResourceDef, data: Row) {
  for (const rel of Object.values(r.relations ?? {})) {
    if (!rel.from || data[rel.from] == null) continue;
    const target = resourceByName(rel.resource!);
    const found = await ctx.db.selectFrom(target.table!).select('id').where('id', '=', data[rel.from]).executeTakeFirst();
    if (!found) throw badRequest(`${r.schema.properties?.[rel.from]?.title ?? rel.from} not found`);
  }
}

async function checkUnique(ctx: Ctx, r: ResourceDef, data: Row, selfId?: number) {
  for (const u of r.unique ?? []) {
    if (!u.fields.every((f) => f in data)) continue;
    let qb = ctx.db.selectFrom(r.table!).select('id');
    for (const f of u.fields) qb = data[f] === null ? qb.where(f, 'is', null) : qb.where(f, '=', data[f]);
    if (selfId !== undefined) qb = qb.where('id', '!=', selfId);
    if (await qb.executeTakeFirst()) throw conflict(u.message);
  }
}

/** Maps a unique-index clash that slipped past the check (a race) to its declared message. */
function uniqueClash(r: ResourceDef, e: any): never {
  if (e?.code === '23505') {
    const u = (r.unique ?? []).find((x) => String(e.constraint ?? e.message).includes(x.fields.join('_')));
    throw conflict(u?.message ?? 'This record already exists');
  }
  throw e;
}

export async function create(ctx: Ctx, r: ResourceDef, input: Row): Promise<Row> {
  return inTransaction(ctx, async (tx) => {
    const hooks = hooksOf(r);
    await checkReferences(tx, r, input);
    const data = hooks.beforeCreate ? await hooks.beforeCreate(tx, { ...input }) : input;
    await checkUnique(tx, r, data);
    const inserted = await tx.db.insertInto(r.table!).values(toColumns(r, data)).returning('id').executeTakeFirstOrThrow().catch((e) => uniqueClash(r, e));
    const row = await one(tx, r, inserted.id);
    await hooks.afterCreate?.(tx, row, input);
    await audit(tx, r.name, 'create', row.id, redact(r, input));
    return row;
  });
}

/** The sentence a create's confirmation asks, from the resource's summarizeCreate hook; nothing is written. */
export async function previewCreate(ctx: Ctx, r: ResourceDef, input: Row): Promise<string> {
  await checkReferences(ctx, r, input);
  return hooksOf(r).summarizeCreate!(ctx, { ...input });
}

/** Creates one record per row of a batch payload, all or none. */
export async function createBatch(ctx: Ctx, r: ResourceDef, input: Row): Promise<Row[]> {
  const { rows, shared } = r.batch!;
  return inTransaction(ctx, async (tx) => {
    const out: Row[] = [];
    for (const item of input[rows] as Row[]) {
      const merged = { ...item };
      for (const k of shared) merged[k] = input[k];
      out.push(await create(tx, r, merged));
    }
    return out;
  });
}

async function lock(ctx: Ctx, r: ResourceDef, id: number): Promise<Row> {
  const existing = await ctx.db.selectFrom(r.table!).selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!existing) throw notFoundFor(r);
  // The person must be able to read it, too (scope).
  await one(ctx, r, id);
  return existing;
}

export async function update(ctx: Ctx, r: ResourceDef, id: number, input: Row): Promise<Row> {
  return inTransaction(ctx, async (tx) => {
    const existing = await lock(tx, r, id);
    for (const f of r.form?.fixedAfterCreate ?? []) {
      if (f in input && input[f] !== existing[f]) throw badRequest(`${r.schema.properties?.[f]?.title ?? f} cannot be changed`);
    }
    await checkReferences(tx, r, input);
    const hooks = hooksOf(r);
    const data = hooks.beforeUpdate ? await hooks.beforeUpdate(tx, { ...input }, existing) : input;
    await checkUnique(tx, r, { ...existing, ...data }, id);
    const values = toColumns(r, data);
    if (Object.keys(values).length) {
      await tx.db.updateTable(r.table!).set({ ...values, updated_at: new Date() }).where('id', '=', id).execute().catch((e) => uniqueClash(r, e));
    }
    const row = await one(tx, r, id);
    await hooks.afterUpdate?.(tx, row, existing);
    await audit(tx, r.name, 'update', id, { before: existing, changes: redact(r, input) });
    return row;
  });
}

/** Resources whose rows point at `r`: a required reference blocks the delete, an optional one is cleared, a cascading one goes too. */
function referencesTo(r: ResourceDef) {
  const refs: Array<{ child: ResourceDef; column: string; required: boolean; cascade: boolean }> = [];
  for (const other of RESOURCES) {
    for (const rel of Object.values(other.relations ?? {})) {
      if (rel.from && rel.resource === r.name && other.table) {
        refs.push({ child: other, column: rel.from, required: (other.schema.required ?? []).includes(rel.from), cascade: !!rel.cascade });
      }
    }
  }
  for (const rel of Object.values(r.relations ?? {})) {
    if (rel.count) {
      const child = resourceByName(rel.count);
      refs.push({ child, column: rel.by!, required: (child.schema.required ?? []).includes(rel.by), cascade: false });
    }
  }
  const seen = new Map<string, (typeof refs)[number]>();
  for (const x of refs) {
    const key = `${x.child.name}.${x.column}`;
    const had = seen.get(key);
    if (!had) seen.set(key, x);
    else had.cascade ||= x.cascade;
  }
  return [...seen.values()];
}

/** Refuses the delete while `ids` (our rows, or a cascading child's rows) are used by required references. */
async function refuseWhileUsed(tx: Ctx, r: ResourceDef, owner: ResourceDef, ids: (db: Ctx['db']) => any) {
  for (const ref of referencesTo(r).filter((x) => x.required && !x.cascade)) {
    const { n } = await tx.db.selectFrom(ref.child.table!).select((eb) => eb.fn.countAll<number>().as('n')).where(ref.column, 'in', ids(tx.db)).executeTakeFirstOrThrow();
    if (Number(n) > 0) {
      throw conflict(`This ${(owner.singular ?? 'record').toLowerCase()} is used by ${n} ${Number(n) === 1 ? (ref.child.singular ?? ref.child.label).toLowerCase() : ref.child.label.toLowerCase()}; remove those first`);
    }
  }
}

/** Clears optional references to `ids` of `r`. */
async function clearOptional(tx: Ctx, r: ResourceDef, ids: (db: Ctx['db']) => any) {
  for (const ref of referencesTo(r).filter((x) => !x.required && !x.cascade)) {
    await tx.db.updateTable(ref.child.table!).set({ [ref.column]: null }).where(ref.column, 'in', ids(tx.db)).execute();
  }
}

export async function remove(ctx: Ctx, r: ResourceDef, id: number): Promise<Row> {
  return inTransaction(ctx, async (tx) => {
    const existing = await lock(tx, r, id);
    const self = (db: Ctx['db']) => db.selectFrom(r.table!).select('id').where('id', '=', id);
    const cascades = referencesTo(r).filter((x) => x.cascade);
    const childIds = (c: (typeof cascades)[number]) => (db: Ctx['db']) => db.selectFrom(c.child.table!).select('id').where(c.column, '=', id);
    await refuseWhileUsed(tx, r, r, self);
    // Rows that go with ours must not be in use themselves (marks of a test's details).
    for (const c of cascades) await refuseWhileUsed(tx, c.child, r, childIds(c));
    await hooksOf(r).beforeRemove?.(tx, existing);
    for (const c of cascades) {
      await clearOptional(tx, c.child, childIds(c));
      await tx.db.deleteFrom(c.child.table!).where(c.column, '=', id).execute();
    }
    await clearOptional(tx, r, self);
    await tx.db.deleteFrom(r.table!).where('id', '=', id).execute();
    await hooksOf(r).afterRemove?.(tx, existing);
    await audit(tx, r.name, 'remove', id, existing);
    return existing;
  });
}

export async function runAction(ctx: Ctx, r: ResourceDef, name: string, id: number): Promise<Row | { id: number }> {
  const handler = hooksOf(r).actions?.[name];
  if (!handler) {
    if (name === 'delete') return remove(ctx, r, id);
    throw badRequest('Unknown action');
  }
  return inTransaction(ctx, async (tx) => {
    const existing = await lock(tx, r, id);
    await handler(tx, existing);
    await audit(tx, r.name, name, id, null);
    return one(tx, r, id).catch(() => ({ id }));
  });
}
