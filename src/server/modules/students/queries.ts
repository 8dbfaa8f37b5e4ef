import { sql, type SelectQueryBuilder } from 'kysely';
import type { Ctx } from '../../framework/context.js';
import { notFound } from '../../framework/errors.js';
import { resourceByName } from '../../../shared/registry.js';
import { applyScope, reaches } from '../../framework/scope.js';
import { flattenCustom } from '../../framework/query.js';
import { items } from '../../framework/items.js';
import { STUDENT_STATUS } from '../../../generated/enums/students.js';
import { resourceFor } from '../../framework/school-config.js';

/**
 * Reads shared by the student calls: the student row (a student in one academic year), the
 * enabled year, and small checks. Every read of students goes through the students' row scope
 * (`ownRows`), so a
 * parent (role 1) never sees a child that is not theirs.
 */

/** Narrows a query of students aliased `s` to those the person reaches (a parent: their own children). */
export const ownRows = <Q extends SelectQueryBuilder<any, any, any>>(ctx: Ctx, qb: Q): Q => applyScope(ctx, resourceByName('students'), qb, 's');

const STUDENT_COLUMNS = [
  's.id', 's.user_id', 's.fullname', 's.mobile', 's.dob', 's.admission_no', 's.admission_date', 's.usn', 's.aadhar_no',
  's.religion', 's.caste', 's.gender', 's.blood_group', 's.quota', 's.profile_photo', 's.extras', 's.status',
] as const;

/** A row with the school's own fields (config/schools/<CODE>.json) beside the declared ones, by their keys. */
export type WithCustomFields<T> = T & { [field: string]: unknown };

/**
 * Student rows through their year rows (student_year as sy): one row per student and year,
 * with the year's class, roll number, year status (acy_status) and admission type.
 */
export function studentYearRows(ctx: Ctx) {
  const qb = ctx.db.selectFrom('student as s')
    .innerJoin('student_year as sy', 'sy.student_id', 's.id')
    .leftJoin('class as c', 'c.id', 'sy.class_id')
    .leftJoin('ac_year as y', 'y.id', 'sy.ac_year_id')
    .select([...STUDENT_COLUMNS, 'sy.roll_no', 'sy.status as acy_status', 'sy.admission_type', 'sy.id as aym_id',
      'sy.class_id', 'c.class', 'c.section', 'sy.ac_year_id', 'y.name as ac_year']);
  return ownRows(ctx, qb);
}

/**
 * One student as of their latest year (the record's class and year), with the login's
 * username and email; the year fields are empty when the year row is missing.
 */
export function studentLatestRows(ctx: Ctx) {
  const qb = ctx.db.selectFrom('student as s')
    // A shuffled student's old class row (status 4) stays in the year as history; the live row is the other.
    .leftJoin('student_year as sy', (j) => j.onRef('sy.student_id', '=', 's.id').onRef('sy.ac_year_id', '=', 's.ac_year_id').on('sy.status', '<>', 4))
    .leftJoin('class as c', 'c.id', 's.class_id')
    .leftJoin('ac_year as y', 'y.id', 's.ac_year_id')
    .leftJoin('user as u', 'u.id', 's.user_id')
    .select([...STUDENT_COLUMNS, sql<number | null>`coalesce(sy.roll_no, s.roll_no)`.as('roll_no'), 'sy.status as acy_status', 'sy.admission_type',
      'sy.id as aym_id', 's.class_id', 'c.class', 'c.section', 's.ac_year_id', 'y.name as ac_year', 'u.username', 'u.email']);
  return ownRows(ctx, qb);
}

/** A student the person may read, with the login and every academic year (oldest first); 404 otherwise. */
export async function studentWithYears(ctx: Ctx, id: number) {
  const found = await studentLatestRows(ctx).select('s.custom').where('s.id', '=', id).executeTakeFirst();
  if (!found) throw notFound('Student not found');
  // The school's custom fields (config/schools/<CODE>.json), flat like the declared ones.
  const student = flattenCustom(resourceFor(ctx, resourceByName('students')), found);
  const academic_years = await ctx.db.selectFrom('student_year as sy')
    .leftJoin('class as c', 'c.id', 'sy.class_id')
    .leftJoin('ac_year as y', 'y.id', 'sy.ac_year_id')
    .select(['sy.id as aym_id', 'sy.ac_year_id', 'y.name as ac_year', 'sy.class_id', 'c.class', 'c.section', 'sy.roll_no', 'sy.status', 'sy.admission_type'])
    .where('sy.student_id', '=', id)
    .orderBy('y.start_date', 'asc').orderBy('sy.ac_year_id', 'asc')
    .execute();
  return { ...student, academic_years };
}

/** Locks a student row for the rest of the transaction; 404 when it is missing or not readable. */
export async function lockStudent(ctx: Ctx, id: number) {
  const row = await ctx.db.selectFrom('student').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound('Student not found');
  if (!await reaches(ctx, 'students', id)) throw notFound('Student not found');
  return row;
}

/**
 * Marks a locked student TC (left with a transfer certificate), audited: they leave the current
 * lists. The students list's delete with reason TC and the transfer certificate both come here.
 */
export async function markStudentTc(ctx: Ctx, student: { id: number; status: number | null }) {
  await items(ctx, 'students').update(student.id, { status: STUDENT_STATUS.TC }, { action: 'tc' });
}
