/**
 * The job runner's engine with REDIS_URL: one BullMQ queue in the shared Redis, keys under
 * REDIS_PREFIX. Every server upserts a job scheduler per job (`every` its period); the scheduler
 * makes one queued job per period, whose id names the period, so servers starting at different
 * moments agree on it and add no second one. Each server runs a worker; whichever takes a period's
 * job runs it, and a failed try goes back to the queue after a back-off, for any server to retry.
 * A run slower than its period does not overlap the next: a lock in Redis lets one run of a job at
 * a time, and a period that finds it held is skipped, as the timers of one server would.
 */
import crypto from 'node:crypto';
import { Queue, Worker, type Job as QueuedJob } from 'bullmq';
import type { Shared } from '../cluster/redis.js';
import type { Job } from './contributions.js';
import { DEFAULT_JOB_BACKOFF_MS, DEFAULT_TASK_ATTEMPTS, DEFAULT_TASK_BACKOFF_MS, type Engine, type RunnerCore } from './jobs.js';

const QUEUE = 'jobs';
/** How many runs one server makes at once (a backup does not hold up the statistics). */
const CONCURRENCY = 4;
/** Finished jobs BullMQ keeps for inspection; the record of runs is platform.job_run. */
const KEEP = { count: 200 };
/** A job's lock outlives a server that died in the middle of a run by this long. */
const LOCK_MS = 60_000;

const schedulerId = (job: Job) => `job:${job.name}`;

export async function queueEngine(core: RunnerCore, shared: Shared): Promise<Engine> {
  const connection = shared.redis;
  const prefix = shared.prefix;
  const queue = new Queue(QUEUE, { connection, prefix });
  queue.on('error', queueError(core));
  const byScheduler = new Map(core.jobs.map((j) => [schedulerId(j), j]));
  for (const job of core.jobs) {
    // The first server to start sets the first period; the others (and later starts) keep the
    // scheduler's, unless its period changed (JOB_EVERY).
    await queue.upsertJobScheduler(schedulerId(job), { every: job.everyMs, startDate: Date.now() + (job.firstAfterMs ?? job.everyMs) }, {
      name: schedulerId(job),
      data: {},
      opts: {
        attempts: job.attempts ?? 1,
        backoff: { type: 'exponential', delay: job.backoffMs ?? DEFAULT_JOB_BACKOFF_MS },
        removeOnComplete: KEEP, removeOnFail: KEEP,
      },
    });
  }
  // A job no server declares any more (a removed module, a renamed job) stops being made.
  for (const s of await queue.getJobSchedulers()) {
    if (!byScheduler.has(s.key)) await queue.removeJobScheduler(s.key);
  }

  async function runQueued(queued: QueuedJob) {
    const attempt = queued.attemptsMade + 1;
    const job = byScheduler.get(queued.name);
    if (job) {
      const lock = await takeLock(shared, `jobs:running:${job.name}`);
      // The previous period's run is still under way on some server.
      if (!lock) return;
      try {
        await core.run({
          name: job.name, kind: 'job', slot: slotOf(queued), attempt, attempts: job.attempts ?? 1,
          stopWithinMs: job.stopWithinMs, work: () => job.run(core.env),
        });
      } finally {
        await lock.release();
      }
      return;
    }
    if (queued.name.startsWith('task:')) {
      const name = queued.name.slice('task:'.length);
      const task = core.task(name);
      await core.run({ name, kind: 'task', slot: null, attempt, attempts: task.attempts ?? DEFAULT_TASK_ATTEMPTS, work: () => task.run(core.env, queued.data) });
      return;
    }
    // A job of another release's server, whose scheduler this one removed.
    throw new Error(`No job ${queued.name} on this server`);
  }

  const worker = new Worker(QUEUE, runQueued, { connection, prefix, concurrency: CONCURRENCY });
  worker.on('error', queueError(core));

  return {
    async enqueue(name, data, delayMs) {
      const task = core.task(name);
      await queue.add(`task:${name}`, data, {
        delay: delayMs,
        attempts: task.attempts ?? DEFAULT_TASK_ATTEMPTS,
        backoff: { type: 'exponential', delay: task.backoffMs ?? DEFAULT_TASK_BACKOFF_MS },
        removeOnComplete: KEEP, removeOnFail: KEEP,
      });
    },
    async stop() {
      // Waits for the runs under way (each bounded by its stopWithinMs); queued work stays for the other servers.
      await worker.close();
      await queue.close();
    },
  };
}

/** Logs the queue's errors but a lost connection, which the shared connection reports already (src/server/cluster/redis.ts). */
const queueError = (core: RunnerCore) => (e: Error) => {
  if (!/ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH|Connection is closed/.test(e.message)) core.log(`Job queue: ${e.message}`);
};

/** The period a scheduler's job is for: the time in its id (`repeat:<scheduler>:<ms>`). */
function slotOf(queued: QueuedJob): Date {
  const ms = Number(String(queued.id).split(':').pop());
  return new Date(Number.isFinite(ms) && ms > 0 ? ms : queued.timestamp + (queued.opts.delay ?? 0));
}

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** A lock in Redis, kept alive while held; null when another holds it. */
async function takeLock(shared: Shared, name: string): Promise<{ release(): Promise<void> } | null> {
  const key = shared.key(name);
  const token = crypto.randomUUID();
  if ((await shared.redis.set(key, token, 'PX', LOCK_MS, 'NX')) !== 'OK') return null;
  const timer = setInterval(() => void shared.redis.eval(RENEW, 1, key, token, LOCK_MS).catch(() => {}), LOCK_MS / 3);
  timer.unref();
  return {
    async release() {
      clearInterval(timer);
      await shared.redis.eval(RELEASE, 1, key, token).catch(() => {});
    },
  };
}
