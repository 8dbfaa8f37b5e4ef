import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../framework/context.js';
import { ok } from '../../framework/envelope.js';
import { badRequest, conflict } from '../../framework/errors.js';
import { addRoute, isIdText, type RouteEnv } from '../../framework/route.js';
import { ownRows, studentWithYears, studentYearRows } from './queries.js';
import { likePattern, queryValue } from '../../framework/inputs.js';
import { assertClass, assertYear, enabledYearId } from '../../framework/lookups.js';

/** Who reads student records: parents (their own children only), teachers, admins, librarians. */
export const READERS = [1, 2, 3, 4, 7] as const;
/** Who admits, edits and removes students. */
export const EDITORS = [3, 4] as const;
const base = { module: 'students' } as const;

const SEARCH_LIMIT = 20;

/** Students of a class in a year: every one with a year row there, whatever its status. */
async function classList(ctx: Ctx, classId: number, yearId: number | null) {
  await assertClass(ctx, classId);
  if (yearId === null) return [];
  return studentYearRows(ctx)
    .where('sy.class_id', '=', classId).where('sy.ac_year_id', '=', yearId)
    .orderBy(sql`sy.roll_no asc nulls last`).orderBy('s.fullname').orderBy('s.id')
    .execute();
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
    .where('s.status', '=', 1);
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

export function registerStudentListRoutes(app: FastifyInstance, env: RouteEnv) {
  addRoute(app, env, {
    call: 'GET /students-list/{class_id}/', roles: READERS, ...base,
    handler: async (ctx, _req, p) => ok(await classList(ctx, p.class_id!, await enabledYearId(ctx))),
  });

  addRoute(app, env, {
    call: 'GET /students-list/{class_id}/{ac_year_id}/', roles: READERS, ...base,
    handler: async (ctx, _req, p) => {
      await assertYear(ctx, p.ac_year_id!);
      return ok(await classList(ctx, p.class_id!, p.ac_year_id!));
    },
  });

  addRoute(app, env, {
    call: 'GET /search/student/{text}/', roles: READERS, ...base, textParams: ['text'],
    handler: async (ctx, _req, _p, t) => ok(await searchByText(ctx, t.text!)),
  });

  addRoute(app, env, {
    call: 'GET /search/students/', roles: READERS, ...base,
    handler: async (ctx, req) => {
      const admissionNo = queryValue(req, 'admission_no');
      if (admissionNo !== undefined) {
        if (!admissionNo.trim()) throw badRequest('Enter admission number');
        return ok(await searchRows(ctx).where('s.admission_no', '=', admissionNo.trim()).orderBy('s.id').limit(SEARCH_LIMIT).execute());
      }
      const q = queryValue(req, 'q');
      if (!q?.trim()) throw badRequest('Enter a name to search');
      return ok(await searchByText(ctx, q));
    },
  });

  addRoute(app, env, {
    call: 'GET /student/{id}/', roles: READERS, ...base,
    handler: async (ctx, _req, p) => ok(await studentWithYears(ctx, p.id!)),
  });

  addRoute(app, env, {
    call: 'GET /student/details/{id}/{ac_year_id}/', roles: READERS, ...base,
    handler: async (ctx, _req, p) => ok(await studentDetails(ctx, p.id!, p.ac_year_id!)),
  });

  addRoute(app, env, {
    call: 'GET /next/admission_no/', roles: EDITORS, ...base,
    handler: async (ctx) => {
      const row = await ctx.db.selectFrom('student')
        .select(sql<string | null>`(max(admission_no::numeric) + 1)::text`.as('next'))
        .where('admission_no', '~', '^[0-9]{1,30}$')
        .executeTakeFirst();
      return ok({ admission_no: row?.next ?? '1' });
    },
  });

  addRoute(app, env, {
    call: 'GET /validate/admn_no/{n}/', roles: EDITORS, ...base, textParams: ['n'],
    handler: async (ctx, req, _p, t) => {
      const n = t.n!;
      if ((/^-?[0-9]+(\.[0-9]+)?$/.test(n) && Number(n) < 1) || n.length > 30) throw badRequest('Invalid Admission Number');
      // The edit form checks its own number too: ?student_id= leaves that student out.
      const self = queryValue(req, 'student_id');
      let qb = ctx.db.selectFrom('student').select('id').where('admission_no', '=', n);
      if (self && isIdText(self)) qb = qb.where('id', '!=', Number(self));
      if (await qb.executeTakeFirst()) throw conflict('Admission number already used');
      return ok({ available: true });
    },
  });

  addRoute(app, env, {
    call: 'GET /next/roll_no/{class_id}/', roles: EDITORS, ...base,
    handler: async (ctx, _req, p) => {
      await assertClass(ctx, p.class_id!);
      const year = await enabledYearId(ctx);
      const row = year === null ? undefined : await ctx.db.selectFrom('student_year')
        .select((eb) => eb.fn.max<number | null>('roll_no').as('max'))
        .where('class_id', '=', p.class_id!).where('ac_year_id', '=', year)
        .executeTakeFirst();
      return ok({ roll_no: Number(row?.max ?? 0) + 1 });
    },
  });
}

/** A student's page for one year: the record, the year's tests and subjects, attendance and its monthly sums. */
async function studentDetails(ctx: Ctx, id: number, yearId: number) {
  const student = await studentWithYears(ctx, id);
  await assertYear(ctx, yearId);
  const place = student.academic_years.find((y: any) => y.ac_year_id === yearId);
  const classId: number | null = place?.class_id ?? (student.ac_year_id === yearId ? student.class_id : null);
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
  // Marks are [] until the marks module stores them.
  return { student, marks: { tests, subjects, marks: [] as Array<{ test_id: number; subject_id: number; marks: number }> }, attendance, monthly_attendance: monthly };
}
