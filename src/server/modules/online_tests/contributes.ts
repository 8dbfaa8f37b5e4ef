import { defineContributions } from '../../framework/contributions.js';
import type { dashboardTests } from './student.js';

/** The task that closes an attempt at its deadline: the school and the attempt (plain data, through Redis). */
declare module '../../framework/contributions.js' {
  interface Tasks {
    'online_tests.close': { school: string; attempt_id: number };
  }
  interface FamilyDashboardSections {
    online_tests: Awaited<ReturnType<typeof dashboardTests>>;
  }
}

/** How often the sweep looks for attempts past their deadline that no task closed (a restart loses in-process timers). */
const SWEEP_MS = 60_000;

export default defineContributions({
  tasks: {
    'online_tests.close': {
      attempts: 5,
      run: async (env, data) => (await import('./closing.js')).closeOne(env, data.school, data.attempt_id),
    },
  },
  jobs: [{
    name: 'online-tests-close', everyMs: SWEEP_MS, attempts: 2,
    run: async (env) => ((await (await import('./closing.js')).closeAllExpired(env)) ? undefined : 'idle'),
  }],
  familyDashboard: {
    // Upcoming and finished online tests of the chosen child.
    online_tests: async (ctx, q) => (await import('./student.js')).dashboardTests(ctx, q.student.id, q.limit),
  },
  demo: [{ order: 65, seed: async (d) => (await import('./demo-seed.js')).seedDemoOnlineTests(d.ctx, { classIds: d.classIds, teacherUserId: d.users.teacher }) }],
});
