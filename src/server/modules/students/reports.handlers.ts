import { sql } from 'kysely';
import { defineHandlers } from '../../framework/calls.js';
import { idText } from '../../framework/inputs.js';
import { assertClass } from '../../framework/lookups.js';
import { inListOrder } from '../../framework/query.js';
import { STUDENT_STATUS } from './student.hooks.js';

/** The app-users report: active students, whether their family uses the app, by class. */
export default defineHandlers('students', {
  appUsers: async (ctx, { query }) => {
    const classId = idText(query.class_id, 'class id');
    if (classId !== undefined) await assertClass(ctx, classId);
    let qb = ctx.db.selectFrom('student as s').leftJoin('class as c', 'c.id', 's.class_id')
      .select(['s.id', 's.fullname', 's.admission_no', 's.mobile', 's.class_id', 'c.class', 'c.section',
        sql<boolean>`s.user_id is not null`.as('app_user'), 's.created_at as created_on'])
      .where('s.status', '=', STUDENT_STATUS.ACTIVE);
    if (classId !== undefined) qb = qb.where('s.class_id', '=', classId);
    // Classes as the classes list orders them; students by name within a class.
    return inListOrder(qb, 'classes', 'c').orderBy('s.fullname').orderBy('s.id').execute() as Promise<Array<{
      id: number; fullname: string; admission_no: string; mobile: string; class_id: number; class: string | null; section: string | null; app_user: boolean; created_on: string;
    }>>;
  },
});
