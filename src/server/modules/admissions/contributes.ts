import { defineContributions } from '../../framework/contributions.js';

export default defineContributions({
  demo: [
    { order: 160, seed: async (d) => (await import('./demo-seed.js')).seedDemoAdmissions(d.ctx) },
    // Applications made on the public page, one of them paid online.
    { order: 170, seed: async (d) => (await import('./demo-seed-public.js')).seedDemoAdmissionsPublic(d.ctx) },
  ],
});
