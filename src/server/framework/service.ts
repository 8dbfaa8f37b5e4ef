import { sql, type CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import { RESOURCES, resourceByName } from '../../shared/registry.js';
import type { ResourceDef } from '../../shared/resource.js';
import { hooksOf } from './extensions.js';
import { withTransaction } from '../db/index.js';
import { storedColumns } from '../db/sync.js';
import { untypedDb, type Ctx } from './context.js';
import { checkRows } from './checks.js';
import { badRequest, conflict, notFound } from './errors.js';
import type { Row } from './hooks.js';
import { likePattern, type ListQuery } from './paging.js';
import { applySort, fieldExpression, flattenCustom, selectRecords } from './query.js';
import { configOf, resourceFor } from './school-config.js';
import { applyScope, isScoped } from './scope.js';

/**
 * The one service that reads and writes every declared resource: scope, hooks,
 * uniqueness, references, the write and its audit record, in one transaction.
 */
export { hooksOf };

export const notFoundFor = (r: ResourceDef) => notFound(`${r.singular ?? 'Record'} not found`);

/** A value a cached list query takes per request: the compiled SQL keeps it as a parameter to fill. */
class Slot { constructor(readonly name: string) {} }
const slotsFilled = (c: CompiledQuery, values: Record<string, unknown>) =>
  c.parameters.map((p) => (p instanceof Slot ? values[p.name] : p));
/**
 * Lists are the hottest calls: their SQL is compiled once per school, resource and shape of the
 * query (bounded, as filter sets are the caller's choice) and run with this request's values.
 */
const compiledLists = new Map<string, { rows: CompiledQuery; total: CompiledQuery | null }>();
const MAX_COMPILED_LISTS = 2000;
/** The documented list call: every row its path parameters select, nothing counted. */
const WHOLE: ListQuery = { page: null, q: undefined, sort: null, filters: {} };

/** The documented answer of a list call: the rows its path parameters select, in the declared order. */
export async function list(ctx: Ctx, r: ResourceDef, params: Record<string, number>): Promise<Row[]> {
  return (await listRows(ctx, r, params, WHOLE, false)).rows;
}

/**
 * One page (or all, without `page`) of a list filtered by its path parameters and the query's
 * filters, searched and sorted, with the total number of rows that match.
 */
export async function listPage(ctx: Ctx, r: ResourceDef, params: Record<string, number>, query: ListQuery): Promise<{ rows: Row[]; total: number }> {
  const { rows, total } = await listRows(ctx, r, params, query, true);
  return { rows, total: total! };
}

async function listRows(ctx: Ctx, base: ResourceDef, params: Record<string, number>, query: ListQuery, counted: boolean): Promise<{ rows: Row[]; total: number | null }> {
  const r = resourceFor(ctx, base);
  const flat = (rows: Row[]) => (r.customFields?.length ? rows.map((row) => flattenCustom(r, row)) : rows);
  const values: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) values[`p.${k}`] = v;
  for (const [k, v] of Object.entries(query.filters)) values[`f.${k}`] = v;
  if (query.q) values.q = likePattern(query.q);
  if (query.page) Object.assign(values, { limit: query.page.size, offset: (query.page.page - 1) * query.page.size });
  const build = (v: (name: string) => unknown) => {
    let qb = selectRecords(ctx.db, r);
    for (const k of Object.keys(params)) qb = qb.where(`t.${k}`, '=', v(`p.${k}`));
    for (const k of Object.keys(query.filters)) qb = qb.where(`t.${k}`, '=', v(`f.${k}`));
    if (query.q) {
      const fields = searchExpressions(r);
      qb = qb.where((eb) => eb.or(fields.map((f) => eb(f.text ? f.expr : sql`${f.expr}::text`, 'ilike', v('q')))));
    }
    qb = applyScope(ctx, r, qb);
    const total = counted ? qb.clearSelect().select(sql<number>`count(*)::int`.as('n')) : null;
    let rows = qb;
    if (query.sort) rows = rows.orderBy(sql.ref(query.sort.column), query.sort.desc ? 'desc' : 'asc');
    rows = applySort(rows, r);
    if (query.page) rows = rows.limit(v('limit') as number).offset(v('offset') as number);
    return { rows, total };
  };
  // A scoped list has the person in its SQL; only the school-wide ones are compiled once.
  if (isScoped(ctx, r)) {
    const q = build((name) => values[name]);
    const [rows, total] = await Promise.all([q.rows.execute(), q.total?.executeTakeFirstOrThrow()]);
    return { rows: flat(rows), total: total?.n ?? null };
  }
  // The school's configuration version too: custom fields change the select.
  const key = [ctx.school.schema, r.customFields?.length ? configOf(ctx).version : '', r.name, Object.keys(params).join(','), Object.keys(query.filters).join(','),
    query.q ? 'q' : '', query.sort ? `${query.sort.desc ? '-' : ''}${query.sort.column}` : '', query.page ? 'page' : '', counted ? 'n' : ''].join('|');
  let compiled = compiledLists.get(key);
  if (!compiled) {
    const q = build((name) => new Slot(name));
    if (compiledLists.size >= MAX_COMPILED_LISTS) compiledLists.clear();
    compiledLists.set(key, (compiled = { rows: q.rows.compile(), total: q.total?.compile() ?? null }));
  }
  const { total: counting } = compiled;
  const [rows, total] = await Promise.all([
    ctx.db.executeQuery<Row>({ ...compiled.rows, parameters: slotsFilled(compiled.rows, values) }),
    counting ? ctx.db.executeQuery<{ n: number }>({ ...counting, parameters: slotsFilled(counting, values) }) : null,
  ]);
  return { rows: flat(rows.rows), total: total ? total.rows[0]!.n : null };
}

