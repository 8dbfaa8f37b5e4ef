import { defineContributions } from '../../framework/contributions.js';
import type { dashboardClasses } from './family.js';
import { vcUploadTable } from './upload-table.js';

/** What the `vc_room` channel pushes: a session change, a signal, the room's people, a question, a snapshot (spec 4 §7). */
export interface VcRoomPush { type: string; vc_class: number; [key: string]: unknown }

declare module '../../realtime/hub.js' {
  interface PushEvents {
    vc_room: VcRoomPush;
  }
}

declare module '../../framework/contributions.js' {
  interface Tasks {
    'virtual_classroom.remind': { school: string; id: number; start: string };
  }
  interface FamilyDashboardSections {
    virtual_classroom: Awaited<ReturnType<typeof dashboardClasses>>;
  }
}

export default defineContributions({
  derivedTables: [vcUploadTable],
  tasks: {
    'virtual_classroom.remind': { run: async (env, d) => (await import('./reminders.js')).sendReminder(env, d.school, d.id, d.start) },
  },
  familyDashboard: {
    virtual_classroom: async (ctx, q) => (await import('./family.js')).dashboardClasses(ctx, q.student.id, q.limit),
  },
  demo: [{
    order: 66,
    seed: async (d) => (await import('./demo-seed.js')).seedDemoVirtualClasses(d.ctx, { classIds: d.classIds, year: d.years.current }),
  }],
});
