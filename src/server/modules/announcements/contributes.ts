import { defineContributions } from '../../framework/contributions.js';

export default defineContributions({
  demo: [{ order: 40, seed: async (d) => (await import('./demo-seed.js')).seedDemoAnnouncements(d.ctx, { classIds: d.classIds, adminUserId: d.users.admin, teacherUserId: d.users.teacher }) }],
});
