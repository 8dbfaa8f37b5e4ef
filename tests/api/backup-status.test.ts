/**
 * What the super admin sees of backups (GET /backup-status/ and its warning), the daily schedule
 * and the retention rule.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backupsToKeep, applyRetention } from '../../src/server/backup/retention.js';
import { backupFileName } from '../../src/server/backup/dump.js';
import { runBackup } from '../../src/server/backup/run.js';
import { backupBeforeUpgrade, backupJob, schoolClock } from '../../src/server/backup/schedule.js';
import { startJobs } from '../../src/server/framework/jobs.js';
import { backupSettings } from '../../src/server/backup/settings.js';
import { loadConfig } from '../../src/server/config.js';
import { backupWarning, lastRuns, type BackupRun } from '../../src/server/backup/status.js';
import { openDatabase } from '../../src/server/db/index.js';
import { ensurePlatform } from '../../src/server/framework/schools.js';
import { createSchool } from '../../src/server/provision.js';
import { testApp, type TestApp, type TestSchool } from '../support/app.js';

let t: TestApp;
let s: TestSchool;
const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-status-'));
  dirs.push(d);
  return d;
};

beforeAll(async () => {
  t = await testApp();
  s = await t.school();
});

afterAll(async () => {
  await t.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('GET /backup-status/', () => {
  it('is for the super admin only', async () => {
    for (const role of ['3', '2', '1']) expect((await t.call(s.code, 'GET /backup-status/', undefined, s.tokens[role])).status, role).toBe(403);
    expect((await t.call(s.code, 'GET /backup-status/')).status).toBe(401);
  });

  it('a new school with no backup yet: no warning before its first night', async () => {
    const r = await t.call(s.code, 'GET /backup-status/', undefined, s.tokens['4']);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ last: null, last_good: null, warning: null, schedule: 'Daily at 02:00 (Asia/Kolkata)' });
  });

  it('a failed backup: its result, and a warning until one succeeds', async () => {
    // A file where the directory should be: the backup cannot be written.
    const blocked = path.join(tmp(), 'not-a-dir');
    fs.writeFileSync(blocked, 'x');
    const failed = await runBackup(t.database.db, { dir: blocked, engine: t.database.kind, reason: 'schedule', code: s.code });
    expect(failed.ok).toBe(false);
    let r = await t.call(s.code, 'GET /backup-status/', undefined, s.tokens['4']);
    expect(r.body.data.last).toMatchObject({ ok: false, size: null, file: null, reason: 'schedule' });
    expect(r.body.data.last.message).toMatch(/^Backup failed: /);
    expect(r.body.data.warning).toMatch(/^The last backup failed/);

    const good = await runBackup(t.database.db, { dir: tmp(), engine: t.database.kind, reason: 'command', code: s.code });
    expect(good.ok, good.message).toBe(true);
    r = await t.call(s.code, 'GET /backup-status/', undefined, s.tokens['4']);
    expect(r.body.data.warning).toBeNull();
    expect(r.body.data.last).toMatchObject({ ok: true, reason: 'command', file: path.basename(good.file!) });
    expect(r.body.data.last.size).toBe(fs.statSync(good.file!).size);
    expect(r.body.data.last.message).toMatch(/1 school, \d+ rows, checked by a restore/);
    // No server path reaches the browser.
    expect(JSON.stringify(r.body)).not.toContain(path.dirname(good.file!));
  }, 60_000);
});

describe('the warning', () => {
  const run = (ok: boolean, at: string): BackupRun => ({ started_at: at, finished_at: at, reason: 'schedule', schools: ['ABC123'], file: ok ? '/b/x' : null, size: ok ? 1 : null, ok, message: ok ? 'fine' : 'Backup failed: disk full', uploaded: null });
  const now = new Date('2026-11-22T12:00:00Z');
  const old = new Date('2026-01-01T00:00:00Z');
  it('names a missing, failed or old backup, and nothing when the last is good and recent', () => {
    expect(backupWarning({ last: null, lastGood: null }, 26, old, now)).toBe('No backup of this school has been made yet.');
    expect(backupWarning({ last: null, lastGood: null }, 26, new Date('2026-11-22T01:00:00Z'), now)).toBeNull();
    expect(backupWarning({ last: run(false, '2026-11-22T02:00:00Z'), lastGood: run(true, '2026-11-21T02:00:00Z') }, 26, old, now)).toBe('The last backup failed (2026-11-22T02:00:00Z): disk full');
    expect(backupWarning({ last: run(true, '2026-11-20T02:00:00Z'), lastGood: run(true, '2026-11-20T02:00:00Z') }, 26, old, now)).toBe('The last backup is 58 hours old.');
    expect(backupWarning({ last: run(true, '2026-11-21T21:00:00Z'), lastGood: run(true, '2026-11-21T21:00:00Z') }, 26, old, now)).toBeNull();
  });
});

describe('retention', () => {
  // A backup every day at 02:00 school time (20:30 UTC the day before) for 400 days, and a few extra ones.
  const end = Date.parse('2026-11-21T20:30:00Z');
  const daily = Array.from({ length: 400 }, (_, i) => backupFileName(new Date(end - i * 86_400_000)));
  const extra = [backupFileName(new Date(end - 3600_000)), backupFileName(new Date(end), 'ABC123')];
  const keep = backupsToKeep([...daily, ...extra, 'notes.txt'], { daily: 7, weekly: 4, monthly: 12 }, 'Asia/Kolkata');
  const day = (name: string) => schoolClock(new Date(Date.parse(name.replace(/^backup-(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z.*$/, '$1-$2-$3T$4:$5:$6Z'))), 'Asia/Kolkata').day;

  it('keeps the last 7 days, one a week for 4 weeks and one a month for 12 months', () => {
    const all = [...keep].filter((n) => !n.includes('-ABC123')).map(day).sort();
    for (const n of daily.slice(0, 7)) expect(keep.has(n), n).toBe(true);
    expect(keep.has(extra[0]!), 'a second backup the same day is not the newest of its day').toBe(false);
    const months = new Set(all.map((d) => d.slice(0, 7)));
    expect(months.size).toBe(12);
    expect(all.length).toBeLessThanOrEqual(7 + 4 + 12);
    expect(all.length).toBeGreaterThanOrEqual(12 + 7 - 1);
    // The oldest kept is the newest backup of the 12th month back (2025-12, last day of it).
    expect(all[0]).toBe('2025-12-31');
    // Another school's own backups are counted on their own.
    expect(keep.has(extra[1]!)).toBe(true);
  });

  it('removes the others from the directory, and a half-written file a day old, but nothing else', () => {
    const dir = tmp();
    for (const n of [...daily.slice(0, 40), 'notes.txt', 'backup-x.partial', 'fresh.jsonl.gz.1.partial']) fs.writeFileSync(path.join(dir, n), 'x');
    const old = new Date(Date.now() - 2 * 86_400_000);
    fs.utimesSync(path.join(dir, 'backup-x.partial'), old, old);
    const removed = applyRetention({ dir, keep: { daily: 7, weekly: 4, monthly: 12 }, timeZone: 'Asia/Kolkata' });
    const left = fs.readdirSync(dir);
    expect(removed).toContain('backup-x.partial');
    expect(left).toEqual(expect.arrayContaining(['notes.txt', 'fresh.jsonl.gz.1.partial', ...daily.slice(0, 7)]));
    expect(left.filter((n) => n.startsWith('backup-')).length).toBeLessThanOrEqual(7 + 4 + 2);
    expect(left.length + removed.length).toBe(43);
  });
});

/** A store of its own with one school (the schedule and the upgrade back up every school there is), closed afterwards. */
async function withOwnStore(code: string, run: (database: Awaited<ReturnType<typeof openDatabase>>, schema: string, dir: string) => Promise<void>) {
  const dataDir = tmp();
  const template = process.env.DATABASE_URL ? '' : inject('pgliteTemplate');
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  const database = await openDatabase({ dataDir });
  try {
    await ensurePlatform(database.db);
    const { schema } = await createSchool(database.db, { code, name: `School ${code}`, adminEmail: `a@${code.toLowerCase()}.test`, adminPassword: 'secret123' });
    await run(database, schema, path.join(tmp(), 'backups'));
  } finally {
    await database.close();
  }
}

