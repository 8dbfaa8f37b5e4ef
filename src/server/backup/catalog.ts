import { sql, type Kysely } from 'kysely';
import type { Column } from './format.js';

/** What the backup reads of PostgreSQL's catalog, alike on PGlite and PostgreSQL. */

export const quoteId = (id: string) => `"${id.replace(/"/g, '""')}"`;
export const qualified = (schema: string, name: string) => `${quoteId(schema)}.${quoteId(name)}`;

/** The tables of a schema, parents before the tables whose foreign keys point at them. */
export async function tablesInOrder(db: Kysely<any>, schema: string): Promise<string[]> {
  const tables = (await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and c.relkind in ('r', 'p') order by c.relname`.execute(db)).rows.map((r) => r.name);
  const edges = (await sql<{ child: string; parent: string }>`
    select ch.relname as child, pa.relname as parent
    from pg_constraint k join pg_class ch on ch.oid = k.conrelid join pg_class pa on pa.oid = k.confrelid
    join pg_namespace n on n.oid = k.connamespace
    where k.contype = 'f' and n.nspname = ${schema}`.execute(db)).rows;
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) if (e.child !== e.parent && parents.has(e.parent)) parents.get(e.child)?.add(e.parent);
  const out: string[] = [];
  const placed = new Set<string>();
  const visit = (t: string, path: Set<string>) => {
    if (placed.has(t) || path.has(t)) return; // a cycle keeps alphabetical order
    path.add(t);
    for (const p of [...parents.get(t)!].sort()) visit(p, path);
    path.delete(t);
    placed.add(t);
    out.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return out;
}

/** A table's stored columns (generated ones are computed again on restore). */
export async function columnsOf(db: Kysely<any>, schema: string, table: string): Promise<Column[]> {
  const rows = (await sql<{ name: string; type: string; base: string }>`
    select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, t.typname as base
    from pg_attribute a join pg_type t on t.oid = a.atttypid
    where a.attrelid = ${qualified(schema, table)}::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    order by a.attnum`.execute(db)).rows;
  return rows.map((r) => ({ name: r.name, type: r.type, bytea: r.base === 'bytea' }));
}

/** The primary key's columns, to read rows in key order (children after parents in a self-referencing table). */
export async function primaryKey(db: Kysely<any>, schema: string, table: string): Promise<string[]> {
  const rows = (await sql<{ name: string }>`
    select a.attname as name from pg_index i
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
    where i.indrelid = ${qualified(schema, table)}::regclass and i.indisprimary
    order by array_position(i.indkey::int2[], a.attnum)`.execute(db)).rows;
  return rows.map((r) => r.name);
}

export async function sequencesOf(db: Kysely<any>, schema: string): Promise<string[]> {
  return (await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and c.relkind = 'S' order by c.relname`.execute(db)).rows.map((r) => r.name);
}

export async function schemaExists(db: Kysely<any>, schema: string): Promise<boolean> {
  return (await sql`select 1 from pg_namespace where nspname = ${schema}`.execute(db)).rows.length > 0;
}

/**
 * Text forms that read back the same on any server: UTC timestamps, ISO dates, every digit of a
 * float. Set inside the transaction only.
 */
export async function neutralSession(db: Kysely<any>): Promise<void> {
  await sql.raw("set local timezone = 'UTC'").execute(db);
  await sql.raw("set local datestyle = 'ISO, YMD'").execute(db);
  await sql.raw("set local intervalstyle = 'postgres'").execute(db);
  await sql.raw('set local extra_float_digits = 3').execute(db);
  await sql.raw("set local bytea_output = 'hex'").execute(db);
}
