/**
 * The job runner's in-process engine (src/server/framework/jobs.ts, without REDIS_URL): scheduled
 * jobs on their periods, retries after a back-off, tasks enqueued by name, the stop, and the
 * record of runs it keeps (here in memory; tests/api/jobs.test.ts reads platform.job_run).
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { MIN_JOB_EVERY_MS, parseJobEvery } from '../../src/server/config.js';
import type { Job, PlatformEnv } from '../../src/server/framework/contributions.js';
import type { RunStart } from '../../src/server/framework/job-runs.js';
import { enqueue, startJobs, withPeriods, type RunRecord } from '../../src/server/framework/jobs.js';

interface Row extends RunStart { at: number; ok?: boolean; error?: string | null }

/** A record in memory: each run's row, with the fake clock's time it started. */
function memoryRecord() {
  const rows: Row[] = [];
  const record: RunRecord = {
    start: async (run) => rows.push({ ...run, at: Date.now() }) - 1,
    end: async (id, error) => { Object.assign(rows[id]!, { ok: error === null, error }); },
    forget: async (id) => { rows[id] = { ...rows[id]!, name: '(forgotten)' }; },
  };
  return { rows, record, named: (name: string) => rows.filter((r) => r.name === name) };
}

const env = {} as PlatformEnv;
let log: string[];
beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  log = [];
});
afterEach(() => {
  vi.useRealTimers();
});

it('runs each job first after its delay, then on its period, past a failure, until stopped, and records each run', async () => {
  const { record, named } = memoryRecord();
  let n = 0;
  const jobs = await startJobs({
    jobs: [
      { name: 'tick', everyMs: 1000, firstAfterMs: 10, run: async () => { if (++n === 2) throw new Error('once'); } },
      { name: 'slow', everyMs: 5000, run: async () => {} },
    ],
    env, record, log: (l) => log.push(l),
  });
  expect(jobs.engine).toBe('in-process');
  await vi.advanceTimersByTimeAsync(10);
  expect(named('tick')).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(2000);
  expect(named('tick').map((r) => [r.at, r.ok, r.error])).toEqual([[10, true, null], [1010, false, 'once'], [2010, true, null]]);
  // Each run's slot is the time it was due, one period apart.
  expect(named('tick').map((r) => r.slot!.getTime())).toEqual([10, 1010, 2010]);
  expect(log).toEqual(['tick: once']);
  await vi.advanceTimersByTimeAsync(3000);
  expect(named('slow').map((r) => r.at)).toEqual([5000]);
  await jobs.stop();
  const stopped = named('tick').length;
  await vi.advanceTimersByTimeAsync(10_000);
  expect(named('tick').length).toBe(stopped);
});

it('tries a failed run again after a back-off doubled each time, then waits for the next period', async () => {
  const { record, named } = memoryRecord();
  let n = 0;
  const jobs = await startJobs({
    jobs: [{ name: 'flaky', everyMs: 10_000, firstAfterMs: 0, attempts: 3, backoffMs: 100, run: async () => { if (++n <= 2) throw new Error(`failure ${n}`); } }],
    env, record, log: (l) => log.push(l),
  });
  await vi.advanceTimersByTimeAsync(1000);
  expect(named('flaky').map((r) => [r.at, r.attempt, r.ok])).toEqual([[0, 1, false], [100, 2, false], [300, 3, true]]);
  expect(log).toEqual(['flaky: failure 1 (try 1 of 3; it will be tried again)', 'flaky: failure 2 (try 2 of 3; it will be tried again)']);
  // The next period counts from the end of the run.
  await vi.advanceTimersByTimeAsync(10_000);
  expect(named('flaky').map((r) => r.at)).toEqual([0, 100, 300, 10_300]);
  await jobs.stop();
});

it('keeps no record of a run that found nothing due', async () => {
  const { rows, record } = memoryRecord();
  let due = false;
  const jobs = await startJobs({ jobs: [{ name: 'clock', everyMs: 100, firstAfterMs: 0, run: async () => (due ? undefined : 'idle') }], env, record });
  await vi.advanceTimersByTimeAsync(250);
  due = true;
  await vi.advanceTimersByTimeAsync(100);
  await jobs.stop();
  expect(rows.filter((r) => r.name === 'clock')).toHaveLength(1);
});

it('runs an enqueued task once, after its delay, with its payload', async () => {
  const { record, named } = memoryRecord();
  const seen: unknown[] = [];
  const jobs = await startJobs({ jobs: [], tasks: { 'tests.greet': { run: async (_env, data) => { seen.push(data); } } }, env, record });
  await jobs.enqueue('tests.greet', { name: 'Aarav' }, { delayMs: 500 });
  await vi.advanceTimersByTimeAsync(499);
  expect(seen).toEqual([]);
  await vi.advanceTimersByTimeAsync(1);
  expect(seen).toEqual([{ name: 'Aarav' }]);
  await vi.advanceTimersByTimeAsync(60_000);
  expect(seen).toHaveLength(1);
  expect(named('tests.greet')).toMatchObject([{ kind: 'task', slot: null, attempt: 1, ok: true }]);
  await jobs.stop();
});

