/** The modules' scheduled jobs (contributes.ts `jobs`): each runs on its period until stopped, and a failure does not end it. */
import { afterEach, expect, it, vi } from 'vitest';
import { startJobs } from '../../src/server/framework/jobs.js';
import type { PlatformEnv } from '../../src/server/framework/contributions.js';

afterEach(() => {
  vi.useRealTimers();
});

it('runs each job first after its delay, then on its period, past a failure, until stopped', async () => {
  vi.useFakeTimers();
  const runs: string[] = [];
  let n = 0;
  const jobs = startJobs([
    { name: 'tick', everyMs: 1000, firstAfterMs: 10, run: async () => { runs.push('tick'); if (++n === 2) throw new Error('once'); } },
    { name: 'slow', everyMs: 5000, run: async () => { runs.push('slow'); } },
  ], {} as PlatformEnv);
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  await vi.advanceTimersByTimeAsync(10);
  expect(runs).toEqual(['tick']);
  await vi.advanceTimersByTimeAsync(2000);
  expect(runs).toEqual(['tick', 'tick', 'tick']);
  expect(error).toHaveBeenCalledWith('tick: once');
  await vi.advanceTimersByTimeAsync(3000);
  expect(runs.filter((r) => r === 'slow')).toEqual(['slow']);
  await jobs.stop();
  const stopped = runs.length;
  await vi.advanceTimersByTimeAsync(10_000);
  expect(runs.length).toBe(stopped);
  error.mockRestore();
});
