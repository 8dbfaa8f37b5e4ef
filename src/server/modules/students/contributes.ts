import { defineContributions } from '../../framework/contributions.js';
import { schoolConfig } from '../../framework/school-config.js';

export default defineContributions({
  demo: [{
    order: 10,
    seed: async (d) => (await import('./demo-seed.js')).seedDemoStudents(d.ctx.db, {
      classIds: d.classIds, classOrder: d.classOrder, previousYearId: d.years.previous, currentYearId: d.years.current,
      parentUserId: d.users.parent, passwordHash: d.passwordHash,
      // The demo school's own choice fields get values from their lists.
      customChoices: Object.fromEntries(Object.entries(schoolConfig(d.ctx.config.configDir, d.ctx.school.code).config?.fields?.students?.custom ?? {})
        .filter(([, f]) => f.enum).map(([k, f]) => [k, f.enum!])),
    }),
  }],
});
