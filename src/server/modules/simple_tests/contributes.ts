import { defineContributions } from '../../framework/contributions.js';
import type { dashboardSimpleTests } from './dashboard.js';

declare module '../../framework/contributions.js' {
  interface FamilyDashboardSections {
    simple_tests: Awaited<ReturnType<typeof dashboardSimpleTests>>;
  }
}

/** How often the job looks for attempts left open past their submission deadline. */
const CLOSE_EVERY_MS = 60_000;

export default defineContributions({
  jobs: [{
    // An attempt started and never submitted (the phone died, the family gave up) reads 'Not submitted'.
    name: 'simple-tests-close', everyMs: CLOSE_EVERY_MS,
    run: async ({ db, config }) => (await import('./closing.js')).closeExpiredEverywhere(db, config),
  }],
  familyDashboard: {
    // The chosen child's simple tests still to write and their submitted solutions with marks.
    simple_tests: async (ctx, q) => (await import('./dashboard.js')).dashboardSimpleTests(ctx, q.student.id, q.limit),
  },
  demo: [{
    order: 62,
    seed: async (d) => (await import('./demo-seed.js')).seedDemoSimpleTests(d.ctx, { classIds: d.classIds, year: d.years.current, parentUserId: d.users.parent }),
  }],
});
