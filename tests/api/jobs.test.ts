/**
 * The job runner on a real store, without REDIS_URL (the in-process engine): every run of a
 * scheduled job and of a task is written to platform.job_run by the server that ran it, which
 * is what an operator reads (`npm run school -- jobs`). Names are the test's own: on PostgreSQL
 * the record is shared with other test files.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeRun, lastRuns, SERVER_ID } from '../../src/server/framework/job-runs.js';
import { startJobs } from '../../src/server/framework/jobs.js';
import { testApp, type TestApp } from '../support/app.js';

let t: TestApp;
beforeAll(async () => { t = await testApp(); });
afterAll(() => t?.close());

const unique = (what: string) => `${what}-${crypto.randomBytes(3).toString('hex')}`;
const env = () => ({ db: t.database.db, config: t.config });
const runsOf = (name: string) => t.database.db.selectFrom('platform.job_run').selectAll().where('name', '=', name).orderBy('id').execute();

it('records each run of a scheduled job: the period it was for, the server, how it went', async () => {
  const name = unique('tick');
  const runner = await startJobs({ jobs: [{ name, everyMs: 150, firstAfterMs: 0, run: async () => {} }], env: env() });
  try {
    await vi.waitFor(async () => expect((await runsOf(name)).filter((r) => r.ok)).toHaveLength(2), { timeout: 10_000, interval: 50 });
  } finally {
    await runner.stop();
  }
  const rows = (await runsOf(name)).slice(0, 2);
  for (const r of rows) {
    expect(r).toMatchObject({ kind: 'job', attempt: 1, server: SERVER_ID, ok: true, error: null });
    expect(new Date(r.finished_at).getTime()).toBeGreaterThanOrEqual(new Date(r.started_at).getTime());
  }
  // The second period is due one period after the first run ended.
  expect(new Date(rows[1]!.slot).getTime() - new Date(rows[0]!.slot).getTime()).toBeGreaterThanOrEqual(150);
});

it('runs a task once, tries a failed one again after its back-off, and records each try', async () => {
  const once = unique('tests.once');
  const flaky = unique('tests.flaky');
  const seen: unknown[] = [];
  let tries = 0;
  const runner = await startJobs({
    jobs: [],
    tasks: {
      [once]: { run: async (_env, data) => { seen.push(data); } },
      [flaky]: { attempts: 3, backoffMs: 100, run: async () => { if (++tries === 1) throw new Error('The SMS gateway did not answer'); } },
    },
    env: env(), log: () => {},
  });
  try {
    await runner.enqueue(once, { student_id: 7 });
    await runner.enqueue(flaky, {}, { delayMs: 50 });
    await vi.waitFor(async () => expect((await runsOf(flaky)).filter((r) => r.ok)).toHaveLength(1), { timeout: 10_000, interval: 50 });
    // Time for a wrong second run to show.
    await new Promise((r) => setTimeout(r, 400));
  } finally {
    await runner.stop();
  }
  expect(seen).toEqual([{ student_id: 7 }]);
  expect(await runsOf(once)).toMatchObject([{ kind: 'task', slot: null, attempt: 1, ok: true }]);
  const rows = await runsOf(flaky);
  expect(rows).toMatchObject([
    { kind: 'task', attempt: 1, ok: false, error: 'The SMS gateway did not answer' },
    { kind: 'task', attempt: 2, ok: true, error: null },
  ]);
  expect(new Date(rows[1]!.started_at).getTime() - new Date(rows[0]!.finished_at).getTime()).toBeGreaterThanOrEqual(90);

  // What the jobs command prints: newest first, the failure with its reason.
  const listed = await lastRuns(t.database.db, { name: flaky });
  expect(listed.map((r) => r.attempt)).toEqual([2, 1]);
  expect(describeRun(listed[1]!)).toMatch(new RegExp(`^\\S+Z\\t${flaky}\\tfailed\\t\\d+ ms\\ton ${SERVER_ID}\\tThe SMS gateway did not answer$`));
  expect(describeRun(listed[0]!)).toMatch(new RegExp(`\\t${flaky}\\tok\\t\\d+ ms\\ton ${SERVER_ID}\\ttry 2$`));
});
