import { defineContributions } from '../../framework/contributions.js';

export default defineContributions({
  demo: [{ order: 80, seed: async (d) => (await import('./demo-seed.js')).seedDemoTimetable(d.ctx, { classIds: d.classIds }) }],
});
