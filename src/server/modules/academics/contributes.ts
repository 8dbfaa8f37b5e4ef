import { ROLE_IDS } from '../../../shared/roles.js';
import { defineContributions } from '../../framework/contributions.js';

export default defineContributions({
  // A teacher is in the classes they are class teacher of and those they teach a subject in.
  classesOf: [async (ctx) => {
    if (ctx.user.role !== ROLE_IDS.teacher) return [];
    const teacher = ctx.db.selectFrom('teacher').select('id').where('user_id', '=', ctx.user.id);
    const rows = await ctx.db.selectFrom('class').select('id').where('class_teacher_id', 'in', teacher)
      .union(ctx.db.selectFrom('subject').select('class_id as id').where('subject_teacher_id', 'in', teacher))
      .execute();
    return rows.map((r) => r.id);
  }],
});
