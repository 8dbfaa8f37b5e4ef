/**
 * Bench figures for backups and the embedded store's durable commits (section 8 of
 * `npm run bench`):
 * - backup of one school (written, gzipped, fsynced) and its restore (into a scratch schema in the
 *   same database, as the check after every backup does, counts compared), on the bench school;
 * - write throughput of the embedded store: single-row INSERT commits one after another, with
 *   durable commits (fsync on, the default) next to PGlite's own settings (PGLITE_FSYNC=off).
 * Run alone (`node --import tsx tests/bench/backup.ts`) it measures both on the demo school, in a
 * few seconds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeBackup } from '../../src/server/backup/dump.js';
import { verifyBackup } from '../../src/server/backup/verify.js';
import { openDatabase } from '../../src/server/db/index.js';

export interface BackupBench {
  code: string;
  rows: number;
  bills: number;
  backupMs: number;
  bytes: number;
  restoreMs: number;
  problems: string[];
}

export async function measureBackup(opts: { dataDir: string; databaseUrl?: string; code: string }): Promise<BackupBench> {
  const database = await openDatabase({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl || undefined });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-bench-backup-'));
  try {
    const t0 = performance.now();
    const summary = await writeBackup(database.db, { dir, engine: database.kind, code: opts.code });
    const t1 = performance.now();
    const problems = await verifyBackup(database.db, summary);
    const t2 = performance.now();
    const counts = summary.rows[opts.code] ?? {};
    return {
      code: opts.code, rows: Object.values(counts).reduce((a, b) => a + b, 0), bills: counts.fee_payment ?? 0,
      backupMs: t1 - t0, bytes: summary.size, restoreMs: t2 - t1, problems,
    };
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface WriteBench {
  commits: number;
  durable: { ms: number; perSecond: number };
  fsyncOff: { ms: number; perSecond: number };
}

/** The same single-row commits on two copies of one empty store, durable first then fsync off, then durable again (the mean of both durable runs). */
export async function measureWriteThroughput(commits = Number(process.env.BENCH_WRITE_COMMITS ?? 1000)): Promise<WriteBench> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'school-bench-writes-'));
  const saved = process.env.PGLITE_FSYNC;
  try {
    const empty = path.join(root, 'empty');
    const first = await openDatabase({ dataDir: empty });
    await first.db.schema.createTable('w').addColumn('id', 'serial', (c) => c.primaryKey()).addColumn('v', 'text').execute();
    await first.close();
    const run = async (mode: 'on' | 'off', n: number) => {
      const dir = path.join(root, `${mode}-${n}`);
      fs.cpSync(empty, dir, { recursive: true });
      process.env.PGLITE_FSYNC = mode;
      const database = await openDatabase({ dataDir: dir });
      try {
        const t0 = performance.now();
        for (let i = 0; i < commits; i++) await database.db.insertInto('w').values({ v: `row ${i}` }).execute();
        return performance.now() - t0;
      } finally {
        await database.close();
      }
    };
    const on1 = await run('on', 1);
    const off = await run('off', 1);
    const on2 = await run('on', 2);
    const on = (on1 + on2) / 2;
    return { commits, durable: { ms: on, perSecond: commits / (on / 1000) }, fsyncOff: { ms: off, perSecond: commits / (off / 1000) } };
  } finally {
    if (saved === undefined) delete process.env.PGLITE_FSYNC;
    else process.env.PGLITE_FSYNC = saved;
    fs.rmSync(root, { recursive: true, force: true });
  }
}

export function formatBackupBench(b: BackupBench | null, w: WriteBench, note = ''): string[] {
  const f0 = (x: number) => x.toFixed(0);
  const out = ['8. Backups and durable commits'];
  if (b) {
    out.push(`   backup of ${b.code} (${b.rows.toLocaleString('en-IN')} rows, ${b.bills.toLocaleString('en-IN')} bills): ${(b.backupMs / 1000).toFixed(1)} s, ${(b.bytes / 1024 / 1024).toFixed(1)} MB gzipped;` +
      ` restore of it (scratch schema, counts compared): ${(b.restoreMs / 1000).toFixed(1)} s${b.problems.length ? `  PROBLEMS: ${b.problems.join('; ')}` : ', every count equal'}`);
  } else {
    out.push(`   backup: ${note}`);
  }
  out.push(`   embedded store, ${w.commits} single-row commits one after another: durable (fsync on) ${f0(w.durable.perSecond)} commits/s,` +
    ` PGlite's own settings (fsync off) ${f0(w.fsyncOff.perSecond)} commits/s (durable/off = ${(w.durable.perSecond / w.fsyncOff.perSecond).toFixed(2)})`);
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { seedDemo, DEMO } = await import('../../src/server/db/seed-demo.js');
  const { loadConfig } = await import('../../src/server/config.js');
  const { ensurePlatform } = await import('../../src/server/framework/schools.js');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-bench-demo-'));
  try {
    const d = await openDatabase({ dataDir });
    await ensurePlatform(d.db);
    await seedDemo(d.db, { ...loadConfig(), databaseUrl: undefined, dataDir });
    await d.close();
    const b = await measureBackup({ dataDir, code: DEMO.code });
    const w = await measureWriteThroughput(Number(process.env.BENCH_WRITE_COMMITS ?? 500));
    console.log(formatBackupBench(b, w).join('\n'));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
