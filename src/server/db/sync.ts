import { sql, type Kysely } from 'kysely';
import { RESOURCES, resourceByName } from '../../shared/registry.js';
import type { JsonSchema, ResourceDef } from '../../shared/resource.js';
import { customizable } from '../../shared/school-config.js';
import { columnType, notNull, RESOURCE_TABLE_DDL, storedColumns } from './columns.js';
import { CORE_TABLES } from './core-tables.js';
export { columnType, storedColumns } from './columns.js';
import { syncDerived } from './derived.js';
import { derivedTables } from './derived-tables.js';
import { withTransaction } from './index.js';
import { runMigrations, type Migration } from './migrate.js';
import { MIGRATIONS } from '../../generated/migrations.js';
import { analyzeTables } from './statistics.js';
import { addMissingForeignKeys, declaredForeignKeys } from './foreign-keys.js';

const q = (id: string) => `"${id.replace(/"/g, '""')}"`;

/** DDL that creates or extends one resource's table; adding columns is the only change it makes. */
export function resourceDdl(r: ResourceDef): string[] {
  if (!r.table) return [];
  const t = q(r.table);
  const dflt = (prop: JsonSchema) => (prop.default !== undefined && typeof prop.default !== 'object' ? ` default ${sqlLiteral(prop.default)}` : '');
  // A new table gets its required columns NOT NULL at once; on an existing table that is a migration's work.
  const required = storedColumns(r).filter(([col, prop]) => notNull(r, col, prop)).map(([col, prop]) => `${q(col)} ${columnType(prop)} not null${dflt(prop)}`);
  const out = [RESOURCE_TABLE_DDL(t, required)];
  for (const [col, prop] of storedColumns(r)) {
    out.push(`alter table ${t} add column if not exists ${q(col)} ${columnType(prop)}${dflt(prop)}`);
  }
  // A school's custom fields (config/schools/<CODE>.json) are kept here, flat in the API.
  if (customizable(r)) out.push(`alter table ${t} add column if not exists "custom" jsonb not null default '{}'::jsonb`);
  for (const rel of Object.values(r.relations ?? {})) {
    if (rel.from) out.push(`create index if not exists ${q(`${r.table}_${rel.from}_ix`)} on ${t} (${q(rel.from)})`);
    if (rel.sum) {
      const child = resourceByName(rel.sum.resource);
      out.push(`create index if not exists ${q(`${child.table}_${rel.sum.by}_ix`)} on ${q(child.table!)} (${q(rel.sum.by)})`);
    }
    if (rel.count) {
      const child = resourceByName(rel.count);
      out.push(`create index if not exists ${q(`${child.table}_${rel.by}_ix`)} on ${q(child.table!)} (${q(rel.by!)})`);
    }
  }
  for (const cols of r.indexes ?? []) {
    out.push(`create index if not exists ${q(`${r.table}_${cols.join('_')}_ix`)} on ${t} (${cols.map(q).join(', ')})`);
  }
  for (const field of r.searchIndexes ?? []) {
    out.push(`create index if not exists ${q(`${r.table}_${field.replace('.', '_')}_trgm`)} on ${t} using gin ((${searchExpression(field)}) public.gin_trgm_ops)`);
  }
  for (const u of r.unique ?? []) {
    const cols = u.fields.map(q).join(', ');
    out.push(`create unique index if not exists ${q(`${r.table}_${u.fields.join('_')}_uq`)} on ${t} (${cols})`);
  }
  return out;
}

/** The SQL a declared search field reads: a column, or `column.key` for a key of a jsonb column. */
export function searchExpression(field: string): string {
  const [col, key] = field.split('.');
  return key === undefined ? q(col!) : `${q(col!)}->>${sqlLiteral(key)}`;
}

/**
 * pg_trgm, once per database, in the public schema so every school's indexes name its operator
 * class alike. A PostgreSQL server that will not install it still runs every search, unindexed.
 */
async function trigramsAvailable(db: Kysely<any>): Promise<boolean> {
  const installed = async () => (await sql`select 1 from pg_extension where extname = 'pg_trgm'`.execute(db)).rows.length > 0;
  if (await installed()) return true;
  try {
    await sql.raw('create extension if not exists pg_trgm with schema public').execute(db);
    return true;
  } catch {
    // Another process may have installed it at the same moment.
    return installed();
  }
}

/** Which of these tables the school (on the search path) does not have yet. */
async function missingTables(db: Kysely<any>, tables: string[]): Promise<Set<string>> {
  const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(db);
  const have = new Set(rows.map((r) => r.name));
  return new Set(tables.filter((t) => !have.has(t)));
}

function sqlLiteral(v: unknown): string {
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return `'${String(v).replace(/'/g, "''")}'`;
}

/**
 * Brings one school's schema up to the declarations: core tables, then every resource table,
 * then the migrations it has not had, then the derived tables (built from the others when new
 * or of another version). One transaction: a failure leaves the school's store as it was.
 */
export async function syncSchool(db: Kysely<any>, schemaName: string, migrations: Migration[] = MIGRATIONS): Promise<void> {
  // Tables first, indexes after, because count relations index other resources' tables.
  const trigrams = await trigramsAvailable(db);
  const tables = RESOURCES.flatMap(resourceDdl).filter((s) => trigrams || !s.includes('gin_trgm_ops'));
  const stmts = [...CORE_TABLES, ...tables.filter((s) => !s.startsWith('create index')), ...tables.filter((s) => s.startsWith('create index'))];
  await withTransaction(db, async (trx) => {
    await sql.raw(`create schema if not exists ${q(schemaName)}`).execute(trx);
    // The statements name bare tables: point them at this school, and back afterwards.
    const { rows } = await sql<{ p: string }>`select current_setting('search_path') as p`.execute(trx);
    await sql.raw(`set local search_path to ${q(schemaName)}`).execute(trx);
    const fresh = await missingTables(trx, RESOURCES.flatMap((r) => (r.table ? [r.table] : [])));
    for (const s of stmts) await sql.raw(s).execute(trx);
    // A table made just now is empty: its declared keys go on at once (on a table with rows that is a migration's work).
    await addMissingForeignKeys(trx, RESOURCES.filter((r) => r.table && fresh.has(r.table)).flatMap(declaredForeignKeys));
    await runMigrations(trx, schemaName, migrations);
    const built = await syncDerived(trx, derivedTables());
    await analyzeTables(trx, schemaName, built);
    await sql`select set_config('search_path', ${rows[0]!.p}, true)`.execute(trx);
  });
}
