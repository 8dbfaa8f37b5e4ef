/**
 * The backup and restore commands as an operator runs them, on the embedded database: restore
 * refuses to replace a school without --yes and says what it would replace; kill -9 in the
 * middle of a backup leaves no file under a backup name and no run recorded as good; kill -9 in
 * the middle of a restore leaves the live school as it was.
 * Always on PGlite: DATABASE_URL is dropped from the commands' environment.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_NAME } from '../../src/server/backup/dump.js';
import { openDatabase } from '../../src/server/db/index.js';
import { acquireStoreLock } from '../../src/server/db/store-lock.js';
import { childEnv, cleanTempDirs, ROOT, runCli, startServer, stopAllServers, tempDir, type CliResult } from '../support/process.js';

const SCHEMA = 'school_demo01';
let dir: string;
let backups: string;
let backupFile: string;
let atBackup: Record<string, number>;

const shown = (r: CliResult) => `exit ${r.code} ${r.signal ?? ''}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`;
const cli = (args: string[]) => runCli(args, { dataDir: dir, embedded: true, env: { BACKUP_DIR: backups }, timeoutMs: 120_000 });

/** Opens the store (the commands are not running), runs fn, closes it. */
async function withStore<T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const lock = acquireStoreLock(dir, 'backup test');
  const database = await openDatabase({ dataDir: dir });
  try {
    return await fn(database.db);
  } finally {
    await database.close();
    lock.release();
  }
}

