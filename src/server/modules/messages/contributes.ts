import { defineContributions } from '../../framework/contributions.js';
import type { studentMessages } from './messages.handlers.js';

declare module '../../framework/contributions.js' {
  interface FamilyDashboardSections {
    messages: Awaited<ReturnType<typeof studentMessages>>;
  }
}

export default defineContributions({
  demo: [{
    order: 70,
    seed: async (d) => (await import('./demo-seed.js')).seedDemoOffice(d.ctx, {
      officeUserId: d.users.office, adminUserId: d.users.admin, teacherUserId: d.users.teacher, parentUserId: d.users.parent, children: await d.parentChildren(),
    }),
  }],
  familyDashboard: {
    messages: async (ctx, q) => (await import('./messages.handlers.js')).studentMessages(ctx, q.student.id, { since: q.since, limit: q.limit }),
  },
});
