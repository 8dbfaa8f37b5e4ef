import { defineContributions } from '../../framework/contributions.js';

export default defineContributions({
  demo: [{ order: 120, seed: async (d) => (await import('./demo-seed.js')).seedDemoAccounts(d.ctx) }],
});
