import { defineContributions } from '../../framework/contributions.js';
import type { teacherAccessMode } from './reach.js';
import type { recentHomework } from './student.js';

declare module '../../framework/contributions.js' {
  interface FamilyDashboardSections {
    homework: Awaited<ReturnType<typeof recentHomework>>;
  }
}

/** What homework answers other modules (src/server/framework/services.ts). */
declare module '../../framework/services.js' {
  interface Services {
    'homework.teacherAccessMode': typeof teacherAccessMode;
  }
}

export default defineContributions({
  demo: [{ order: 60, seed: async (d) => (await import('./demo-seed.js')).seedDemoHomework(d.ctx, { classIds: d.classIds, parentUserId: d.users.parent }) }],
  familyDashboard: {
    // Today's view: homework set today at the school; else the latest.
    homework: async (ctx, q) => (await import('./student.js')).recentHomework(ctx.db, q.student.id, q.view === 'today' ? q.today : '1970-01-01', q.limit),
  },
  services: {
    'homework.teacherAccessMode': async (db) => (await import('./reach.js')).teacherAccessMode(db),
  },
});
