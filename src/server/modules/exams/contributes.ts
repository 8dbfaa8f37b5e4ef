import { defineContributions } from '../../framework/contributions.js';

/** How often the exams job looks for attempts left open past their deadline. */
const CLOSE_EVERY_MS = 30_000;

export default defineContributions({
  jobs: [{
    // An attempt left open (the phone died, the tab was closed) is closed and marked at its deadline.
    name: 'exam-attempts', everyMs: CLOSE_EVERY_MS,
    run: async ({ db, config }) => (await import('./close-expired.js')).closeExpiredEverywhere(db, config),
  }],
  demo: [{ order: 75, seed: async (d) => (await import('./demo-seed.js')).seedDemoExams(d) }],
});