/** The SQL of a resource's declared search fields; a field its rows do not have is a declaration error. */
const searchFieldsOf = new Map<string, Array<{ expr: RawBuilder<unknown>; text: boolean }>>();
function searchExpressions(r: ResourceDef) {
  let found = searchFieldsOf.get(r.name);
  if (!found) {
    found = (r.list?.search ?? []).map((f) => {
      const e = fieldExpression(r, f);
      if (!e) throw new Error(`${r.name}: list.search names ${f}, which its rows do not have`);
      return e;
    });
    searchFieldsOf.set(r.name, found);
  }
  return found;
}

export async function one(ctx: Ctx, base: ResourceDef, id: number): Promise<Row> {
  const r = resourceFor(ctx, base);
  const row = await applyScope(ctx, r, selectRecords(ctx.db, r).where('t.id', '=', id)).executeTakeFirst();
  if (!row) throw notFoundFor(r);
  return withChildRows(ctx, r, flattenCustom(r, row));
}

/** A record with its declared child rows (`rows` relations), each read as its own resource reads it. */
async function withChildRows(ctx: Ctx, r: ResourceDef, row: Row): Promise<Row> {
  for (const [name, rel] of Object.entries(r.relations ?? {})) {
    if (!rel.rows) continue;
    const child = resourceFor(ctx, resourceByName(rel.rows.resource));
    const rows = await applySort(applyScope(ctx, child, selectRecords(ctx.db, child).where(`t.${rel.rows.by}`, '=', row.id)), child).execute();
    row[name] = rows.map((c) => flattenCustom(child, c));
  }
  return row;
}

/** One audit record; `userId` names who did it when a batch writes for many people (submissions closed together), else the caller. */
export type AuditEntry = { resource: string; action: string; recordId: unknown; data: unknown; userId?: number | null };
/** The batch audit records of each transaction the service opened, written in one statement just before it commits. */
const pendingAudits = new WeakMap<object, AuditEntry[]>();

/**
 * Runs `fn` in a transaction whose ctx.db is that transaction; the events it publishes are
 * delivered after the commit. The batch writes' audit records (auditMany) of the whole
 * transaction go in as one statement at its end: a refused write rolls them back with the rest.
 */
