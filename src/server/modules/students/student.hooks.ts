import type { Student } from '../../../generated/entities/students.js';
import type { ResourceHooks } from '../../framework/hooks.js';
import { assertStudentUser } from './users.js';

/** Year status of a student's place in a year (spec 1, 4). */
export const ACY = { DETAINED: -1, YEAR_BREAK: 0, CURRENT: 1, PROMOTED: 2, GRADUATED: 3, SHUFFLED: 4 } as const;
/** Student status (spec 1, 4). */
export const STUDENT_STATUS = { YEAR_BREAK: 0, ACTIVE: 1, TC: 2, GRADUATED: 3 } as const;

/** The year row a new student gets: their class and roll number in the year they join. */
export const newYearRow = (row: Pick<Student, 'ac_year_id' | 'class_id' | 'roll_no'> & { id: number }) => ({
  student_id: row.id, ac_year_id: row.ac_year_id, class_id: row.class_id, roll_no: row.roll_no ?? null,
  status: ACY.CURRENT, admission_type: 'NEW',
});

/**
 * A student's record keeps their latest class and year; the student_year row of that year
 * is written with it, so the history has every year with its class, roll number and type.
 */
export const studentHooks: ResourceHooks<Student> = {
  async beforeCreate(ctx, data) {
    if (data.user_id != null) await assertStudentUser(ctx, data.user_id);
    return { ...data, status: STUDENT_STATUS.ACTIVE };
  },
  async afterCreate(ctx, row) {
    await ctx.db.insertInto('student_year').values(newYearRow(row)).execute();
  },
  async beforeUpdate(ctx, data) {
    if (data.user_id != null) await assertStudentUser(ctx, data.user_id);
    return data;
  },
  async afterUpdate(ctx, row, existing) {
    if (row.class_id === existing.class_id && row.ac_year_id === existing.ac_year_id && row.roll_no === existing.roll_no) return;
    // Moving the latest year's place: the year row follows the record.
    const updated = await ctx.db.updateTable('student_year').set({ ac_year_id: row.ac_year_id, class_id: row.class_id, roll_no: row.roll_no ?? null })
      .where('student_id', '=', row.id).where('ac_year_id', '=', existing.ac_year_id).where('status', '<>', ACY.SHUFFLED).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await ctx.db.insertInto('student_year').values({ student_id: row.id, ac_year_id: row.ac_year_id, class_id: row.class_id, roll_no: row.roll_no ?? null, status: ACY.CURRENT, admission_type: 'NEW' }).execute();
    }
  },
};

export default studentHooks;
