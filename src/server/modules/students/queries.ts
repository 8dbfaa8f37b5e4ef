import { sql, type SelectQueryBuilder } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../framework/context.js';
import { badRequest, notFound } from '../../framework/errors.js';
import { isIdText } from '../../framework/route.js';
import { ownStudents } from './student.hooks.js';
import { flattenCustom } from '../../framework/query.js';
import { resourceFor } from '../../framework/school-config.js';
import { resourceByName } from '../../../shared/registry.js';

/**
 * Reads shared by the student calls: the student row (a student in one academic year), the
 * enabled year, and small checks. Every read of students goes through `ownStudents`, so a
 * parent (role 1) never sees a child that is not theirs.
 */

/** The enabled academic year (status 1), or null when none is started. */
export async function enabledYearId(ctx: Ctx): Promise<number | null> {
  const row = await ctx.db.selectFrom('ac_year').select('id').where('status', '=', 1).orderBy('id', 'desc').executeTakeFirst();
  return row?.id ?? null;
}

/**
 * How a call names a class or year: in its path (missing = 404) or in its payload (missing = 400,
 * the payload is wrong), with an optional word for which one ('From', 'To').
 */
export interface Named { inPayload?: boolean; which?: string }

function missing(what: string, n: Named) {
  const text = n.which ? `${n.which} ${what.toLowerCase()} not found` : `${what} not found`;
  return n.inPayload ? badRequest(text) : notFound(text);
}

export async function assertClass(ctx: Ctx, classId: number, n: Named = {}): Promise<void> {
  if (!await ctx.db.selectFrom('class').select('id').where('id', '=', classId).executeTakeFirst()) throw missing('Class', n);
}

export async function assertYear(ctx: Ctx, yearId: number, n: Named = {}): Promise<{ id: number; name: string; start_date: string }> {
  const y = await ctx.db.selectFrom('ac_year').select(['id', 'name', 'start_date']).where('id', '=', yearId).executeTakeFirst();
  if (!y) throw missing('Academic year', n);
  return y as { id: number; name: string; start_date: string };
}

const STUDENT_COLUMNS = [
  's.id', 's.user_id', 's.fullname', 's.mobile', 's.dob', 's.admission_no', 's.admission_date', 's.usn', 's.aadhar_no',
  's.religion', 's.caste', 's.gender', 's.blood_group', 's.quota', 's.profile_photo', 's.extras', 's.status',
] as const;

/**
 * Student rows through their year rows (student_year as sy): one row per student and year,
 * with the year's class, roll number, year status (acy_status) and admission type.
 */
export function studentYearRows(ctx: Ctx): SelectQueryBuilder<any, any, any> {
  const qb = ctx.db.selectFrom('student as s')
    .innerJoin('student_year as sy', 'sy.student_id', 's.id')
    .leftJoin('class as c', 'c.id', 'sy.class_id')
    .leftJoin('ac_year as y', 'y.id', 'sy.ac_year_id')
    .select([...STUDENT_COLUMNS, 'sy.roll_no', 'sy.status as acy_status', 'sy.admission_type', 'sy.id as aym_id',
      'sy.class_id', 'c.class', 'c.section', 'sy.ac_year_id', 'y.name as ac_year']);
  return ownStudents(ctx, qb, 's.id');
}

/**
 * One student as of their latest year (the record's class and year), with the login's
 * username and email; the year fields are empty when the year row is missing.
 */
export function studentLatestRows(ctx: Ctx): SelectQueryBuilder<any, any, any> {
  const qb = ctx.db.selectFrom('student as s')
    // A shuffled student's old class row (status 4) stays in the year as history; the live row is the other.
    .leftJoin('student_year as sy', (j) => j.onRef('sy.student_id', '=', 's.id').onRef('sy.ac_year_id', '=', 's.ac_year_id').on('sy.status', '<>', 4))
    .leftJoin('class as c', 'c.id', 's.class_id')
    .leftJoin('ac_year as y', 'y.id', 's.ac_year_id')
    .leftJoin('user as u', 'u.id', 's.user_id')
    .select([...STUDENT_COLUMNS, sql<number | null>`coalesce(sy.roll_no, s.roll_no)`.as('roll_no'), 'sy.status as acy_status', 'sy.admission_type',
      'sy.id as aym_id', 's.class_id', 'c.class', 'c.section', 's.ac_year_id', 'y.name as ac_year', 'u.username', 'u.email']);
  return ownStudents(ctx, qb, 's.id');
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
  const visible = await ownStudents(ctx, ctx.db.selectFrom('student as t').select('t.id').where('t.id', '=', id)).executeTakeFirst();
  if (!visible) throw notFound('Student not found');
  return row;
}

/** A single query-string value; repeated or non-text values are refused. */
export function queryValue(req: FastifyRequest, name: string): string | undefined {
  const v = (req.query as Record<string, unknown> | undefined)?.[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v.length > 200) throw badRequest(`Invalid ${name.replace(/_/g, ' ')}`);
  return v;
}

/** An optional id in the query string (?class_id=3); a browser's empty 'null'/'undefined' counts as none. */
export function queryId(req: FastifyRequest, name: string, label = name.replace(/_/g, ' ')): number | undefined {
  const v = queryValue(req, name);
  if (v === undefined || v === '' || v === 'null' || v === 'undefined') return undefined;
  if (!isIdText(v)) throw badRequest(`Invalid ${label}`);
  return Number(v);
}

/** What an export covers: the given year (the enabled one when none) and 'all' or the class ('5-A') for its file name. */
export async function exportScope(ctx: Ctx, classId: number | undefined, yearId: number | undefined): Promise<{ year: { id: number; name: string }; label: string }> {
  const chosen = yearId ?? await enabledYearId(ctx);
  if (chosen === null) throw badRequest('No academic year is enabled: choose an academic year');
  const year = await assertYear(ctx, chosen, { inPayload: true });
  if (classId === undefined) return { year, label: 'all' };
  const cls = await ctx.db.selectFrom('class').select(['class', 'section']).where('id', '=', classId).executeTakeFirst();
  if (!cls) throw badRequest('Class not found');
  return { year, label: `${cls.class}-${cls.section}` };
}

export { likePattern } from '../../framework/paging.js';

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}