export function inTransaction<T, C extends Ctx = Ctx>(ctx: C, fn: (tx: C) => Promise<T>): Promise<T> {
  if (ctx.db.isTransaction) return fn(ctx);
  return withTransaction(ctx.db, async (trx) => {
    const tx = { ...ctx, db: trx };
    const pending: AuditEntry[] = [];
    pendingAudits.set(trx, pending);
    try {
      const out = await fn(tx);
      await insertAudits(tx, pending);
      return out;
    } finally {
      pendingAudits.delete(trx);
    }
  });
}

/** Resources declared `audit: false`: their rows are no person's action (an anonymous visitor's guest pass). */
const UNAUDITED = new Set(RESOURCES.filter((r) => r.audit === false).map((r) => r.name));

export async function audit(ctx: Ctx, resource: string, action: string, recordId: unknown, data: unknown) {
  if (UNAUDITED.has(resource)) return;
  await ctx.db.insertInto('audit').values({
    user_id: ctx.user.id || null, resource, action, record_id: recordId == null ? null : String(recordId), data: JSON.stringify(data ?? null),
  }).execute();
}

/** Audit records of many writes: kept for the end of the service's transaction when in one (bulk paths such as the student import), else written now. */
export async function auditMany(ctx: Ctx, all: AuditEntry[]) {
  const entries = all.filter((e) => !UNAUDITED.has(e.resource)).map((e) => (e.userId === undefined ? { ...e, userId: ctx.user.id || null } : e));
  if (!entries.length) return;
  const pending = pendingAudits.get(ctx.db);
  if (pending) pending.push(...entries);
  else await insertAudits(ctx, entries);
}

/** Many audit records in one statement with one parameter (a JSON array): cheaper than thousands of bound values. */
async function insertAudits(ctx: Ctx, entries: AuditEntry[]) {
  if (!entries.length) return;
  const rows = JSON.stringify(entries.map((e) => ({
    user_id: e.userId ?? null, resource: e.resource, action: e.action, record_id: e.recordId == null ? null : String(e.recordId), data: e.data ?? null,
  })));
  await ctx.db.insertInto('audit').columns(['user_id', 'resource', 'action', 'record_id', 'data'])
    .expression(sql`select x.user_id, x.resource, x.action, x.record_id, x.data from jsonb_to_recordset(${rows}::jsonb) as x(user_id int, resource text, action text, record_id text, data jsonb)`)
    .execute();
}

/** What the audit keeps of a payload: write-only fields (passwords) are never stored. */
export function redact(r: ResourceDef, data: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(data)) out[k] = r.schema.properties?.[k]?.writeOnly ? '[hidden]' : v;
  return out;
}

const columnsOf = (r: ResourceDef) => new Set(storedColumns(r).map(([c]) => c));

/**
 * Only stored columns go to the table; JSON values are serialised for jsonb. The school's
 * custom fields (of a configured resource, see resourceFor) go together into `custom`.
 */
export function toColumns(r: ResourceDef, data: Row): Row {
  const cols = columnsOf(r);
  const out: Row = {};
  let custom: Row | null = null;
  for (const [k, v] of Object.entries(data)) {
    if (r.customFields?.includes(k)) { (custom ??= {})[k] = v ?? null; continue; }
    if (!cols.has(k)) continue;
    out[k] = v !== null && typeof v === 'object' ? JSON.stringify(v) : v;
  }
  if (custom) out.custom = JSON.stringify(custom);
  return out;
}

/** Maps a unique-index clash that slipped past the check (a race) to its declared message. */
export function uniqueClash(r: ResourceDef, e: any): never {
  if (e?.code === '23505') {
    const u = (r.unique ?? []).find((x) => String(e.constraint ?? e.message).includes(x.fields.join('_')));
    throw conflict(u?.message ?? 'This record already exists');
  }
  throw e;
}

/** How a hand-written write is audited: the action's name when it is not the plain create, update or remove (a marks approval). */
export interface WriteOptions {
  action?: string;
  /** Who each row's write is for, when one batch writes for many people (submissions closed together); else the caller. */
  actor?: (row: Row) => number | null;
}

