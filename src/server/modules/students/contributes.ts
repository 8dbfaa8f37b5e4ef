import { defineContributions } from '../../framework/contributions.js';
import type { lockStudent, markStudentTc } from './queries.js';

/** What students answers other modules (src/server/framework/services.ts). */
declare module '../../framework/services.js' {
  interface Services {
    'students.lockStudent': typeof lockStudent;
    'students.markStudentTc': typeof markStudentTc;
  }
}

export default defineContributions({
  demo: [{
    order: 10,
    // Loaded when run: the build reads this file, before the registry the school configuration needs exists.
    seed: async (d) => (await import('./demo-seed.js')).seedDemoStudents(d.ctx.db, {
      classIds: d.classIds, classOrder: d.classOrder, previousYearId: d.years.previous, currentYearId: d.years.current,
      parentUserId: d.users.parent, passwordHash: d.passwordHash,
      // The demo school's own choice fields get values from their lists.
      customChoices: Object.fromEntries(Object.entries((await import('../../framework/school-config.js')).schoolConfig(d.ctx.config.configDir, d.ctx.school.code).config?.fields?.students?.custom ?? {})
        .filter(([, f]) => f.enum).map(([k, f]) => [k, f.enum!])),
    }),
  }],
  // A family's (or a student's own) login is in the classes of its active children.
  classesOf: [async (ctx) => {
    // Loaded when run: the build reads this file before the generated enums exist.
    const { STUDENT_STATUS } = await import('../../../generated/enums/students.js');
    const rows = await ctx.db.selectFrom('student').select('class_id').distinct()
      .where('user_id', '=', ctx.user.id).where('status', '=', STUDENT_STATUS.ACTIVE).where('class_id', 'is not', null).execute();
    return rows.map((r) => r.class_id!);
  }],
  services: {
    'students.lockStudent': async (ctx, id) => (await import('./queries.js')).lockStudent(ctx, id),
    'students.markStudentTc': async (ctx, student) => (await import('./queries.js')).markStudentTc(ctx, student),
  },
});
