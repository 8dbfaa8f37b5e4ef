import { defineContributions } from '../../framework/contributions.js';

export default defineContributions({
  demo: [{
    order: 62,
    seed: async (d) => (await import('./demo-seed.js')).seedDemoSimpleTests(d.ctx, { classIds: d.classIds, year: d.years.current, parentUserId: d.users.parent }),
  }],
});