export async function create(ctx: Ctx, base: ResourceDef, input: Row, opts: WriteOptions = {}): Promise<Row> {
  const r = resourceFor(ctx, base);
  return inTransaction(ctx, async (tx) => {
    const hooks = hooksOf(r);
    await checkRows(tx, r, [input], []);
    const data = hooks.beforeCreate ? await hooks.beforeCreate(tx, { ...input }) : input;
    await checkRows(tx, r, [], [data]);
    const inserted = await untypedDb(tx.db).insertInto(r.table!).values(toColumns(r, data)).returning('id').executeTakeFirstOrThrow().catch((e) => uniqueClash(r, e));
    const row = await one(tx, r, inserted.id);
    await hooks.afterCreate?.(tx, row, input);
    await audit(tx, r.name, opts.action ?? 'create', row.id, redact(r, input));
    // The record as its afterCreate hook left it (a payroll entry with its first installment paid).
    return hooks.afterCreate ? one(tx, r, row.id) : row;
  });
}

/** The sentence a create's confirmation asks, from the resource's summarizeCreate hook; nothing is written. */
export async function previewCreate(ctx: Ctx, r: ResourceDef, input: Row): Promise<string> {
  await checkRows(ctx, r, [input], []);
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

/** A field fixed once the record is made (a book's code) may be sent again only unchanged. */
export function refuseFixedChanges(r: ResourceDef, changes: Row, existing: Row[]) {
  for (const f of r.form?.fixedAfterCreate ?? []) {
    if (f in changes && existing.some((e) => e[f] !== changes[f])) throw badRequest(`${r.schema.properties?.[f]?.title ?? f} cannot be changed`);
  }
}

async function lock(ctx: Ctx, r: ResourceDef, id: number): Promise<Row> {
  const existing = await untypedDb(ctx.db).selectFrom(r.table!).selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!existing) throw notFoundFor(r);
  // The person must be able to read it, too (scope); unscoped, the row found is readable (the
  // record's read, with its sums, would only cost: an account's balance sums its transactions).
  if (isScoped(ctx, r)) await one(ctx, r, id);
  return existing;
}

export async function update(ctx: Ctx, base: ResourceDef, id: number, input: Row, opts: WriteOptions = {}): Promise<Row> {
  const r = resourceFor(ctx, base);
  return inTransaction(ctx, async (tx) => {
    const existing = await lock(tx, r, id);
    refuseFixedChanges(r, input, [existing]);
    await checkRows(tx, r, [input], []);
    const hooks = hooksOf(r);
    const data = hooks.beforeUpdate ? await hooks.beforeUpdate(tx, { ...input }, existing) : input;
    await checkRows(tx, r, [], [{ ...existing, ...data }], [id]);
    const values: Row = toColumns(r, data);
    // Custom fields not sent keep their values.
    if (values.custom) values.custom = sql`coalesce("custom", '{}'::jsonb) || ${values.custom}::jsonb`;
    if (Object.keys(values).length) {
      await untypedDb(tx.db).updateTable(r.table!).set({ ...values, updated_at: new Date() }).where('id', '=', id).execute().catch((e) => uniqueClash(r, e));
    }
    const row = await one(tx, r, id);
    await hooks.afterUpdate?.(tx, row, existing);
    await audit(tx, r.name, opts.action ?? 'update', id, { before: existing, changes: redact(r, input) });
    return row;
  });
}