it('records a run that threw something other than an Error as failed', async () => {
  const { record, named } = memoryRecord();
  const jobs = await startJobs({ jobs: [{ name: 'odd', everyMs: 1000, firstAfterMs: 0, run: () => Promise.reject(undefined) }], env, record, log: (l) => log.push(l) });
  await vi.advanceTimersByTimeAsync(10);
  await jobs.stop();
  expect(named('odd')).toMatchObject([{ ok: false, error: 'undefined' }]);
});

it('tries a failed task again up to its attempts, and no more', async () => {
  const { record, named } = memoryRecord();
  const jobs = await startJobs({
    jobs: [],
    tasks: { 'tests.fail': { attempts: 3, backoffMs: 1000, run: async () => { throw new Error('gateway down'); } } },
    env, record, log: (l) => log.push(l),
  });
  await jobs.enqueue('tests.fail', {});
  await vi.advanceTimersByTimeAsync(60_000);
  expect(named('tests.fail').map((r) => [r.at, r.attempt, r.ok, r.error])).toEqual([
    [0, 1, false, 'gateway down'], [1000, 2, false, 'gateway down'], [3000, 3, false, 'gateway down'],
  ]);
  expect(log.at(-1)).toBe('tests.fail: gateway down');
  await jobs.stop();
});

it('refuses a task nobody declares, a delay in the past, and a task enqueued without a runner', async () => {
  const jobs = await startJobs({ jobs: [], tasks: { 'tests.known': { run: async () => {} } }, env, record: memoryRecord().record });
  await expect(jobs.enqueue('tests.nobody', {})).rejects.toThrow("No module declares the task 'tests.nobody'");
  await expect(jobs.enqueue('tests.known', {}, { delayMs: -1 })).rejects.toThrow("The task 'tests.known': delayMs must be a number of milliseconds from now");
  await jobs.stop();
  // No module declares a task yet, so the typed form is reached through a cast.
  await expect((enqueue as (n: string, d: unknown) => Promise<void>)('tests.any', {})).rejects.toThrow(/no job runner runs in this process/);
});

it('drops a task still waiting for its time when stopped, and waits for a run under way', async () => {
  const { record, named } = memoryRecord();
  let finished = false;
  const jobs = await startJobs({
    jobs: [{ name: 'long', everyMs: 10_000, firstAfterMs: 0, run: () => new Promise<void>((r) => setTimeout(() => { finished = true; r(); }, 5000)) }],
    tasks: { 'tests.later': { run: async () => {} } },
    env, record,
  });
  await jobs.enqueue('tests.later', {}, { delayMs: 1000 });
  await vi.advanceTimersByTimeAsync(10);
  const stop = jobs.stop();
  await vi.advanceTimersByTimeAsync(6000);
  await stop;
  expect(finished).toBe(true);
  expect(named('long')).toMatchObject([{ ok: true }]);
  expect(named('tests.later')).toEqual([]);
});

it('waits no longer than stopWithinMs for a run under way, and records it as cut off', async () => {
  const { record, named } = memoryRecord();
  const jobs = await startJobs({
    jobs: [{ name: 'backup', everyMs: 30_000, firstAfterMs: 0, stopWithinMs: 2000, run: () => new Promise<void>((r) => setTimeout(r, 60_000)) }],
    env, record, log: (l) => log.push(l),
  });
  await vi.advanceTimersByTimeAsync(10);
  let done = false;
  const stop = jobs.stop().then(() => { done = true; });
  await vi.advanceTimersByTimeAsync(1999);
  expect(done).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  await stop;
  expect(named('backup')).toMatchObject([{ ok: false, error: "cut off by the server's stop after 2000 ms" }]);
});

it('sets periods from JOB_EVERY and refuses what it cannot read', () => {
  expect(parseJobEvery(undefined)).toEqual({});
  expect(parseJobEvery(' statistics:2000, backup:5000 ')).toEqual({ statistics: 2000, backup: 5000 });
  expect(() => parseJobEvery('statistics')).toThrow('JOB_EVERY: "statistics" is not name:milliseconds (e.g. statistics:2000)');
  expect(() => parseJobEvery('statistics:2s')).toThrow('JOB_EVERY: "statistics:2s" is not name:milliseconds');
  expect(() => parseJobEvery('statistics:5')).toThrow(`JOB_EVERY: statistics every 5 ms is too often; at least ${MIN_JOB_EVERY_MS} ms`);
  expect(() => parseJobEvery('a:200,a:300')).toThrow('JOB_EVERY names a twice');

  const run = async () => {};
  const jobs: Job[] = [{ name: 'statistics', everyMs: 86_400_000, firstAfterMs: 60_000, run }, { name: 'backup', everyMs: 30_000, firstAfterMs: 0, run }];
  const set = withPeriods(jobs, { statistics: 1500 });
  expect(set.map((j) => [j.name, j.everyMs, j.firstAfterMs])).toEqual([['statistics', 1500, 1500], ['backup', 30_000, 0]]);
  expect(() => withPeriods(jobs, { statistcs: 1500 })).toThrow('JOB_EVERY names statistcs, which is no job of this server (its jobs: statistics, backup)');
  expect(() => withPeriods([...jobs, jobs[0]!], {})).toThrow('Two jobs are named statistics');
  expect(() => withPeriods([{ name: 'spin', everyMs: 0, run }], {})).toThrow('The job spin has no period: everyMs must be a whole number of milliseconds above 0');
});
