/**
 * A test of a class whose marks another module worked out (an online test's results), entered
 * in the register as the marks editor would: a class test of the enabled year, the subject's
 * row with its max and pass marks, and each student of the class marked or absent, graded on
 * the school's scale. Sent again with its test, the same register test is brought up to date;
 * approved marks are refused, as in the editor.
 */
import type { Ctx } from '../../framework/context.js';
import { badRequest, conflict } from '../../framework/errors.js';
import { items } from '../../framework/items.js';
import { inTransaction } from '../../framework/service.js';
import { ENABLED_YEAR } from '../../../shared/years.js';
import { approvalOf, classStudents, gradeOfMarks, isApproved, MARKS_TYPE, scaleOf } from './sheet.js';

export interface ClassTestMarks {
  /** The register test these results went to before, if any. */
  test_id: number | null;
  name: string;
  class_id: number;
  subject_id: number;
  /** YYYY-MM-DD, the test's day. */
  date: string;
  max_marks: number;
  min_marks: number;
  /** Students who took it; every other student of the class is entered absent. */
  marks: Array<{ student_id: number; marks: number }>;
}

const CLASS_TEST = 2;

export async function recordTestMarks(ctx: Ctx, input: ClassTestMarks) {
  return inTransaction(ctx, async (tx) => {
    const year = await tx.db.selectFrom('ac_year').select('id').where('status', '=', ENABLED_YEAR.equals).orderBy('id', 'desc').executeTakeFirst();
    if (!year) throw badRequest('No academic year is enabled: enable one under Academics first');
    const known = input.test_id ? await tx.db.selectFrom('test').select('id').where('id', '=', input.test_id).executeTakeFirst() : undefined;
    const testId = known?.id ?? (await items(tx, 'tests').create({ name: input.name, ac_year: year.id, start_date: input.date, end_date: input.date, test_type: CLASS_TEST })).id;
    const times = { start_time: new Date(`${input.date}T00:00:00+05:30`).toISOString(), end_time: new Date(`${input.date}T23:59:00+05:30`).toISOString() };
    const existing = await tx.db.selectFrom('class_test').select('id').where('test_id', '=', testId).where('class_id', '=', input.class_id).where('subject_id', '=', input.subject_id).executeTakeFirst();
    const subjectRow = { marks_type: MARKS_TYPE.marks, min_marks: input.min_marks, max_marks: input.max_marks };
    const testSubjectId = existing
      ? (await items(tx, 'test-subjects').update(existing.id, subjectRow)).id
      : (await items(tx, 'test-subjects').create({ test_id: testId, class_id: input.class_id, subject_id: input.subject_id, ...subjectRow, ...times, invigilator: null })).id;
    if (isApproved(await approvalOf(tx, testId, input.class_id))) throw conflict('These marks are approved. Ask an admin to re-open them to make changes.');
    const test = await tx.db.selectFrom('test').select('ac_year').where('id', '=', testId).executeTakeFirstOrThrow();
    const students = await classStudents(tx, input.class_id, test.ac_year);
    const given = new Map(input.marks.map((m) => [m.student_id, m.marks]));
    const stored = new Map((await tx.db.selectFrom('marks').select(['id', 'student_id']).where('test_subject_id', '=', testSubjectId).execute()).map((r) => [r.student_id, r.id]));
    const scale = scaleOf(tx);
    let saved = 0;
    let absent = 0;
    for (const s of students) {
      const m = given.get(s.student_id);
      const row = m === undefined
        ? { absent: true, marks_obtained: null, grade: null }
        : { absent: false, marks_obtained: m, grade: gradeOfMarks(m, input.max_marks, scale) };
      if (m === undefined) absent++;
      else saved++;
      const id = stored.get(s.student_id);
      if (id) await items(tx, 'marks').update(id, { ...row, updated_by: tx.user.id || null }, { action: 'online-test' });
      else await items(tx, 'marks').create({ test_subject_id: testSubjectId, student_id: s.student_id, ...row, updated_by: tx.user.id || null }, { action: 'online-test' });
    }
    return { test_id: testId, test_subject_id: testSubjectId, saved, absent };
  });
}
