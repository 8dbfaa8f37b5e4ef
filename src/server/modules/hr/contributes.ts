import { defineContributions } from '../../framework/contributions.js';
import type { hrAbsentDays } from './absence.js';

/** What HR answers other modules (src/server/framework/services.ts). */
declare module '../../framework/services.js' {
  interface Services {
    'hr.absentDays': typeof hrAbsentDays;
  }
}

export default defineContributions({
  demo: [{ order: 100, seed: async (d) => (await import('./demo-seed.js')).seedDemoHr(d.ctx, { yearId: d.years.current }) }],
  services: {
    'hr.absentDays': async (db, employeeId, month) => (await import('./absence.js')).hrAbsentDays(db, employeeId, month),
  },
});
