/**
 * A test's results for a class: every subject's marks per student, with the total of the marked
 * subjects, the percentage, the grade on the school's scale and the rank (1, 2, 2, 4: equal
 * totals share a rank). Absent counts as 0 in the total but shows as AB.
 */
import type { Ctx } from '../../framework/context.js';
import { gradeFor, percentOf } from '../../../shared/grades.js';
import { classStudents, marksOf, MARKS_TYPE, scaleOf, testSubjectsOf } from './sheet.js';

export async function testResults(ctx: Ctx, testId: number, classId: number, yearId: number) {
  const subjects = await testSubjectsOf(ctx, testId, classId);
  const [students, marks] = await Promise.all([classStudents(ctx, classId, yearId), marksOf(ctx, subjects.map((s) => s.test_subject_id))]);
  const scale = scaleOf(ctx);
  const marked = subjects.filter((s) => s.marks_type !== MARKS_TYPE.grades);
  const rows = students.map((st) => {
    const cells: Record<string, { marks_obtained: number | null; absent: boolean; grade: string | null }> = {};
    let total = 0;
    let maxTotal = 0;
    let entered = 0;
    for (const sub of subjects) {
      const m = marks.get(sub.test_subject_id)?.get(st.student_id);
      if (m) cells[sub.test_subject_id] = { marks_obtained: m.marks_obtained, absent: m.absent, grade: m.grade };
    }
    for (const sub of marked) {
      const m = cells[sub.test_subject_id];
      if (!m) continue;
      entered++;
      maxTotal += sub.max_marks;
      total += m.marks_obtained ?? 0;
    }
    const percentage = entered ? percentOf(total, maxTotal) : null;
    return {
      student_id: st.student_id, admission_no: st.admission_no, fullname: st.fullname, roll_no: st.roll_no, marks: cells,
      total: entered ? Math.round(total * 100) / 100 : null, max_total: entered ? maxTotal : null, percentage,
      grade: percentage === null ? null : gradeFor(percentage, scale), rank: null as number | null,
    };
  });
  // Ranked by percentage: a student with a subject still to enter is ranked on what is entered.
  const ranked = rows.filter((r) => r.percentage !== null).sort((a, b) => b.percentage! - a.percentage!);
  ranked.forEach((r, i) => { r.rank = i > 0 && ranked[i - 1]!.percentage === r.percentage ? ranked[i - 1]!.rank : i + 1; });
  return { subjects, students: rows };
}
