import { defineContributions } from '../../framework/contributions.js';
import type { dashboardExams } from './dashboard.js';

declare module '../../framework/contributions.js' {
  interface FamilyDashboardSections {
    exams: Awaited<ReturnType<typeof dashboardExams>>;
  }
}

/** How often the exams job looks for attempts left open past their deadline. */
const CLOSE_EVERY_MS = 30_000;

export default defineContributions({
  jobs: [{
    // An attempt left open (the phone died, the tab was closed) is closed and marked at its deadline.
    name: 'exam-attempts', everyMs: CLOSE_EVERY_MS,
    run: async ({ db, config }) => (await import('./close-expired.js')).closeExpiredEverywhere(db, config),
  }],
  familyDashboard: {
    // The chosen child's exams still to take and their completed attempts with marks.
    exams: async (ctx, q) => (await import('./dashboard.js')).dashboardExams(ctx, q.student.id, q.limit),
  },
  demo: [{ order: 75, seed: async (d) => (await import('./demo-seed.js')).seedDemoExams(d) }],
});
