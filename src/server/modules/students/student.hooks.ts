import type { Student } from '../../../generated/entities/students.js';
import { STUDENT_STATUS, STUDENT_YEAR_STATUS } from '../../../generated/enums/students.js';
import type { Ctx } from '../../framework/context.js';
import type { ResourceHooks, Stored } from '../../framework/hooks.js';
import { items } from '../../framework/items.js';
import { assertStudentUsers } from './users.js';

/** Year status of a student's place in a year (spec 1, 4), as schemas/students/student-year.json lists them. */
export const ACY = STUDENT_YEAR_STATUS;
/** Student status (spec 1, 4), from schemas/students/student.json. */
export { STUDENT_STATUS };

/** The year row a new student gets: their class and roll number in the year they join. */
export const newYearRow = (row: Pick<Student, 'ac_year_id' | 'class_id' | 'roll_no'> & { id: number }) => ({
  student_id: row.id, ac_year_id: row.ac_year_id, class_id: row.class_id, roll_no: row.roll_no ?? null,
  status: ACY.CURRENT, admission_type: 'NEW' as const,
});

/**
 * A student's record keeps their latest class and year; the student_year row of that year
 * is written with it, so the history has every year with its class, roll number and type.
 */
/** A changed login must be a student's. */
async function loginMayChange<T extends { user_id?: number | null }>(ctx: Ctx, data: T): Promise<T> {
  if (data.user_id != null) await assertStudentUsers(ctx, [data.user_id]);
  return data;
}

export const studentHooks: ResourceHooks<Student> = {
  async beforeCreate(ctx, data) {
    if (data.user_id != null) await assertStudentUsers(ctx, [data.user_id]);
    return { ...data, status: STUDENT_STATUS.ACTIVE };
  },
  // The import adds students a few hundred at a time: one query for their logins, one statement for their year rows.
  async beforeCreateMany(ctx, rows) {
    await assertStudentUsers(ctx, rows.flatMap((r) => (r.user_id != null ? [r.user_id] : [])));
    return rows.map((r) => ({ ...r, status: STUDENT_STATUS.ACTIVE }));
  },
  async afterCreate(ctx, row) {
    await items(ctx, 'student-years').create(newYearRow(row));
  },
  async afterCreateMany(ctx, rows) {
    await items(ctx, 'student-years').createMany(rows.map(newYearRow));
  },
  beforeUpdate: loginMayChange,
  // A promotion moves a class of students at once: one query for the login, one for the places.
  beforeUpdateMany: loginMayChange,
  async afterUpdate(ctx, row, existing) {
    await placesFollow(ctx, [[row, existing]]);
  },
  async afterUpdateMany(ctx, rows, existing) {
    await placesFollow(ctx, rows.map((row, i) => [row, existing[i]!]));
  },
};

type Place = Pick<Student, 'ac_year_id' | 'class_id' | 'roll_no'>;
const placeKey = (p: Place) => JSON.stringify([p.ac_year_id, p.class_id, p.roll_no ?? null]);

/**
 * Moving a record's latest place (year, class, roll number): that year's row follows it, or a
 * row is added when the year has none. A place a year row already holds has nothing to follow:
 * a promotion or a shuffle writes the students' year rows itself (the old year's row keeps
 * Promoted or Shuffled in the history, the new one is Current), then moves the records there;
 * moving the old row too would rewrite the history and clash with the new row.
 */
async function placesFollow(ctx: Ctx, changed: Array<[Stored<Student>, Stored<Student>]>) {
  const moved = changed.filter(([row, existing]) => placeKey(row) !== placeKey(existing));
  if (!moved.length) return;
  const held = new Set((await ctx.db.selectFrom('student_year').select(['student_id', 'ac_year_id', 'class_id', 'roll_no'])
    .where('student_id', 'in', moved.map(([row]) => row.id)).where('status', '<>', ACY.SHUFFLED).execute())
    .map((y) => `${y.student_id}:${placeKey(y)}`));
  for (const [row, existing] of moved) {
    if (held.has(`${row.id}:${placeKey(row)}`)) continue;
    const place = { ac_year_id: row.ac_year_id, class_id: row.class_id, roll_no: row.roll_no ?? null };
    const years = await ctx.db.selectFrom('student_year').select('id')
      .where('student_id', '=', row.id).where('ac_year_id', '=', existing.ac_year_id).where('status', '<>', ACY.SHUFFLED).execute();
    if (years.length) await items(ctx, 'student-years').updateWhere({ id: years.map((y) => y.id) }, place);
    else await items(ctx, 'student-years').create({ student_id: row.id, ...place, status: ACY.CURRENT, admission_type: 'NEW' });
  }
}

export default studentHooks;