async function counts(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<Record<string, number>> {
  const tables = (await sql<{ name: string }>`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = ${SCHEMA} and c.relkind = 'r' order by 1`.execute(db)).rows;
  const out: Record<string, number> = {};
  for (const t of tables) out[t.name] = Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.raw(`"${SCHEMA}"."${t.name}"`)}`.execute(db)).rows[0]!.n);
  return out;
}

const branchCodes = (db: Awaited<ReturnType<typeof openDatabase>>['db']) =>
  db.withSchema(SCHEMA).selectFrom('branch').select('code').orderBy('code').execute().then((r) => r.map((x) => x.code));

/** Starts a command and kills it with SIGKILL once `when` says so; answers how it ended. */
function killDuring(args: string[], when: (out: string) => boolean, delayMs: number): Promise<{ signal: NodeJS.Signals | null; code: number | null; out: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], { cwd: ROOT, env: childEnv({ DATA_DIR: dir, BACKUP_DIR: backups }, { embedded: true }), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let armed = false;
  const check = () => {
    if (armed || !when(out)) return;
    armed = true;
    setTimeout(() => proc.kill('SIGKILL'), delayMs);
  };
  proc.stdout.on('data', (d) => { out += d; check(); });
  proc.stderr.on('data', (d) => { out += d; });
  const poll = setInterval(check, 2);
  return new Promise((resolve) => proc.on('close', (code, signal) => {
    clearInterval(poll);
    resolve({ code, signal, out });
  }));
}

beforeAll(async () => {
  dir = tempDir('school-backup-cli-');
  backups = path.join(tempDir('school-backups-'), 'backups');
  const first = await startServer({ dataDir: dir, embedded: true });
  expect((await first.stop('SIGTERM')).code, first.output()).toBe(0);
  const r = await cli(['backup', '--code', 'DEMO01']);
  expect(r.code, shown(r)).toBe(0);
  expect(r.stdout).toMatch(/Backup written to .*backup-\d{8}T\d{6}Z-DEMO01\.jsonl\.gz \([\d.]+ kB\): 1 school, \d+ rows, checked by a restore/);
  backupFile = path.join(backups, fs.readdirSync(backups).find((f) => BACKUP_NAME.test(f))!);
  atBackup = await withStore(counts);
  // After the backup: a branch the restore will take away.
  await withStore((db) => db.withSchema(SCHEMA).insertInto('branch').values({ name: 'After the backup', code: 'AFTER' }).execute());
}, 180_000);

afterAll(async () => {
  await stopAllServers();
  cleanTempDirs();
});

describe('restore', () => {
  it('without --yes: says what it would replace and changes nothing', async () => {
    const r = await cli(['restore', '--from', backupFile]);
    expect(r.code, shown(r)).toBe(1);
    expect(r.stdout).toMatch(/Backup of \d{4}-\d\d-\d\d \d\d:\d\d UTC \(taken on the embedded database\)/);
    expect(r.stdout).toMatch(/DEMO01 Demo Public School: \d+ rows in \d+ tables \(288 students, \d+ bills, \d+ installments, \d+ files\)/);
    expect(r.stdout).toMatch(/replaces the school DEMO01 \(Demo Public School\) here, which now has \d+ rows/);
    expect(r.stderr).toContain('Nothing was changed');
    expect(r.stderr).toContain('--yes');
    expect(await withStore(branchCodes)).toContain('AFTER');
  });

  it('of a file that is not there, or of a school the backup does not hold: a message, no stack trace', async () => {
    const missing = await cli(['restore', '--from', path.join(backups, 'nope.jsonl.gz'), '--yes']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/Cannot read the backup file/);
    const other = await cli(['restore', '--from', backupFile, '--code', 'ZZZ999', '--yes']);
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(/has no school ZZZ999/);
    for (const r of [missing, other]) expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  for (const delay of [0, 150, 400]) {
    it(`kill -9 ${delay} ms into the restore: the live school is as it was`, async () => {
      const before = await withStore(counts);
      const run = await killDuring(['restore', '--from', backupFile, '--yes'], (out) => out.includes('Restoring'), delay);
      expect(run.signal, `the restore ended before the kill:\n${run.out}`).toBe('SIGKILL');
      expect(run.out).not.toContain('Restored DEMO01');
      await withStore(async (db) => {
        expect(await branchCodes(db)).toContain('AFTER');
        expect(await counts(db)).toEqual(before);
      });
    }, 60_000);
  }

  it('with --yes: the school is as it was at the backup, and a server serves it', async () => {
    const r = await cli(['restore', '--from', backupFile, '--yes']);
    expect(r.code, shown(r)).toBe(0);
    expect(r.stdout).toMatch(/Restored DEMO01 Demo Public School: \d+ rows in [\d.]+ s/);
    await withStore(async (db) => {
      expect(await branchCodes(db)).not.toContain('AFTER');
      expect(await counts(db)).toEqual({ ...atBackup, session: 0 });
    });
    const server = await startServer({ dataDir: dir, embedded: true });
    const login = await fetch(`${server.base}/api/DEMO01/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo01.school', password: 'Demo@1234' }) });
    expect(login.status).toBe(200);
    expect((await server.stop('SIGTERM')).code).toBe(0);
  }, 90_000);
});

describe('backup', () => {
  for (const delay of [0, 100]) {
    it(`kill -9 ${delay} ms after it starts writing: no file under a backup name, no good run recorded, the school untouched`, async () => {
      const before = await withStore(counts);
      const good = fs.readdirSync(backups).filter((f) => BACKUP_NAME.test(f));
      const run = await killDuring(['backup'], () => fs.existsSync(backups) && fs.readdirSync(backups).some((f) => f.endsWith('.partial')), delay);
      expect(run.signal, `the backup ended before the kill:\n${run.out}`).toBe('SIGKILL');
      expect(fs.readdirSync(backups).filter((f) => BACKUP_NAME.test(f))).toEqual(good);
      await withStore(async (db) => {
        expect(await counts(db)).toEqual(before);
        const runs = await sql<{ ok: boolean; file: string | null }>`select ok, file from platform.backup_run order by id`.execute(db);
        expect(runs.rows.filter((x) => x.ok && x.file?.startsWith(backups)).map((x) => path.basename(x.file!)).sort()).toEqual(good.sort());
      });
    }, 60_000);
  }
});
