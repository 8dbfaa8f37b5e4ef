import { defineContributions } from '../../framework/contributions.js';

/** How often the job looks for attempts left open past their submission deadline. */
const CLOSE_EVERY_MS = 60_000;

export default defineContributions({
  jobs: [{
    // An attempt started and never submitted (the phone died, the family gave up) reads 'Not submitted'.
    name: 'simple-tests-close', everyMs: CLOSE_EVERY_MS,
    run: async ({ db, config }) => (await import('./closing.js')).closeExpiredEverywhere(db, config),
  }],
  demo: [{
    order: 62,
    seed: async (d) => (await import('./demo-seed.js')).seedDemoSimpleTests(d.ctx, { classIds: d.classIds, year: d.years.current, parentUserId: d.users.parent }),
  }],
});
