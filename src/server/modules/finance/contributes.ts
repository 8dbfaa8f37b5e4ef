import { defineContributions } from '../../framework/contributions.js';

export default defineContributions({
  demo: [{ order: 110, seed: async (d) => (await import('./demo-seed.js')).seedDemoFinance(d.ctx) }],
});
