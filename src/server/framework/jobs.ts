/**
 * The one job runner of a server (src/server/main.ts starts it): the platform's scheduled work
 * (table statistics, the backup schedule's look at the clock, the record's clean-up) and the
 * modules' (contributes.ts `jobs`), and tasks enqueued by name (contributes.ts `tasks`).
 *
 * Two engines behind one interface. Without REDIS_URL, timers in the process, as on one server
 * (the embedded store is one process by design). With REDIS_URL, a BullMQ queue in the shared
 * Redis: each period of a job and each task is one queued job that one server's worker takes, so
 * on several servers it runs once, with retries after a back-off. Both write every run to
 * platform.job_run (job-runs.ts).
 */
import type { Shared } from '../cluster/redis.js';
import type { Job, PlatformEnv, Task, TaskName, Tasks } from './contributions.js';
import { forgetRun, recordEnd, recordStart, type RunStart } from './job-runs.js';
import { inProcessEngine } from './jobs-in-process.js';
import { queueEngine } from './jobs-queue.js';

export interface EnqueueOptions {
  /** Run it this long from now (default: at once). */
  delayMs?: number;
}

export interface JobRunner {
  engine: 'in-process' | 'queue';
  /** Runs the task `name` once with `data` (its handler from `tasks`), retried on failure. */
  enqueue(name: string, data: unknown, opts?: EnqueueOptions): Promise<void>;
  /** Stops the timers or the worker; resolves once the runs under way have ended (see Job.stopWithinMs). */
  stop(): Promise<void>;
}

/** Where the runs go: the platform table by default; tests keep them in memory. */
export interface RunRecord {
  start(run: RunStart): Promise<number>;
  end(id: number, error: string | null): Promise<void>;
  /** A run that found nothing due. */
  forget(id: number): Promise<void>;
}

export interface RunnerOptions {
  /** With their JOB_EVERY periods (withPeriods). */
  jobs: Job[];
  tasks?: Record<string, Task>;
  env: PlatformEnv;
  /** The shared Redis (src/server/cluster/redis.ts openShared): with it, the queue; without it, timers in this process. */
  shared?: Shared | null;
  record?: RunRecord;
  /** Failures and retries (default console.error). */
  log?: (line: string) => void;
}

export const tableRecord = (env: PlatformEnv): RunRecord => ({
  start: (run) => recordStart(env.db, run),
  end: (id, error) => recordEnd(env.db, id, error),
  forget: (id) => forgetRun(env.db, id),
});

/** One run to make: what both engines hand to runRecorded. */
export interface RunSpec extends RunStart {
  attempts: number;
  stopWithinMs?: number;
  work(): Promise<void | 'idle'>;
}

/** What the engines share: the declarations, the environment, the record and the stop. */
export interface RunnerCore {
  jobs: Job[];
  tasks: Record<string, Task>;
  env: PlatformEnv;
  log(line: string): void;
  /** The start of the stop. */
  stopping: StopSignal;
  /** The task of that name, or an error naming it. */
  task(name: string): Task;
  /** Runs once, recording the run; rejects with the run's error (the engine decides about a retry). */
  run(spec: RunSpec): Promise<void>;
}

export const DEFAULT_JOB_BACKOFF_MS = 30_000;
export const DEFAULT_TASK_ATTEMPTS = 3;
export const DEFAULT_TASK_BACKOFF_MS = 5_000;

let current: JobRunner | null = null;

/** Starts the runner with the engine the settings call for. */
export async function startJobs(opts: RunnerOptions): Promise<JobRunner> {
  const jobs = opts.jobs;
  uniqueNames(jobs);
  const log = opts.log ?? ((line: string) => console.error(line));
  const record = opts.record ?? tableRecord(opts.env);
  const tasks = opts.tasks ?? {};
  const stopping = new StopSignal();
  const core: RunnerCore = {
    jobs, tasks, env: opts.env, log, stopping,
    task(name) {
      const task = tasks[name];
      if (!task) throw new Error(`No module declares the task '${name}'`);
      return task;
    },
    run: (spec) => runRecorded(spec, record, log, stopping),
  };
  const engine = opts.shared ? await queueEngine(core, opts.shared) : inProcessEngine(core);
  const runner: JobRunner = {
    engine: opts.shared ? 'queue' : 'in-process',
    async enqueue(name, data, o = {}) {
      core.task(name);
      const delayMs = o.delayMs ?? 0;
      if (!Number.isFinite(delayMs) || delayMs < 0) throw new Error(`The task '${name}': delayMs must be a number of milliseconds from now`);
      await engine.enqueue(name, data, delayMs);
    },
    async stop() {
      stopping.fire();
      if (current === runner) current = null;
      await engine.stop();
    },
  };
  current = runner;
  return runner;
}

