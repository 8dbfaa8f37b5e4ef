import { defineContributions } from '../../framework/contributions.js';

export default defineContributions({
  demo: [{ order: 100, seed: async (d) => (await import('./demo-seed.js')).seedDemoHr(d.ctx, { yearId: d.years.current }) }],
});
