/**
 * Scheduled work on two real servers sharing one PostgreSQL and one Redis: each period of a job
 * runs on one of them, never on both (the BullMQ engine of src/server/framework/jobs.ts), as the
 * record of runs (platform.job_run) shows; and a task enqueued once runs once, retried after a
 * failure, whichever of two runners' workers takes it.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { Shared } from '../../src/server/cluster/redis.js';
import { startJobs, type JobRunner } from '../../src/server/framework/jobs.js';
import { startCluster, REDIS_URL, type Cluster } from '../support/cluster.js';
import { runCli, tempDir } from '../support/process.js';

const EVERY_MS = 1500;

let c: Cluster;
beforeAll(async () => { c = await startCluster({ env: { JOB_EVERY: `statistics:${EVERY_MS}` } }); });
afterAll(async () => { await c?.stop(); });

interface Run { slot: Date; server: string; ok: boolean | null; error: string | null }
const statisticsRuns = async () => (await c.database.db.selectFrom('platform.job_run')
  .select(['slot', 'server', 'ok', 'error']).where('name', '=', 'statistics').orderBy('slot').execute()) as Run[];

test('each period of the statistics job runs once across the two servers', async () => {
  // The first period is due one period after the first server started; let several pass.
  await vi.waitFor(async () => expect((await statisticsRuns()).length).toBeGreaterThanOrEqual(6), { timeout: 30_000, interval: 250 });
  // The runs that have ended, each a success.
  const runs = (await statisticsRuns()).filter((r) => r.ok !== null);
  const slots = runs.map((r) => new Date(r.slot).getTime());
  expect(runs.every((r) => r.ok), JSON.stringify(runs)).toBe(true);
  // Never two runs of one period: the periods run are whole periods apart (one, unless a period
  // came while the previous run still held the job: skipped, never run twice), on either server.
  expect(new Set(slots).size).toBe(slots.length);
  const gaps = slots.slice(1).map((s, i) => s - slots[i]!);
  expect(gaps.every((g) => g > 0 && g % EVERY_MS === 0), JSON.stringify(gaps)).toBe(true);
  // The two servers together ran as many periods as have come since the first, not twice as many.
  const all = await statisticsRuns();
  const elapsed = Math.floor((Date.now() - slots[0]!) / EVERY_MS) + 1;
  expect(all.length).toBeLessThanOrEqual(elapsed);
  expect(all.length).toBeGreaterThanOrEqual(elapsed - 2);
  // Each server's runner writes its own name (host:pid), and only a server of the group ran one.
  const pids = new Set(c.servers.map((s) => String(s.proc.pid)));
  for (const r of runs) expect(pids.has(r.server.split(':').pop()!), r.server).toBe(true);
});

test('the jobs command lists the last runs the servers recorded', async () => {
  const r = await runCli(['jobs', '--name', 'statistics', '--limit', '3'], { dataDir: tempDir('school-cluster-cli-'), env: { DATABASE_URL: c.databaseUrl } });
  expect(r.code, r.stderr).toBe(0);
  const lines = r.stdout.trim().split('\n');
  expect(lines).toHaveLength(3);
  for (const line of lines) expect(line).toMatch(/^\S+Z\tstatistics\t(ok\t\d+ ms|running)\ton \S+:\d+\tfor \S+Z/);
  const bad = await runCli(['jobs', '--limit', 'all'], { dataDir: tempDir('school-cluster-cli-'), env: { DATABASE_URL: c.databaseUrl } });
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain('--limit: "all" is not a number of runs from 1 to 9999');
});

/** A connection to the group's Redis of its own, as a second server would open (openShared keeps one a process). */
function sharedRedis(prefix: string): Shared {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  return {
    redis, subscriber: redis, prefix, url: REDIS_URL, key: (name) => `${prefix}:${name}`,
    close: async () => { await redis.quit(); },
  };
}

test('a task enqueued once runs once on one of two runners, and a failed try is retried after its back-off', async () => {
  // A prefix of their own: the servers' workers know nothing of these tasks (the cluster's clean-up removes it too).
  const prefix = `${c.prefix}-tasks`;
  const connections = [sharedRedis(prefix), sharedRedis(prefix)];
  const ran: Array<{ runner: number; data: unknown }> = [];
  let tries = 0;
  const runners: JobRunner[] = [];
  try {
    for (const [i, shared] of connections.entries()) {
      runners.push(await startJobs({
        jobs: [],
        tasks: {
          'tests.once': { run: async (_env, data) => { ran.push({ runner: i, data }); } },
          'tests.flaky': { attempts: 3, backoffMs: 300, run: async () => { if (++tries === 1) throw new Error('The SMS gateway did not answer'); } },
        },
        env: { db: c.database.db, config: {} as never }, shared, log: () => {},
      }));
    }
    expect(runners.map((r) => r.engine)).toEqual(['queue', 'queue']);
    await runners[0]!.enqueue('tests.once', { student_id: 7 });
    await runners[1]!.enqueue('tests.flaky', {}, { delayMs: 200 });
    const runsOf = (name: string) => c.database.db.selectFrom('platform.job_run').select(['attempt', 'ok', 'error']).where('name', '=', name).orderBy('attempt').execute();
    await vi.waitFor(async () => expect((await runsOf('tests.flaky')).filter((r) => r.ok)).toHaveLength(1), { timeout: 20_000, interval: 100 });
    // Time for a wrong second run to show.
    await new Promise((r) => setTimeout(r, 1500));
    expect(ran.map((r) => r.data)).toEqual([{ student_id: 7 }]);
    expect(await runsOf('tests.once')).toEqual([{ attempt: 1, ok: true, error: null }]);
    expect(await runsOf('tests.flaky')).toEqual([
      { attempt: 1, ok: false, error: 'The SMS gateway did not answer' },
      { attempt: 2, ok: true, error: null },
    ]);
  } finally {
    await Promise.all(runners.map((r) => r.stop()));
    await Promise.all(connections.map((s) => s.close()));
  }
});

test('a server that stops closes its worker at once, and the other runs every period from then on', async () => {
  const [a, b] = c.servers as [typeof c.servers[0], typeof c.servers[0]];
  const stopped = await b.stop('SIGTERM', 15_000);
  expect(stopped.signal, b.output()).toBeNull();
  expect(stopped.code, b.output()).toBe(0);
  expect(stopped.ms).toBeLessThan(5000);
  expect(b.output()).not.toMatch(/Closing failed|Job queue:/);
  const since = Date.now();
  await vi.waitFor(async () => expect((await statisticsRuns()).filter((r) => new Date(r.slot).getTime() > since && r.ok)).toHaveLength(3), { timeout: 20_000, interval: 250 });
  const after = (await statisticsRuns()).filter((r) => new Date(r.slot).getTime() > since);
  for (const r of after) expect(r.server.split(':').pop()).toBe(String(a.proc.pid));
  const gaps = after.slice(1).map((r, i) => new Date(r.slot).getTime() - new Date(after[i]!.slot).getTime());
  expect(gaps.every((g) => g > 0 && g % EVERY_MS === 0), JSON.stringify(gaps)).toBe(true);
});
