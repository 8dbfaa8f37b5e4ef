/**
 * The record of job and task runs, `platform.job_run` (src/server/db/core-tables.ts): one row a
 * run, by the server that ran it, written by both engines of the job runner. Beside the school
 * directory, so every server on one PostgreSQL writes to and reads the same record.
 */
import os from 'node:os';
import { sql, type Kysely } from 'kysely';
import type { Job } from './contributions.js';

/** This process among the servers: host and process id. */
export const SERVER_ID = `${os.hostname()}:${process.pid}`;

export interface RunStart {
  name: string;
  kind: 'job' | 'task';
  /** The period a scheduled run is for (the time it was due); none for a task. */
  slot: Date | null;
  attempt: number;
}

export interface JobRunRow {
  id: number;
  name: string;
  kind: string;
  slot: Date | null;
  attempt: number;
  server: string;
  started_at: Date;
  finished_at: Date | null;
  ok: boolean | null;
  error: string | null;
}

/** The row of a run that starts now; its id. */
export async function recordStart(db: Kysely<any>, run: RunStart): Promise<number> {
  const row = await db.insertInto('platform.job_run')
    .values({ name: run.name, kind: run.kind, slot: run.slot, attempt: run.attempt, server: SERVER_ID })
    .returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function recordEnd(db: Kysely<any>, id: number, error: string | null): Promise<void> {
  await db.updateTable('platform.job_run').set({ finished_at: sql`now()`, ok: error === null, error }).where('id', '=', id).execute();
}

/** A run that found nothing due leaves no row. */
export async function forgetRun(db: Kysely<any>, id: number): Promise<void> {
  await db.deleteFrom('platform.job_run').where('id', '=', id).execute();
}

/** The latest runs, newest first; of one job or task when named. */
export async function lastRuns(db: Kysely<any>, opts: { limit?: number; name?: string } = {}): Promise<JobRunRow[]> {
  let q = db.selectFrom('platform.job_run').selectAll();
  if (opts.name) q = q.where('name', '=', opts.name);
  const rows = await q.orderBy('started_at', 'desc').orderBy('id', 'desc').limit(opts.limit ?? 20).execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }) as JobRunRow);
}

/** One run as a line for an operator: when, what, how it went, where. */
export function describeRun(r: JobRunRow): string {
  const took = r.finished_at ? `${new Date(r.finished_at).getTime() - new Date(r.started_at).getTime()} ms` : '';
  const how = r.ok === null ? 'running' : r.ok ? 'ok' : 'failed';
  const parts = [new Date(r.started_at).toISOString(), r.name, how, took, `on ${r.server}`];
  if (r.slot) parts.push(`for ${new Date(r.slot).toISOString()}`);
  if (r.attempt > 1) parts.push(`try ${r.attempt}`);
  return parts.filter(Boolean).join('\t') + (r.error ? `\t${r.error}` : '');
}

/** How long the record keeps a run. */
export const KEEP_RUNS_DAYS = 90;

/** A platform job: runs older than KEEP_RUNS_DAYS leave the record, once a day. */
export const jobHistoryJob: Job = {
  name: 'job-history',
  everyMs: 24 * 60 * 60 * 1000,
  firstAfterMs: 10 * 60 * 1000,
  async run({ db }) {
    await db.deleteFrom('platform.job_run').where('started_at', '<', sql<Date>`now() - make_interval(days => ${KEEP_RUNS_DAYS})`).execute();
  },
};
