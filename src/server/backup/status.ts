import { sql, type Kysely } from 'kysely';
import { BACKUP_RUN_DDL } from '../db/core-tables.js';

/** Every backup made and how it went: `platform.backup_run` (src/server/db/core-tables.ts). */

export interface BackupRun {
  started_at: string;
  finished_at: string;
  reason: string;
  schools: string[];
  file: string | null;
  size: number | null;
  ok: boolean;
  message: string;
  uploaded: string | null;
}

export async function ensureBackupTable(db: Kysely<any>) {
  try {
    for (const s of BACKUP_RUN_DDL) await sql.raw(s).execute(db);
  } catch (e) {
    // Two processes creating it at the same moment on one PostgreSQL: one of them wins.
    const made = (await sql<{ t: string | null }>`select to_regclass('platform.backup_run')::text as t`.execute(db)).rows[0]!.t;
    if (!made) throw e;
  }
}

export async function recordRun(db: Kysely<any>, run: BackupRun): Promise<void> {
  await ensureBackupTable(db);
  await sql`insert into platform.backup_run (started_at, finished_at, reason, schools, file, size, ok, message, uploaded)
    values (${run.started_at}::timestamptz, ${run.finished_at}::timestamptz, ${run.reason}, array(select json_array_elements_text(${JSON.stringify(run.schools)}::json)),
      ${run.file}, ${run.size}, ${run.ok}, ${run.message}, ${run.uploaded})`.execute(db);
}

const FIELDS = sql.raw(`to_char(started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as started_at,
  to_char(finished_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as finished_at, reason, schools, file, size::text as size, ok, message, uploaded`);

const shape = (r: any): BackupRun => ({ ...r, size: r.size === null ? null : Number(r.size), schools: Array.isArray(r.schools) ? r.schools : String(r.schools).replace(/[{}]/g, '').split(',').filter(Boolean) });

/** The latest run that covered this school (every run when no code is given), and the latest good one. */
export async function lastRuns(db: Kysely<any>, code?: string): Promise<{ last: BackupRun | null; lastGood: BackupRun | null }> {
  const exists = (await sql<{ t: string | null }>`select to_regclass('platform.backup_run')::text as t`.execute(db)).rows[0]!.t;
  if (!exists) return { last: null, lastGood: null };
  const covers = code ? sql`where ${code} = any(schools)` : sql``;
  const good = code ? sql`where ok and ${code} = any(schools)` : sql`where ok`;
  const last = (await sql`select ${FIELDS} from platform.backup_run ${covers} order by finished_at desc, id desc limit 1`.execute(db)).rows[0];
  const lastGood = (await sql`select ${FIELDS} from platform.backup_run ${good} order by finished_at desc, id desc limit 1`.execute(db)).rows[0];
  return { last: last ? shape(last) : null, lastGood: lastGood ? shape(lastGood) : null };
}

/**
 * What the super admin is warned of: the last backup failed, the last is too old, or none was
 * made though the school has been here longer than a backup may be old (a new school is not
 * warned before its first night).
 */
export function backupWarning(runs: { last: BackupRun | null; lastGood: BackupRun | null }, staleHours: number, schoolCreatedAt: Date, now = new Date()): string | null {
  if (!runs.last) return now.getTime() - schoolCreatedAt.getTime() > staleHours * 3_600_000 ? 'No backup of this school has been made yet.' : null;
  if (!runs.last.ok) return `The last backup failed (${runs.last.finished_at}): ${runs.last.message.replace(/^Backup failed: /, '')}`;
  const age = now.getTime() - Date.parse(runs.last.finished_at);
  if (age > staleHours * 3_600_000) return `The last backup is ${Math.floor(age / 3_600_000)} hours old.`;
  return null;
}
