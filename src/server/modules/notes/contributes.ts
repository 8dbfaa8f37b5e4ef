import { defineContributions } from '../../framework/contributions.js';

export default defineContributions({
  demo: [{ order: 90, seed: async (d) => (await import('./demo-seed.js')).seedDemoNotes(d.ctx, { classIds: d.classIds, yearId: d.years.current, teacherUserId: d.users.teacher }) }],
});