/** Resources whose rows point at `r`: a required reference blocks the delete, an optional one is cleared, a cascading one goes too. */
function referencesTo(r: ResourceDef) {
  const refs: Array<{ child: ResourceDef; column: string; required: boolean; cascade: boolean; keep?: string }> = [];
  for (const other of RESOURCES) {
    for (const rel of Object.values(other.relations ?? {})) {
      if (rel.from && rel.resource === r.name && other.table) {
        refs.push({ child: other, column: rel.from, required: (other.schema.required ?? []).includes(rel.from), cascade: !!rel.cascade, keep: rel.keep });
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
async function refuseWhileUsed(tx: Ctx, r: ResourceDef, owner: ResourceDef, ids: (db: Kysely<any>) => any, refs = referencesTo(r)) {
  for (const ref of refs.filter((x) => x.required && !x.cascade)) {
    const { n } = await untypedDb(tx.db).selectFrom(ref.child.table!).select((eb) => eb.fn.countAll<number>().as('n')).where(ref.column, 'in', ids(untypedDb(tx.db))).executeTakeFirstOrThrow();
    if (Number(n) > 0) {
      if (ref.keep) throw conflict(ref.keep);
      throw conflict(`This ${(owner.singular ?? 'record').toLowerCase()} is used by ${n} ${Number(n) === 1 ? (ref.child.singular ?? ref.child.label).toLowerCase() : ref.child.label.toLowerCase()}; remove those first`);
    }
  }
}

/** Clears optional references to `ids` of `r`. */
async function clearOptional(tx: Ctx, r: ResourceDef, ids: (db: Kysely<any>) => any, refs = referencesTo(r)) {
  for (const ref of refs.filter((x) => !x.required && !x.cascade)) {
    await untypedDb(tx.db).updateTable(ref.child.table!).set({ [ref.column]: null }).where(ref.column, 'in', ids(untypedDb(tx.db))).execute();
  }
}

export interface RemoveOptions extends WriteOptions {
  /** A record entered by mistake: every row pointing at it goes with it, except where its relation says `keep`. */
  withDependents?: boolean;
  /**
   * The rows that go with the record, read by the caller under its lock (a bill's lines,
   * installments and online orders), kept in the remove's audit record beside the record's own.
   */
  dependents?: Row;
}

export async function remove(ctx: Ctx, r: ResourceDef, id: number, opts: RemoveOptions = {}): Promise<Row> {
  return inTransaction(ctx, async (tx) => {
    const existing = await lock(tx, r, id);
    await removeRows(tx, r, [existing], opts);
    return existing;
  });
}

/**
 * Removes locked rows of `r` with a statement per rule for all of them: refused while required
 * references point at them, optional ones cleared, cascading children (every child, with
 * `withDependents`, but those whose relation says `keep`) removed too; each row's hooks and
 * audit record.
 */
export async function removeRows(tx: Ctx, r: ResourceDef, existing: Row[], opts: RemoveOptions = {}): Promise<void> {
  if (!existing.length) return;
  const ids = existing.map((e) => e.id as number);
  const self = (db: Kysely<any>) => db.selectFrom(r.table!).select('id').where('id', 'in', ids);
  const refs = referencesTo(r).map((x) => (opts.withDependents && !x.keep ? { ...x, cascade: true } : x));
  const cascades = refs.filter((x) => x.cascade);
  const childIds = (c: (typeof cascades)[number]) => (db: Kysely<any>) => db.selectFrom(c.child.table!).select('id').where(c.column, 'in', ids);
  await refuseWhileUsed(tx, r, r, self, refs);
  // Rows that go with ours must not be in use themselves (marks of a test's details).
  for (const c of cascades) await refuseWhileUsed(tx, c.child, r, childIds(c));
  const hooks = hooksOf(r);
  for (const e of existing) await hooks.beforeRemove?.(tx, e);
  for (const c of cascades) {
    await clearOptional(tx, c.child, childIds(c));
    await untypedDb(tx.db).deleteFrom(c.child.table!).where(c.column, 'in', ids).execute();
  }
  await clearOptional(tx, r, self, refs);
  await untypedDb(tx.db).deleteFrom(r.table!).where('id', 'in', ids).execute();
  for (const e of existing) await hooks.afterRemove?.(tx, e);
  const entries = existing.map((e) => ({ resource: r.name, action: opts.action ?? 'remove', recordId: e.id, data: opts.dependents ? { ...e, ...opts.dependents } : e }));
  // One record is written in its place among the transaction's others; a batch's go in together.
  if (entries.length === 1) await audit(tx, r.name, entries[0]!.action, entries[0]!.recordId, entries[0]!.data);
  else await auditMany(tx, entries);
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