describe('the daily schedule', () => {
  it('a server started after the backup time makes the day\'s backup once it has run a while, once, and keeps the rule', async () => {
    await withOwnStore('SCHED1', async (database, _schema, dir) => {
      const lines: string[] = [];
      process.env.BACKUP_CATCH_UP_MINUTES = '0';
      const settings = { ...backupSettings({}), dir, time: '00:00' };
      const env = { db: database.db, config: loadConfig({}) };
      const start = () => startJobs({ jobs: [backupJob(database.db, database.kind, settings, (l) => lines.push(l))!], env });
      const schedule = await start();
      const deadline = Date.now() + 30_000;
      while (!lines.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      await schedule.stop();
      expect(lines[0], lines.join('\n')).toMatch(/^Backup written to .*backup-\d{8}T\d{6}Z\.jsonl\.gz: 1 school/);
      expect(fs.readdirSync(dir).filter((n) => n.endsWith('.jsonl.gz'))).toHaveLength(1);
      const runs = await lastRuns(database.db, 'SCHED1');
      expect(runs.last).toMatchObject({ ok: true, reason: 'schedule', schools: ['SCHED1'] });

      // Started again the same day: the day's backup is made already.
      const again = await start();
      await new Promise((r) => setTimeout(r, 1500));
      await again.stop();
      expect(lines).toHaveLength(1);
      // The runner's record holds the one run that made it; the looks at the clock that found nothing due leave none.
      const recorded = await database.db.selectFrom('platform.job_run').select(['name', 'ok', 'error']).execute();
      expect(recorded).toEqual([{ name: 'backup', ok: true, error: null }]);
    }).finally(() => { delete process.env.BACKUP_CATCH_UP_MINUTES; });
  }, 90_000);
});

describe('before an upgrade', () => {
  it('backs every school up when a school has a migration to run, and not otherwise', async () => {
    await withOwnStore('UPGRD1', async (database, schema, dir) => {
      const settings = { ...backupSettings({}), dir };
      const lines: string[] = [];
      await backupBeforeUpgrade(database.db, database.kind, settings, (l) => lines.push(l));
      expect(lines, 'nothing to migrate: no backup').toEqual([]);
      // As a store of the previous release: its last migration not yet run.
      const last = (await database.db.withSchema(schema).selectFrom('migration').select('name').orderBy('name', 'desc').executeTakeFirstOrThrow()).name;
      await database.db.withSchema(schema).deleteFrom('migration').where('name', '=', last).execute();
      await backupBeforeUpgrade(database.db, database.kind, settings, (l) => lines.push(l));
      expect(lines[0]).toBe('Backing up before migrating UPGRD1…');
      expect(lines[1]).toMatch(/^Backup before the upgrade written to .*backup-\d{8}T\d{6}Z\.jsonl\.gz$/);
      expect((await lastRuns(database.db, 'UPGRD1')).last).toMatchObject({ ok: true, reason: 'upgrade' });

      // A backup that cannot be written stops the upgrade.
      const blocked = path.join(tmp(), 'file');
      fs.writeFileSync(blocked, 'x');
      await expect(backupBeforeUpgrade(database.db, database.kind, { ...settings, dir: blocked }, () => {})).rejects.toThrow(/Nothing was migrated/);
      // The failure of a backup of every school is the last backup of each of them.
      expect((await lastRuns(database.db, 'UPGRD1')).last).toMatchObject({ ok: false, reason: 'upgrade', schools: ['UPGRD1'] });
    });
  }, 90_000);
});
