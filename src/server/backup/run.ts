import fs from 'node:fs';
import type { Kysely } from 'kysely';
import { writeBackup } from './dump.js';
import type { BackupSummary } from './format.js';
import type { RemoteStore } from './remote.js';
import { recordRun, type BackupRun } from './status.js';
import { verifyBackup } from './verify.js';

export interface RunOptions {
  dir: string;
  engine: string;
  /** schedule, upgrade or command: shown with the result. */
  reason: string;
  code?: string;
  remote?: RemoteStore | null;
  at?: Date;
}

export interface RunResult extends BackupRun {
  summary: BackupSummary | null;
}

/**
 * One backup as the schedule and the command make it: written, checked by restoring it into
 * scratch schemas, copied to the remote store if one is configured, and recorded (a failure
 * too, so the super admin sees it). A file that fails its check is renamed `.bad`, never left
 * under a backup name.
 */
export async function runBackup(db: Kysely<any>, opts: RunOptions): Promise<RunResult> {
  const started = new Date();
  let summary: BackupSummary | null = null;
  let uploaded: string | null = null;
  let ok = false;
  let message: string;
  try {
    summary = await writeBackup(db, { dir: opts.dir, engine: opts.engine, code: opts.code, at: opts.at });
    const problems = await verifyBackup(db, summary);
    if (problems.length) {
      fs.renameSync(summary.file, `${summary.file}.bad`);
      throw new Error(`the backup did not restore whole (${problems.slice(0, 3).join('; ')})`);
    }
    if (opts.remote) uploaded = await opts.remote.upload(summary.file);
    ok = true;
    const rows = Object.values(summary.rows).flatMap((t) => Object.values(t)).reduce((a, b) => a + b, 0);
    message = `${summary.schools.length} school${summary.schools.length === 1 ? '' : 's'}, ${rows} rows, checked by a restore`;
  } catch (e) {
    message = `Backup failed: ${(e as Error).message}`;
  }
  const run: BackupRun = {
    started_at: started.toISOString(), finished_at: new Date().toISOString(), reason: opts.reason,
    // A failed backup of every school is shown to every school's super admin.
    schools: summary?.header.schools ?? (opts.code ? [opts.code.toUpperCase()] : await everySchool(db)),
    file: ok ? summary!.file : null, size: ok ? summary!.size : null, ok, message, uploaded,
  };
  try {
    await recordRun(db, run);
  } catch {
    // The database itself may be what failed; the caller still gets the result.
  }
  return { ...run, summary: ok ? summary : null };
}

async function everySchool(db: Kysely<any>): Promise<string[]> {
  try {
    return (await db.withSchema('platform').selectFrom('school').select('code').orderBy('code').execute()).map((r) => r.code as string);
  } catch {
    return [];
  }
}
