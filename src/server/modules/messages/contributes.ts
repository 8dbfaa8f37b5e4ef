import { defineContributions } from '../../framework/contributions.js';

export default defineContributions({
  demo: [{
    order: 70,
    seed: async (d) => (await import('./demo-seed.js')).seedDemoOffice(d.ctx, {
      officeUserId: d.users.office, adminUserId: d.users.admin, teacherUserId: d.users.teacher, parentUserId: d.users.parent, children: await d.parentChildren(),
    }),
  }],
});
