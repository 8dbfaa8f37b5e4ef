import { defineContributions } from '../../framework/contributions.js';

export default defineContributions({
  demo: [{ order: 140, seed: async (d) => (await import('./demo-seed.js')).seedDemoVisitors(d.ctx, { officeUserId: d.users.office }) }],
});
