/**
 * The job runner's engine without REDIS_URL: timers in this process, as on one server. A job's
 * next period is set when its run (with its retries) has ended, so it never overlaps itself; a
 * task waiting for its time lives only in this process, and a stop drops it.
 */
import type { Job } from './contributions.js';
import { DEFAULT_JOB_BACKOFF_MS, DEFAULT_TASK_ATTEMPTS, DEFAULT_TASK_BACKOFF_MS, type Engine, type RunnerCore, type RunSpec } from './jobs.js';

export function inProcessEngine(core: RunnerCore): Engine {
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  const stopped = () => core.stopping.stopped;

  /** `fn` after `ms`; a timer never keeps the process alive on its own. */
  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timer.unref();
    timers.add(timer);
  };
  const track = (run: Promise<void>) => {
    running.add(run);
    void run.finally(() => running.delete(run));
  };
  /** The wait before a retry; a stop ends it at once. */
  const pause = (ms: number) => new Promise<void>((resolve) => {
    const forget = core.stopping.listen(resolve);
    later(ms, () => {
      forget();
      resolve();
    });
  });

  /** Tries the run up to its attempts, doubling the wait each time; the last failure is logged and recorded. */
  async function tries(spec: Omit<RunSpec, 'attempt'>, backoffMs: number): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await core.run({ ...spec, attempt });
      } catch {
        if (attempt >= spec.attempts || stopped()) return;
        await pause(backoffMs * 2 ** (attempt - 1));
        if (stopped()) return;
      }
    }
  }

  const schedule = (job: Job, ms: number) => {
    const slot = new Date(Date.now() + ms);
    later(ms, () => {
      const spec = { name: job.name, kind: 'job' as const, slot, attempts: job.attempts ?? 1, stopWithinMs: job.stopWithinMs, work: () => job.run(core.env) };
      track(tries(spec, job.backoffMs ?? DEFAULT_JOB_BACKOFF_MS).finally(() => {
        if (!stopped()) schedule(job, job.everyMs);
      }));
    });
  };
  for (const job of core.jobs) schedule(job, job.firstAfterMs ?? job.everyMs);

  return {
    async enqueue(name, data, delayMs) {
      const task = core.task(name);
      if (stopped()) throw new Error(`The task '${name}' cannot be queued: the job runner has stopped`);
      later(delayMs, () => {
        const spec = { name, kind: 'task' as const, slot: null, attempts: task.attempts ?? DEFAULT_TASK_ATTEMPTS, work: () => task.run(core.env, data) };
        track(tries(spec, task.backoffMs ?? DEFAULT_TASK_BACKOFF_MS));
      });
    },
    async stop() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      // A run's end may set the next period's timer before it sees the stop: none is left.
      while (running.size) await Promise.all(running);
      for (const t of timers) clearTimeout(t);
    },
  };
}
