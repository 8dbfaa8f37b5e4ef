/**
 * What the marks calls share: a test subject with its test and class, the students of a class
 * in a year, the rows of marks, and the approval of a test's marks for a class.
 */
import { sql } from 'kysely';
import type { Ctx } from '../../framework/context.js';
import { configOf } from '../../framework/school-config.js';
import { gradeFor, gradingScale, percentOf, type GradeBand } from '../../../shared/grades.js';
import { APPROVAL_STATUS } from '../../../generated/enums/marks.js';
import { STUDENT_YEAR_STATUS } from '../../../generated/enums/students.js';

export type TestSubject = NonNullable<Awaited<ReturnType<typeof testSubjectOf>>>;

/** A test's subject for a class, with the names the screens print; undefined when there is none. */
export function testSubjectOf(ctx: Ctx, id: number) {
  return ctx.db.selectFrom('class_test as ts')
    .innerJoin('test as t', 't.id', 'ts.test_id')
    .innerJoin('subject as sub', 'sub.id', 'ts.subject_id')
    .innerJoin('class as c', 'c.id', 'ts.class_id')
    .select(['ts.id', 'ts.test_id', 'ts.class_id', 'ts.subject_id', 'ts.max_marks', 'ts.min_marks', 'ts.marks_type',
      't.name as test_name', 't.ac_year as ac_year_id', 'sub.name as subject_name', 'c.class', 'c.section'])
    .where('ts.id', '=', id).executeTakeFirst();
}

/** A test's subjects for a class, in subject order. */
export function testSubjectsOf(ctx: Ctx, testId: number, classId: number) {
  return ctx.db.selectFrom('class_test as ts')
    .innerJoin('subject as sub', 'sub.id', 'ts.subject_id')
    .select(['ts.id as test_subject_id', 'ts.subject_id', 'sub.name as subject', 'ts.max_marks', 'ts.min_marks', 'ts.marks_type'])
    .where('ts.test_id', '=', testId).where('ts.class_id', '=', classId)
    .orderBy('sub.name').orderBy('ts.id').execute();
}

/** A test with its subjects for a class; the call's 'No test taken' (404) when it has none. */
export async function testOfClass(ctx: Ctx & { fail: (code: string, status?: number) => Error }, testId: number, classId: number) {
  const test = await ctx.db.selectFrom('test').select(['id', 'name', 'ac_year']).where('id', '=', testId).executeTakeFirst();
  const subjects = test ? await testSubjectsOf(ctx, testId, classId) : [];
  if (!test || !subjects.length) throw ctx.fail('noTest', 404);
  return { test, subjects };
}

/** The students of a class in a year (a shuffled student's old row left out), by roll number then name. */
export function classStudents(ctx: Ctx, classId: number, yearId: number) {
  return ctx.db.selectFrom('student_year as sy').innerJoin('student as s', 's.id', 'sy.student_id')
    .select(['s.id as student_id', 's.admission_no', 's.fullname', 'sy.roll_no', 's.mobile'])
    .where('sy.class_id', '=', classId).where('sy.ac_year_id', '=', yearId).where('sy.status', '<>', STUDENT_YEAR_STATUS.SHUFFLED)
    .orderBy(sql`sy.roll_no nulls last`).orderBy('s.fullname').orderBy('s.id').execute();
}

/** Marks rows of some test subjects, by test subject and student. */
export async function marksOf(ctx: Ctx, testSubjectIds: number[]) {
  const out = new Map<number, Map<number, { marks_id: number; marks_obtained: number | null; absent: boolean; grade: string | null }>>();
  if (!testSubjectIds.length) return out;
  const rows = await ctx.db.selectFrom('marks').select(['id', 'test_subject_id', 'student_id', 'marks_obtained', 'absent', 'grade'])
    .where('test_subject_id', 'in', testSubjectIds).execute();
  for (const r of rows) {
    const bySubject = out.get(r.test_subject_id) ?? new Map();
    bySubject.set(r.student_id, { marks_id: r.id, marks_obtained: r.marks_obtained, absent: !!r.absent, grade: r.grade });
    out.set(r.test_subject_id, bySubject);
  }
  return out;
}

/** The approval of a test's marks for a class, if any was ever given. */
export function approvalOf(ctx: Ctx, testId: number, classId: number) {
  return ctx.db.selectFrom('marks_approval').select(['id', 'status', 'approved_at', 'sms_sent', 'notified_at'])
    .where('test_id', '=', testId).where('class_id', '=', classId).executeTakeFirst();
}

export const isApproved = (a: { status: number } | undefined) => a?.status === APPROVAL_STATUS.APPROVED;

/** The school's grading scale (its configuration, else CBSE's). */
export const scaleOf = (ctx: Ctx): GradeBand[] => gradingScale(configOf(ctx).config);

/** Marks subjects (1) count towards totals; graded ones (2) carry a grade only. */
export const MARKS_TYPE = { marks: 1, grades: 2 } as const;

/** The grade a mark earns on the scale. */
export const gradeOfMarks = (obtained: number, max: number, scale: GradeBand[]) => gradeFor(percentOf(obtained, max), scale);

/**
 * A student's marks in a year's tests, as the student details' grid shows them: the mark, AB,
 * or the grade of a graded subject; only approved tests for a parent, every mark for staff.
 */
export async function studentYearMarks(ctx: Ctx, studentId: number, yearId: number, approvedOnly: boolean) {
  let qb = ctx.db.selectFrom('marks as m')
    .innerJoin('class_test as ts', 'ts.id', 'm.test_subject_id')
    .innerJoin('test as t', 't.id', 'ts.test_id')
    .select(['ts.test_id', 'ts.subject_id', 'm.marks_obtained', 'm.absent', 'm.grade'])
    .where('m.student_id', '=', studentId).where('t.ac_year', '=', yearId);
  if (approvedOnly) {
    qb = qb.where(({ exists, selectFrom }) => exists(selectFrom('marks_approval as a').select('a.id')
      .whereRef('a.test_id', '=', 'ts.test_id').whereRef('a.class_id', '=', 'ts.class_id').where('a.status', '=', APPROVAL_STATUS.APPROVED)));
  }
  const rows = await qb.execute();
  return rows.map((r) => ({ test_id: r.test_id, subject_id: r.subject_id, marks: r.absent ? 'AB' : r.marks_obtained ?? r.grade }));
}
