import { defineContributions } from '../../framework/contributions.js';
import type { childAnnouncements } from './audience.js';

declare module '../../framework/contributions.js' {
  interface FamilyDashboardSections {
    announcements: Awaited<ReturnType<typeof childAnnouncements>>;
  }
}

export default defineContributions({
  demo: [{ order: 40, seed: async (d) => (await import('./demo-seed.js')).seedDemoAnnouncements(d.ctx, { classIds: d.classIds, adminUserId: d.users.admin, teacherUserId: d.users.teacher }) }],
  familyDashboard: {
    announcements: async (ctx, q) => (await import('./audience.js')).childAnnouncements(ctx, q),
  },
});
