import { sql, type Kysely } from 'kysely';
import { MIGRATIONS } from '../../generated/migrations.js';
import { remoteFromEnv } from './s3.js';
import { applyRetention } from './retention.js';
import { runBackup, type RunResult } from './run.js';
import type { BackupSettings } from './settings.js';
import type { Job } from '../framework/contributions.js';

/** The school-time clock reading of a moment: 'YYYY-MM-DD' and 'HH:MM'. */
export function schoolClock(at: Date, timeZone: string): { day: string; time: string } {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(at).map((p) => [p.type, p.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/**
 * The daily backup, a platform job of the runner (src/server/framework/jobs.ts): once a day when
 * the school clock passes BACKUP_TIME, then the retention rule. An office PC is often off at that
 * hour: a server started later that day makes the day's backup once it has run for
 * BACKUP_CATCH_UP_MINUTES (10), not at once, so a start stays quick. The job looks at the clock
 * every half minute, so a changed clock or a sleeping machine cannot skip a day silently; a look
 * that finds nothing due leaves no record of a run. None without BACKUP_TIME.
 */
export function backupJob(db: Kysely<any>, engine: string, settings: BackupSettings, log: (line: string) => void = console.log): Job | null {
  if (!settings.time) return null;
  // What this server has seen of the clock. With several servers each look runs on one of them;
  // the record of backups (platform.backup_run) is what they share.
  let lastDay: string | null = null;
  let sawBefore: string | null = null;
  const startedAt = Date.now();
  const catchUpMs = Number(process.env.BACKUP_CATCH_UP_MINUTES ?? 10) * 60_000;
  return {
    name: 'backup',
    everyMs: 30_000,
    firstAfterMs: 0,
    // A backup under way gets two seconds to end; a shutdown does not wait a big school's minute for it (its file stays unnamed).
    stopWithinMs: 2000,
    async run() {
      const now = schoolClock(new Date(), settings.timeZone);
      if (now.time < settings.time!) {
        sawBefore = now.day;
        return 'idle';
      }
      if (now.day === lastDay || (sawBefore !== now.day && Date.now() - startedAt < catchUpMs)) return 'idle';
      // A backup already made today (this start, or another server on the same PostgreSQL) counts.
      const made = await sql<{ n: number }>`select count(*)::int as n from platform.backup_run where ok and reason = 'schedule'
        and (finished_at at time zone ${settings.timeZone})::date = ${now.day}::date`.execute(db).catch(() => ({ rows: [{ n: 0 }] }));
      lastDay = now.day;
      if (Number(made.rows[0]!.n) > 0) return 'idle';
      await scheduledBackup(db, engine, settings, log);
    },
  };
}

/** The backup and the retention rule; a failed backup (recorded in platform.backup_run too) fails the run. */
async function scheduledBackup(db: Kysely<any>, engine: string, settings: BackupSettings, log: (line: string) => void): Promise<RunResult> {
  let remote = null;
  try {
    remote = remoteFromEnv();
  } catch (e) {
    log(`Backup: ${(e as Error).message}; writing to ${settings.dir} only`);
  }
  const r = await runBackup(db, { dir: settings.dir, engine, reason: 'schedule', remote });
  if (!r.ok) throw new Error(r.message);
  log(`Backup written to ${r.file}: ${r.message}`);
  const removed = applyRetention(settings);
  if (removed.length) log(`Backup: ${removed.length} older backup${removed.length === 1 ? '' : 's'} removed by the retention rule`);
  return r;
}

/**
 * Before the start migrates any school's store, a backup of every school as it was. If it
 * fails, nothing is migrated and the server does not start (BACKUP_BEFORE_UPGRADE=0 lets an
 * operator go on without one).
 */
export async function backupBeforeUpgrade(db: Kysely<any>, engine: string, settings: BackupSettings, log: (line: string) => void = console.log): Promise<void> {
  if (process.env.BACKUP_BEFORE_UPGRADE === '0') return;
  const exists = (await sql<{ t: string | null }>`select to_regclass('platform.school')::text as t`.execute(db)).rows[0]!.t;
  if (!exists) return;
  const schools = (await db.withSchema('platform').selectFrom('school').select(['code', 'schema_name']).execute());
  const pending: string[] = [];
  for (const s of schools) {
    const had = await sql<{ name: string }>`select name from ${sql.raw(`"${s.schema_name}".migration`)}`.execute(db).then((r) => r.rows.map((x) => x.name), () => [] as string[]);
    if (MIGRATIONS.some((m) => !had.includes(m.name))) pending.push(s.code);
  }
  if (!pending.length) return;
  log(`Backing up before migrating ${pending.join(', ')}…`);
  const r = await runBackup(db, { dir: settings.dir, engine, reason: 'upgrade' });
  if (!r.ok) throw new Error(`${r.message}. Nothing was migrated; free the backup directory (${settings.dir}) or set BACKUP_BEFORE_UPGRADE=0 to migrate without a backup`);
  log(`Backup before the upgrade written to ${r.file}`);
}
