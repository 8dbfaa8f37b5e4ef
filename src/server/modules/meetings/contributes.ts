import { defineContributions } from '../../framework/contributions.js';
import type { dashboardMeetings } from './family.js';

declare module '../../realtime/hub.js' {
  interface PushEvents {
    /** A meeting's room: someone joined or left, a signal for this socket, the meeting ended. */
    meeting_room: { type: string; meeting: number; [key: string]: unknown };
  }
}

declare module '../../framework/contributions.js' {
  interface Tasks {
    'meetings.remind': { school: string; id: number; start: string };
  }
  interface FamilyDashboardSections {
    meetings: Awaited<ReturnType<typeof dashboardMeetings>>;
  }
}

export default defineContributions({
  tasks: {
    'meetings.remind': { run: async (env, d) => (await import('./reminders.js')).sendMeetingReminder(env, d.school, d.id, d.start) },
  },
  familyDashboard: {
    meetings: async (ctx, q) => (await import('./family.js')).dashboardMeetings(ctx, q.limit),
  },
  demo: [{
    order: 67,
    seed: async (d) => (await import('./demo-seed.js')).seedDemoMeetings(d.ctx, { adminUserId: d.users.admin, teacherUserId: d.users.teacher, parentUserId: d.users.parent }),
  }],
});
