import { defineContributions } from '../../framework/contributions.js';
import type { recordTestMarks } from './class-test.js';
import type { studentYearMarks } from './sheet.js';

/** Events marks publishes: a test's marks of a class approved (families may now see them). */
declare module '../../framework/events.js' {
  interface Events {
    'marks.approved': { test_id: number; class_id: number };
  }
}

/** What marks answers other modules (src/server/framework/services.ts). */
declare module '../../framework/services.js' {
  interface Services {
    'marks.studentYearMarks': typeof studentYearMarks;
    /** Another module's test of a class (an online test's results) entered in the register. */
    'marks.recordTestMarks': typeof recordTestMarks;
  }
}

export default defineContributions({
  demo: [{ order: 30, seed: async (d) => (await import('./demo-seed.js')).seedDemoMarks(d.ctx, { yearId: d.years.current, midTermId: d.midTermId, classIds: d.classIds, teacherIds: d.teacherIds }) }],
  services: {
    'marks.studentYearMarks': async (ctx, studentId, yearId, approvedOnly) => (await import('./sheet.js')).studentYearMarks(ctx, studentId, yearId, approvedOnly),
    'marks.recordTestMarks': async (ctx, input) => (await import('./class-test.js')).recordTestMarks(ctx, input),
  },
});
