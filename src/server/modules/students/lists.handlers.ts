import { sql } from 'kysely';
import { defineHandlers } from '../../framework/calls.js';
import type { Ctx } from '../../framework/context.js';
import { isIdText } from '../../framework/route.js';
import { ownRows, studentWithYears, studentYearRows, type WithCustomFields } from './queries.js';
import { likePattern } from '../../framework/paging.js';
import { assertClass, assertYear, enabledYearId } from '../../framework/lookups.js';
import { flattenCustom } from '../../framework/query.js';
import { resourceFor } from '../../framework/school-config.js';
import { resourceByName } from '../../../shared/registry.js';
import { ROLE_IDS } from '../../../shared/roles.js';
import { service } from '../../framework/services.js';
import { STUDENT_STATUS } from '../../../generated/enums/students.js';

const SEARCH_LIMIT = 20;

/** Students of a class in a year: every one with a year row there, whatever its status. */
async function classList(ctx: Ctx, classId: number, yearId: number | null) {
  await assertClass(ctx, classId);
  if (yearId === null) return [];
  // The school's custom fields shown as list columns come along, flat (config/schools/<CODE>.json).
  const r = resourceFor(ctx, resourceByName('students'));
  const rows = await studentYearRows(ctx)
    .$if(Boolean(r.customFields?.length), (qb) => qb.select('s.custom'))
    .where('sy.class_id', '=', classId).where('sy.ac_year_id', '=', yearId)
    .orderBy(sql`sy.roll_no asc nulls last`).orderBy('s.fullname').orderBy('s.id')
    .execute();
  const out: Array<WithCustomFields<(typeof rows)[number]>> = r.customFields?.length ? rows.map((row) => flattenCustom(r, row)) : rows;
  return out;
}

const FATHER = sql<string | null>`s.extras->>'father_name'`;

/** Active students matching a search, with their latest class and what a person at the counter recognises them by. */
function searchRows(ctx: Ctx) {
  const qb = ctx.db.selectFrom('student as s').leftJoin('class as c', 'c.id', 's.class_id')
    // The live year row of the student's latest year (a shuffled-out class's row stays behind as status 4).
    .leftJoin('student_year as sy', (j) => j.onRef('sy.student_id', '=', 's.id').onRef('sy.ac_year_id', '=', 's.ac_year_id').on('sy.status', '<>', 4))
    .select(['s.id', 's.fullname', 'c.class', 'c.section', 's.class_id', 's.ac_year_id', 's.admission_no', 's.admission_date', 's.mobile',
      sql<number | null>`coalesce(sy.roll_no, s.roll_no)`.as('roll_no'), 'sy.status as acy_status',
      's.usn', 's.status', 's.profile_photo', 's.user_id', FATHER.as('father_name')])
    .where('s.status', '=', STUDENT_STATUS.ACTIVE);
  return ownRows(ctx, qb);
}

/**
 * The whole school by name, admission number, mobile or father's name, each matched anywhere in
 * the text through its trigram index (resources/students/student.ts `searchIndexes`); names that
 * start with the text come first.
 */
export function studentSearch(ctx: Ctx, text: string) {
  const like = likePattern(text.trim());
  return searchRows(ctx)
    .where((eb) => eb.or([eb('s.fullname', 'ilike', like), eb('s.admission_no', 'ilike', like), eb('s.mobile', 'ilike', like), eb(FATHER, 'ilike', like)]))
    .orderBy(sql`s.fullname ilike ${like.slice(1)}`, 'desc').orderBy('s.fullname').orderBy('s.id').limit(SEARCH_LIMIT);
}

const searchByText = (ctx: Ctx, text: string) => studentSearch(ctx, text).execute();

