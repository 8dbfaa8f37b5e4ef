import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { once } from 'node:events';
import { sql, type Kysely } from 'kysely';
import { columnsOf, neutralSession, primaryKey, qualified, quoteId, sequencesOf, tablesInOrder } from './catalog.js';
import { FORMAT, FORMAT_VERSION, type BackupSummary, type Line, type SchoolPart, type Trailer } from './format.js';

/** Rows fetched from the cursor at a time, and written to one line; fewer for tables of files (up to 10 MB each). */
const BATCH = 1000;
const FILE_BATCH = 10;

interface Target {
  code: string;
  name: string;
  schema: string;
  created_at: string;
}

/** The schools a backup takes: all, or the one named (an unknown code is an error). */
export async function schoolsToBackUp(db: Kysely<any>, code?: string): Promise<Target[]> {
  let q = db.withSchema('platform').selectFrom('school').select(['code', 'name', 'schema_name', sql<string>`created_at::text`.as('created_at')]).orderBy('code');
  if (code) q = q.where('code', '=', code.toUpperCase());
  const rows = await q.execute();
  if (code && !rows.length) throw new Error(`No school with code ${code.toUpperCase()}`);
  return rows.map((r) => ({ code: r.code, name: r.name, schema: r.schema_name, created_at: r.created_at }));
}

/** A name that sorts by time: backup-20261122T020000Z[-DEMO01].jsonl.gz */
export function backupFileName(at: Date, code?: string): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return `backup-${stamp}${code ? `-${code.toUpperCase()}` : ''}.jsonl.gz`;
}

/** Backup files are recognised by name; a `.partial` file is one still being written, or abandoned. */
export const BACKUP_NAME = /^backup-(\d{8}T\d{6}Z)(-[A-Z0-9]{6})?\.jsonl\.gz$/;

export interface BackupOptions {
  dir: string;
  engine: string;
  code?: string;
  /** Defaults to now; tests and the scheduler name the time. */
  at?: Date;
}

/**
 * Writes a backup of the schools to `dir`: each school read inside one REPEATABLE READ
 * transaction (one snapshot: no bill without its installments, whatever writes go on), the file
 * written under a temporary name, flushed to disk, and only then renamed to its backup name, so a
 * file with a backup name is always complete.
 */
export async function writeBackup(db: Kysely<any>, opts: BackupOptions): Promise<BackupSummary> {
  const at = opts.at ?? new Date();
  const schools = await schoolsToBackUp(db, opts.code);
  fs.mkdirSync(opts.dir, { recursive: true });
  const file = path.join(opts.dir, backupFileName(at, opts.code));
  const partial = `${file}.${process.pid}.partial`;
  const gzip = zlib.createGzip({ level: 6 });
  const out = fs.createWriteStream(partial);
  gzip.pipe(out);
  const finished = once(out, 'close');
  const hash = crypto.createHash('sha256');
  const rows: Trailer['rows'] = {};
  const parts: SchoolPart[] = [];
  const write = async (line: Line, hashed = true) => {
    const text = `${JSON.stringify(line)}\n`;
    if (hashed) hash.update(text);
    if (!gzip.write(text)) await once(gzip, 'drain');
  };
  try {
    await write({ backup: { format: FORMAT, version: FORMAT_VERSION, created_at: at.toISOString(), engine: opts.engine, schools: schools.map((s) => s.code) } });
    for (const s of schools) {
      const { part, counts } = await dumpSchool(db, s, write);
      parts.push(part);
      rows[s.code] = counts;
    }
    await write({ end: { rows, sha256: hash.digest('hex') } }, false);
    gzip.end();
    await finished;
    await fsyncFile(partial);
    fs.renameSync(partial, file);
    fsyncDir(opts.dir);
  } catch (e) {
    gzip.destroy();
    out.destroy();
    fs.rmSync(partial, { force: true });
    throw e;
  }
  return { file, size: fs.statSync(file).size, header: { format: FORMAT, version: FORMAT_VERSION, created_at: at.toISOString(), engine: opts.engine, schools: schools.map((s) => s.code) }, schools: parts, rows };
}

async function dumpSchool(db: Kysely<any>, s: Target, write: (line: Line) => Promise<void>) {
  const counts: Record<string, number> = {};
  return db.transaction().execute(async (trx) => {
    // The first statement of the transaction: every read below sees one moment of the school.
    await sql.raw('set transaction isolation level repeatable read, read only').execute(trx);
    await neutralSession(trx);
    const migrations = (await sql<{ name: string }>`select name from ${sql.raw(qualified(s.schema, 'migration'))} order by name`.execute(trx).catch(() => ({ rows: [] as Array<{ name: string }> }))).rows.map((r) => r.name);
    const part: SchoolPart = { code: s.code, name: s.name, created_at: s.created_at, migrations };
    await write({ school: part });
    for (const table of await tablesInOrder(trx, s.schema)) {
      const columns = await columnsOf(trx, s.schema, table);
      await write({ table: { name: table, columns } });
      const select = columns.map((c, i) => `${c.bytea ? `encode(${quoteId(c.name)}, 'base64')` : `${quoteId(c.name)}::text`} as c${i}`).join(', ');
      const key = await primaryKey(trx, s.schema, table);
      const order = key.length ? ` order by ${key.map(quoteId).join(', ')}` : '';
      await sql.raw(`declare backup_rows no scroll cursor for select ${select || 'null'} from ${qualified(s.schema, table)}${order}`).execute(trx);
      let n = 0;
      const size = columns.some((c) => c.bytea) ? FILE_BATCH : BATCH;
      for (;;) {
        const batch = (await sql.raw<Record<string, string | null>>(`fetch forward ${size} from backup_rows`).execute(trx)).rows;
        if (!batch.length) break;
        // Rows as arrays in column order: the names are in the table line once.
        await write({ rows: batch.map((r) => columns.map((_, i) => r[`c${i}`] ?? null)) });
        n += batch.length;
      }
      await sql.raw('close backup_rows').execute(trx);
      counts[table] = n;
    }
    for (const seq of await sequencesOf(trx, s.schema)) {
      const { rows } = await sql<{ value: string; called: boolean }>`select last_value::text as value, is_called as called from ${sql.raw(qualified(s.schema, seq))}`.execute(trx);
      await write({ sequence: { name: seq, value: rows[0]!.value, called: rows[0]!.called } });
    }
    return { part, counts };
  });
}

async function fsyncFile(file: string) {
  const fh = await fs.promises.open(file, 'r+');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** The rename itself reaches the disk only when the directory is flushed. */
export function fsyncDir(dir: string) {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
