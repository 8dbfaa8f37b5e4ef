import { defineContributions } from '../../framework/contributions.js';

/** Events attendance publishes: a class's day saved, with its absentees. */
declare module '../../framework/events.js' {
  interface Events {
    'attendance.taken': { class_id: number; ac_year_id: number; date: string; absent: number[] };
  }
}

export default defineContributions({
  startup: [
    // Absence texts a stop cut off after their attendance was saved.
    async ({ db, config }) => {
      const { resumeAbsenceAlerts } = await import('./resume-alerts.js');
      try {
        for (const [code, n] of Object.entries(await resumeAbsenceAlerts(db, config))) console.log(`${code}: sent ${n} absence alert text(s) held up by the last stop`);
      } catch (e) {
        console.error(`Absence alerts not resumed: ${(e as Error).message}`);
      }
    },
  ],
  demo: [{ order: 50, seed: async (d) => (await import('./demo-seed.js')).seedDemoAttendance(d.ctx, { officeUserId: d.users.office }) }],
});
