/**
 * The marks editor (spec 2 Marks): one test subject's sheet for a class, and saving it. A mark
 * is a number from 0 to the subject's max marks, or AB (absent, which is not 0); a graded
 * subject takes a grade of the school's scale instead. Grades of marked subjects are worked out
 * here, from the school's scale, whatever the browser sent.
 */
import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { audit, inTransaction } from '../../framework/service.js';
import type { MarksSavePayload } from '../../../generated/call-inputs.js';
import {
  approvalOf, classStudents, gradeOfMarks, isApproved, marksOf, MARKS_TYPE, scaleOf, testSubjectOf, type TestSubject,
} from './sheet.js';

/** The test subject a sheet is of, which must be of this class; 'No test taken' otherwise. */
async function sheetSubject(ctx: CallCtx, testSubjectId: number, classId?: number): Promise<TestSubject> {
  const ts = await testSubjectOf(ctx, testSubjectId);
  if (!ts || (classId !== undefined && ts.class_id !== classId)) throw ctx.fail('noTest', 404);
  return ts;
}

async function sheet(ctx: CallCtx, testSubjectId: number, classId: number, yearId?: number) {
  const ts = await sheetSubject(ctx, testSubjectId, classId);
  const year = yearId ?? ts.ac_year_id;
  const [students, marks, approval] = await Promise.all([
    classStudents(ctx, classId, year), marksOf(ctx, [ts.id]), approvalOf(ctx, ts.test_id, classId),
  ]);
  const mine = marks.get(ts.id);
  const scale = scaleOf(ctx);
  return {
    test_subject: {
      id: ts.id, test_id: ts.test_id, test_name: ts.test_name, subject_id: ts.subject_id, subject_name: ts.subject_name,
      class_id: ts.class_id, class: ts.class, section: ts.section, max_marks: ts.max_marks, min_marks: ts.min_marks, marks_type: ts.marks_type,
    },
    approved: isApproved(approval),
    /** The school's grading scale: the grades a graded subject takes, and how marks are graded. */
    scale,
    marks: students.map((s) => {
      const m = mine?.get(s.student_id);
      return {
        marks_id: m?.marks_id ?? null, student_id: s.student_id, admission_no: s.admission_no, fullname: s.fullname, roll_no: s.roll_no,
        marks_obtained: m?.marks_obtained ?? null, absent: m?.absent ?? false, grade: m?.grade ?? null,
        subject: ts.subject_name, subject_name: ts.subject_name, test_name: ts.test_name,
      };
    }),
  };
}

type Entry = MarksSavePayload['marks'][number];

/** One row as stored: absent, a mark with its grade, a grade alone, or nothing (cleared). */
function rowOf(ctx: CallCtx, ts: TestSubject, e: Entry, scale: ReturnType<typeof scaleOf>) {
  if (ts.marks_type === MARKS_TYPE.grades) {
    const grade = e.grade?.trim() || null;
    if (e.marks === 'AB') return { absent: true, marks_obtained: null, grade: null };
    if (grade && !scale.some((b) => b.grade === grade)) throw ctx.fail('grade', 400, { grade });
    return { absent: false, marks_obtained: null, grade };
  }
  if (e.marks === 'AB') return { absent: true, marks_obtained: null, grade: null };
  if (e.marks === null || e.marks === undefined) return { absent: false, marks_obtained: null, grade: null };
  if (e.marks > ts.max_marks) throw ctx.fail('overMax');
  return { absent: false, marks_obtained: e.marks, grade: gradeOfMarks(e.marks, ts.max_marks, scale) };
}

/** Writes a sheet's rows (already checked) in one transaction; rows left empty are removed. */
export async function writeMarks(ctx: CallCtx, ts: TestSubject, entries: Entry[], how: string) {
  const scale = scaleOf(ctx);
  const rows = entries.map((e) => ({ student_id: e.student_id, ...rowOf(ctx, ts, e, scale) }));
  return inTransaction(ctx, async (tx) => {
    // Checked inside the transaction: an approval made meanwhile wins.
    if (isApproved(await approvalOf(tx, ts.test_id, ts.class_id))) throw ctx.fail('approved', 409);
    const students = new Map((await classStudents(tx, ts.class_id, ts.ac_year_id)).map((s) => [s.student_id, s]));
    const stray = rows.find((r) => !students.has(r.student_id));
    if (stray) {
      const s = await tx.db.selectFrom('student').select('fullname').where('id', '=', stray.student_id).executeTakeFirst();
      throw ctx.fail('notInClass', 400, { name: s?.fullname ?? `Student ${stray.student_id}` });
    }
    const filled = rows.filter((r) => r.absent || r.marks_obtained !== null || r.grade !== null);
    const empty = rows.filter((r) => !filled.includes(r)).map((r) => r.student_id);
    if (filled.length) {
      // raw write: a class's marks of a subject as one multi-row upsert (bench: marks)
      await tx.db.insertInto('marks')
        .values(filled.map((r) => ({ test_subject_id: ts.id, student_id: r.student_id, marks_obtained: r.marks_obtained, absent: r.absent, grade: r.grade, updated_by: ctx.user.id })))
        .onConflict((oc) => oc.columns(['test_subject_id', 'student_id']).doUpdateSet((eb) => ({
          marks_obtained: eb.ref('excluded.marks_obtained'), absent: eb.ref('excluded.absent'), grade: eb.ref('excluded.grade'),
          updated_by: eb.ref('excluded.updated_by'), updated_at: new Date(),
        })))
        .execute();
    }
    // raw write: the cleared cells of the same save (bench: marks)
    if (empty.length) await tx.db.deleteFrom('marks').where('test_subject_id', '=', ts.id).where('student_id', 'in', empty).execute();
    await audit(tx, 'marks', how, ts.id, { test_id: ts.test_id, class_id: ts.class_id, subject_id: ts.subject_id, saved: filled.length, cleared: empty.length });
    return { saved: filled.length, cleared: empty.length };
  });
}

export default defineHandlers('marks', {
  sheet: (ctx, { params }) => sheet(ctx, params.test_subject_id, params.class_id),
  sheetOfYear: (ctx, { params }) => sheet(ctx, params.test_subject_id, params.class_id, params.year),
  async save(ctx, { body }) {
    const ts = await sheetSubject(ctx, body.test_subject_id);
    const seen = new Set<number>();
    // One row per student: a repeated student keeps the last value sent, as a pasted column would.
    const entries = [...body.marks].reverse().filter((e) => !seen.has(e.student_id) && seen.add(e.student_id)).reverse();
    return writeMarks(ctx, ts, entries, 'update');
  },
});