/** What an engine does; the runner checks names and delays before it. */
export interface Engine {
  enqueue(name: string, data: unknown, delayMs: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs a module's task once through this process's runner (the queue with REDIS_URL, so any
 * server may take it): `await enqueue('tests.autoSubmit', { attempt_id }, { delayMs: 60_000 })`.
 */
export function enqueue<N extends TaskName>(name: N, data: Tasks[N], opts?: EnqueueOptions): Promise<void> {
  if (!current) return Promise.reject(new Error(`The task '${String(name)}' cannot be queued: no job runner runs in this process (src/server/main.ts starts one)`));
  return current.enqueue(name, data, opts);
}

/** The jobs with the periods JOB_EVERY sets (first run no later than one period); each name once. */
export function withPeriods(jobs: Job[], every: Record<string, number>): Job[] {
  const names = uniqueNames(jobs);
  const unknown = Object.keys(every).filter((n) => !names.includes(n));
  if (unknown.length) throw new Error(`JOB_EVERY names ${unknown.join(', ')}, which is no job of this server (its jobs: ${names.join(', ') || 'none'})`);
  return jobs.map((j) => {
    const ms = every[j.name];
    return ms ? { ...j, everyMs: ms, firstAfterMs: Math.min(j.firstAfterMs ?? j.everyMs, ms) } : j;
  });
}

/** The jobs' names, each once (JOB_EVERY, the queue's scheduler and the record name a job by it); each with a period. */
function uniqueNames(jobs: Job[]): string[] {
  const names = jobs.map((j) => j.name);
  const twice = names.filter((n, i) => names.indexOf(n) !== i);
  if (twice.length) throw new Error(`Two jobs are named ${twice.join(', ')}`);
  const bad = jobs.filter((j) => !Number.isInteger(j.everyMs) || j.everyMs <= 0);
  if (bad.length) throw new Error(`The job ${bad[0]!.name} has no period: everyMs must be a whole number of milliseconds above 0`);
  return names;
}

/** One run: a row at its start, its end (or no row when it found nothing due), a line when it failed. */
async function runRecorded(spec: RunSpec, record: RunRecord, log: (line: string) => void, stopping: StopSignal): Promise<void> {
  const unrecorded = (e: Error) => { log(`${spec.name}: the run could not be recorded: ${e.message}`); return null; };
  const id = await record.start(spec).catch(unrecorded);
  try {
    const out = await bounded(spec.work(), spec.stopWithinMs, stopping);
    if (id !== null) await (out === 'idle' ? record.forget(id) : record.end(id, null)).catch(unrecorded);
  } catch (e) {
    // Whatever was thrown, the run failed: never recorded as ok for want of a message.
    const message = (e instanceof Error ? e.message : String(e)) || 'failed without a message';
    log(spec.attempt < spec.attempts ? `${spec.name}: ${message} (try ${spec.attempt} of ${spec.attempts}; it will be tried again)` : `${spec.name}: ${message}`);
    if (id !== null) await record.end(id, message).catch(unrecorded);
    throw e;
  }
}

/** The run, or a failure once a stop has waited `ms` for it. */
function bounded<T>(run: Promise<T>, ms: number | undefined, onStop: StopSignal): Promise<T> {
  if (ms === undefined) return run;
  // The run goes on in the background until the process ends; its own failure then is no news.
  run.catch(() => {});
  return new Promise<T>((resolve, reject) => {
    const cut = () => setTimeout(() => reject(new Error(`cut off by the server's stop after ${ms} ms`)), ms).unref();
    const forget = onStop.listen(cut);
    run.then(resolve, reject).finally(forget);
  });
}

/** The start of the stop, for runs that wait for it (a listener per run under way, not per run ever made). */
export class StopSignal {
  private readonly listeners = new Set<() => void>();
  stopped = false;
  readonly promise: Promise<void>;
  private resolve!: () => void;
  constructor() {
    this.promise = new Promise<void>((r) => { this.resolve = r; });
  }
  /** Calls `fn` at the stop (at once if stopped); answers a function that takes it back. */
  listen(fn: () => void): () => void {
    if (this.stopped) {
      fn();
      return () => {};
    }
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
  fire() {
    if (this.stopped) return;
    this.stopped = true;
    for (const fn of this.listeners) fn();
    this.listeners.clear();
    this.resolve();
  }
}
