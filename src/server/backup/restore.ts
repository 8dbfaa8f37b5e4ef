import { sql, type Kysely } from 'kysely';
import { MIGRATIONS } from '../../generated/migrations.js';
import { withTransaction } from '../db/index.js';
import { syncSchool } from '../db/sync.js';
import { ensurePlatform, schemaFor } from '../framework/schools.js';
import { columnsOf, neutralSession, qualified, quoteId, sequencesOf } from './catalog.js';
import { BackupFileError, readLines, type Column, type SchoolPart } from './format.js';

export interface RestoreOptions {
  /** Only this school of the backup; all of them otherwise. */
  code?: string;
  /**
   * Where each school goes: its own schema by default. The check after a backup restores into
   * scratch schemas instead and leaves the directory alone.
   */
  schemaOf?: (code: string) => string;
  /** Add or update the school in the directory (a real restore; not the check). */
  register?: boolean;
}

export interface RestoreResult {
  /** Rows per table per school, counted in the restored tables. */
  rows: Record<string, Record<string, number>>;
  schools: SchoolPart[];
}

/**
 * Restores schools from a backup inside the caller's transaction (or a new one): each school's
 * schema is dropped, made again by the schema sync, filled from the file, its id counters set,
 * and brought up to this release's migrations. Nothing is committed unless the whole file reads
 * back whole (checksum and counts), so a damaged file or a process killed half way leaves the
 * live data as it was. Other schools are not touched.
 */
export async function restoreBackup(db: Kysely<any>, file: string, opts: RestoreOptions = {}): Promise<RestoreResult> {
  const wanted = opts.code?.toUpperCase();
  const schemaOf = opts.schemaOf ?? schemaFor;
  const known = new Set(MIGRATIONS.map((m) => m.name));
  return withTransaction(db, async (trx) => {
    await neutralSession(trx);
    if (opts.register) await ensurePlatform(trx);
    const result: RestoreResult = { rows: {}, schools: [] };
    let school: SchoolPart | null = null;
    let schema = '';
    let table: { name: string; insert: string } | null = null;
    let found = false;

    const finishSchool = async () => {
      if (!school) return;
      result.rows[school.code] = await countRows(trx, schema);
      // The foreign keys are checked at commit (deferred): check them now, before the sync alters tables.
      await sql.raw('set constraints all immediate').execute(trx);
      // A backup from an earlier release gets the migrations it had not had, as an upgrade would.
      await syncSchool(trx, schema);
      await sql.raw('set constraints all deferred').execute(trx);
      if (opts.register) {
        // Sessions are not restored: a token logged out since the backup must stay dead.
        await sql.raw(`delete from ${qualified(schema, 'session')}`).execute(trx);
        await sql`insert into platform.school (code, name, schema_name, created_at) values (${school.code}, ${school.name}, ${schema}, ${school.created_at}::timestamptz)
          on conflict (code) do update set name = excluded.name, schema_name = excluded.schema_name, created_at = excluded.created_at`.execute(trx);
      }
      result.schools.push(school);
      school = null;
    };

    for await (const line of readLines(file)) {
      if ('school' in line) {
        await finishSchool();
        if (wanted && line.school.code !== wanted) continue;
        found = true;
        const newer = line.school.migrations.filter((m) => !known.has(m));
        if (newer.length) throw new BackupFileError(`The backup of ${line.school.code} was taken by a newer release (migration ${newer[0]}); upgrade this one first`);
        school = line.school;
        schema = schemaOf(school.code);
        await sql.raw(`drop schema if exists ${quoteId(schema)} cascade`).execute(trx);
        // Tables as the backup's release left them, before the data goes in.
        await syncSchool(trx, schema, MIGRATIONS.filter((m) => school!.migrations.includes(m.name)));
        const tables = (await sql<{ name: string }>`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = ${schema} and c.relkind in ('r', 'p')`.execute(trx)).rows;
        if (tables.length) await sql.raw(`truncate table ${tables.map((t) => qualified(schema, t.name)).join(', ')}`).execute(trx);
      } else if ('table' in line) {
        table = school ? { name: line.table.name, insert: await insertSql(trx, schema, line.table.name, line.table.columns) } : null;
      } else if ('rows' in line) {
        if (school && table && line.rows.length) await sql`${sql.raw(table.insert)}json_array_elements(${JSON.stringify(line.rows)}::json) as x`.execute(trx);
      } else if ('sequence' in line) {
        if (school && (await sequencesOf(trx, schema)).includes(line.sequence.name)) {
          await sql`select setval(${qualified(schema, line.sequence.name)}, ${line.sequence.value}::bigint, ${line.sequence.called})`.execute(trx);
        }
      }
    }
    await finishSchool();
    if (wanted && !found) throw new BackupFileError(`The backup has no school ${wanted}`);
    return result;
  });
}

/** The start of the statement that inserts one batch, read from a JSON array of rows in the backup's column order. */
async function insertSql(db: Kysely<any>, schema: string, table: string, columns: Column[]): Promise<string> {
  const exists = (await sql<{ t: string | null }>`select to_regclass(${qualified(schema, table)})::text as t`.execute(db)).rows[0]!.t;
  if (!exists) throw new BackupFileError(`The backup holds a table "${table}" this release does not have`);
  const present = new Set((await columnsOf(db, schema, table)).map((c) => c.name));
  const missing = columns.filter((c) => !present.has(c.name)).map((c) => c.name);
  if (missing.length) throw new BackupFileError(`The backup's table "${table}" has columns this release does not have: ${missing.join(', ')}`);
  const values = columns.map((c, i) => (c.bytea ? `decode(x->>${i}, 'base64')` : `(x->>${i})::${c.type}`));
  return `insert into ${qualified(schema, table)} (${columns.map((c) => quoteId(c.name)).join(', ')}) overriding system value `
    + `select ${values.join(', ')} from `;
}

async function countRows(db: Kysely<any>, schema: string): Promise<Record<string, number>> {
  const tables = (await sql<{ name: string }>`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = ${schema} and c.relkind in ('r', 'p') order by c.relname`.execute(db)).rows;
  const out: Record<string, number> = {};
  for (const t of tables) {
    const { rows } = await sql<{ n: string | number }>`select count(*)::int as n from ${sql.raw(qualified(schema, t.name))}`.execute(db);
    out[t.name] = Number(rows[0]!.n);
  }
  return out;
}
