import { defineContributions } from '../../framework/contributions.js';

export default defineContributions({
  demo: [{ order: 60, seed: async (d) => (await import('./demo-seed.js')).seedDemoHomework(d.ctx, { classIds: d.classIds, parentUserId: d.users.parent }) }],
});
