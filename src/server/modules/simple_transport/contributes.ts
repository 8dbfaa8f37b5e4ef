import { defineContributions } from '../../framework/contributions.js';

export default defineContributions({
  demo: [{ order: 163, seed: async (d) => (await import('./demo-seed.js')).seedDemoSimpleTransport(d) }],
});