export default defineHandlers('students', {
  // A parent's own students (their row scope), active ones, for the parent and student shell.
  mine: async (ctx) => ownRows(ctx, ctx.db.selectFrom('student as s').leftJoin('class as c', 'c.id', 's.class_id')
    .select(['s.id', 's.fullname', 's.admission_no', 's.mobile', 's.roll_no', 's.dob', 's.admission_date', 's.class_id', 'c.class', 'c.section'])
    .where('s.status', '=', STUDENT_STATUS.ACTIVE).orderBy('s.fullname')).execute(),

  classList: async (ctx, { params: p }) => classList(ctx, p.class_id, await enabledYearId(ctx)),

  classYearList: async (ctx, { params: p }) => {
    await assertYear(ctx, p.ac_year_id);
    return classList(ctx, p.class_id, p.ac_year_id);
  },

  search: async (ctx, { params: p }) => searchByText(ctx, p.text),

  searchBy: async (ctx, { query }) => {
    const admissionNo = query.admission_no;
    if (admissionNo !== undefined) {
      if (!admissionNo.trim()) throw ctx.fail('admissionNo');
      return searchRows(ctx).where('s.admission_no', '=', admissionNo.trim()).orderBy('s.id').limit(SEARCH_LIMIT).execute();
    }
    if (!query.q?.trim()) throw ctx.fail('name');
    return searchByText(ctx, query.q!);
  },

  one: async (ctx, { params: p }) => studentWithYears(ctx, p.id),

  details: async (ctx, { params: p }) => studentDetails(ctx, p.id, p.ac_year_id),

  nextAdmissionNo: async (ctx) => {
    const row = await ctx.db.selectFrom('student')
      .select(sql<string | null>`(max(admission_no::numeric) + 1)::text`.as('next'))
      .where('admission_no', '~', '^[0-9]{1,30}$')
      .executeTakeFirst();
    return { admission_no: row?.next ?? '1' };
  },

  validateAdmissionNo: async (ctx, { params: { n }, query }) => {
    if ((/^-?[0-9]+(\.[0-9]+)?$/.test(n) && Number(n) < 1) || n.length > 30) throw ctx.fail('invalid');
    // The edit form checks its own number too: ?student_id= leaves that student out.
    const self = query.student_id;
    let qb = ctx.db.selectFrom('student').select('id').where('admission_no', '=', n);
    if (self && isIdText(self)) qb = qb.where('id', '!=', Number(self));
    if (await qb.executeTakeFirst()) throw ctx.fail('taken', 409);
    return { available: true };
  },

  nextRollNo: async (ctx, { params: p }) => {
    await assertClass(ctx, p.class_id);
    const year = await enabledYearId(ctx);
    const row = year === null ? undefined : await ctx.db.selectFrom('student_year')
      .select((eb) => eb.fn.max<number | null>('roll_no').as('max'))
      .where('class_id', '=', p.class_id).where('ac_year_id', '=', year)
      .executeTakeFirst();
    return { roll_no: Number(row?.max ?? 0) + 1 };
  },
});

/** A student's page for one year: the record, the year's tests and subjects, attendance and its monthly sums. */
async function studentDetails(ctx: Ctx, id: number, yearId: number) {
  const student = await studentWithYears(ctx, id);
  await assertYear(ctx, yearId);
  const place = (student.academic_years ?? []).find((y) => y.ac_year_id === yearId);
  const classId: number | null = place?.class_id ?? (student.ac_year_id === yearId ? student.class_id ?? null : null);
  const tests = await ctx.db.selectFrom('test').select(['id', 'name']).where('ac_year', '=', yearId).orderBy('start_date').orderBy('id').execute();
  const subjects = classId === null ? [] : await ctx.db.selectFrom('subject').select(['id', 'name', 'code'])
    .where('class_id', '=', classId).orderBy('name').orderBy('id').execute();
  const attendance = await ctx.db.selectFrom('attendance').select(['id', 'date', 'present', 'reason'])
    .where('student_id', '=', id).where('ac_year_id', '=', yearId).orderBy('date').execute();
  const monthly = await ctx.db.selectFrom('attendance')
    .select([
      sql<string>`to_char(date, 'YYYY-MM')`.as('month'),
      sql<number>`coalesce(sum(case when present = 1 then 1 else 0 end), 0)::int`.as('present'),
      sql<number>`count(*)::int`.as('total'),
    ])
    .where('student_id', '=', id).where('ac_year_id', '=', yearId)
    .groupBy(sql`to_char(date, 'YYYY-MM')`).orderBy(sql`to_char(date, 'YYYY-MM')`)
    .execute();
  const marks = await service('marks.studentYearMarks')(ctx, id, yearId, ctx.user.role === ROLE_IDS.parent);
  return { student, marks: { tests, subjects, marks }, attendance, monthly_attendance: monthly };
}
