import { defineContributions } from '../../framework/contributions.js';

export default defineContributions({
  demo: [{ order: 130, seed: async (d) => (await import('./demo-seed.js')).seedDemoPayroll(d.ctx) }],
});
