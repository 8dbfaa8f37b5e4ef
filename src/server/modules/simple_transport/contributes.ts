import { defineContributions } from '../../framework/contributions.js';

export default defineContributions({
  demo: [{ order: 161, seed: async (d) => (await import('./demo-seed.js')).seedDemoSimpleTransport(d) }],
});
