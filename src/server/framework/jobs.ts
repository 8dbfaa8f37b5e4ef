import type { Job, PlatformEnv } from './contributions.js';

/** Starts the modules' scheduled jobs; stop() waits for a run under way. */
export function startJobs(jobs: Job[], env: PlatformEnv): { stop(): Promise<void> } {
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  for (const job of jobs) {
    const schedule = (ms: number) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        const run = job.run(env).catch((e: Error) => console.error(`${job.name}: ${e.message}`)).finally(() => {
          running.delete(run);
          if (!stopped) schedule(job.everyMs);
        });
        running.add(run);
      }, ms);
      timer.unref();
      timers.add(timer);
    };
    schedule(job.firstAfterMs ?? job.everyMs);
  }
  return {
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      await Promise.all(running);
    },
  };
}
