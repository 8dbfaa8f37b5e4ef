import { defineContributions } from '../../framework/contributions.js';

/** Events marks publishes: a test's marks of a class approved (families may now see them). */
declare module '../../framework/events.js' {
  interface Events {
    'marks.approved': { test_id: number; class_id: number };
  }
}

export default defineContributions({
  demo: [{ order: 30, seed: async (d) => (await import('./demo-seed.js')).seedDemoMarks(d.ctx, { yearId: d.years.current, midTermId: d.midTermId, classIds: d.classIds, teacherIds: d.teacherIds }) }],
});
