/**
 * Marks by file (spec 2 §7): the class's empty marks list as CSV, one column per subject of the
 * test, and the same file read back once filled in. A cell is a mark, AB for absent, a grade
 * for a graded subject, or empty (left as it is). Good rows are saved; each bad cell is
 * answered with its row and reason.
 */
import { csvFile, CsvError, decodeUtf8, parseCsv } from '../../../shared/csv.js';
import { defineHandlers } from '../../framework/calls.js';
import { readStoredFile, saveCsvExport, storedFileInfo } from '../../framework/files.js';
import { assertClass, assertYear } from '../../framework/lookups.js';
import { reachesValue } from '../../framework/scope.js';
import { AppError } from '../../framework/errors.js';
import { writeMarks } from './editor.handlers.js';
import { approvalOf, classStudents, isApproved, MARKS_TYPE, testOfClass, testSubjectOf } from './sheet.js';

const FIXED = ['student_id', 'admission_no', 'roll_no', 'fullname'] as const;

/** A subject's column heading: its name and what it takes. */
const heading = (s: { subject: string; max_marks: number; marks_type: number | null }) =>
  s.marks_type === MARKS_TYPE.grades ? `${s.subject} (grade)` : `${s.subject} (max ${s.max_marks})`;

const subjectOfHeading = (h: string) => h.replace(/\s*\((max [\d.]+|grade)\)\s*$/i, '').trim().toLowerCase();

/** One cell as the editor's payload says it: a number, 'AB', or a grade for a graded subject. */
function cellValue(raw: string, graded: boolean): { marks?: number | 'AB' | null; grade?: string | null } | string {
  const v = raw.trim();
  if (/^ab$/i.test(v)) return { marks: 'AB' };
  if (graded) return { marks: null, grade: v };
  if (!/^\d+(\.\d+)?$/.test(v)) return `"${v}" is not a mark (a number, or AB for absent)`;
  return { marks: Number(v) };
}

export default defineHandlers('marks', {
  async emptyList(ctx, { params }) {
    await assertClass(ctx, params.class);
    await assertYear(ctx, params.year);
    const { subjects } = await testOfClass(ctx, params.test, params.class);
    const students = await classStudents(ctx, params.class, params.year);
    if (!students.length) throw ctx.fail('noStudents', 404);
    const ts = (await testSubjectOf(ctx, subjects[0]!.test_subject_id))!;
    const name = `marks_${ts.test_name}_${ts.class}-${ts.section}.csv`.replace(/[^A-Za-z0-9._-]+/g, '_');
    const csv = csvFile([...FIXED, ...subjects.map(heading)], students.map((s) => [s.student_id, s.admission_no, s.roll_no, s.fullname, ...subjects.map(() => '')]));
    const saved = await saveCsvExport(ctx, name, csv);
    return { path: saved.path, name, count: students.length };
  },

  async import(ctx, { body }) {
    await assertClass(ctx, body.class_id, { inPayload: true });
    await assertYear(ctx, body.ac_year_id, { inPayload: true });
    const info = await storedFileInfo(ctx, body.csv_file_path);
    const file = info?.kind === 'marks-csv' ? await readStoredFile(ctx, body.csv_file_path) : null;
    if (!file) throw ctx.fail('file');
    const { subjects } = await testOfClass(ctx, body.test_id, body.class_id);
    if (isApproved(await approvalOf(ctx, body.test_id, body.class_id))) throw ctx.fail('approved', 409);
    let records: string[][];
    try {
      records = parseCsv(decodeUtf8(file.bytes), 2001);
    } catch (e) {
      if (e instanceof CsvError) throw ctx.fail('file');
      throw e;
    }
    const [header = [], ...rows] = records;
    const at = (name: string) => header.findIndex((h) => h.trim().toLowerCase() === name);
    const idCol = at('student_id');
    const admCol = at('admission_no');
    if (idCol < 0 && admCol < 0) throw ctx.fail('file');
    // Columns of this test's subjects, matched by the subject's name.
    const columns = header.map((h, i) => ({ i, subject: subjects.find((s) => s.subject.toLowerCase() === subjectOfHeading(h)) }))
      .filter((c) => c.subject && !FIXED.includes(header[c.i]!.trim().toLowerCase() as never));
    const students = await classStudents(ctx, body.class_id, body.ac_year_id);
    const byId = new Map(students.map((s) => [String(s.student_id), s]));
    const byAdm = new Map(students.map((s) => [String(s.admission_no ?? '').trim().toLowerCase(), s]));
    const errors: Array<{ row: number; message: string }> = [];
    const entries = new Map<number, Array<{ student_id: number; marks?: number | 'AB' | null; grade?: string | null }>>();
    const notTaught: string[] = [];
    for (const c of columns) {
      if (await reachesValue(ctx, 'marks', 'test_subject_id', c.subject!.test_subject_id) !== 'yes') notTaught.push(c.subject!.subject);
    }
    rows.forEach((r, n) => {
      const row = n + 2;
      const st = (idCol >= 0 ? byId.get(r[idCol]?.trim() ?? '') : undefined) ?? (admCol >= 0 ? byAdm.get(r[admCol]?.trim().toLowerCase() ?? '') : undefined);
      if (!st) { errors.push({ row, message: 'No such student in this class' }); return; }
      for (const c of columns) {
        const raw = r[c.i] ?? '';
        if (!raw.trim()) continue;
        const sub = c.subject!;
        if (notTaught.includes(sub.subject)) continue;
        const v = cellValue(raw, sub.marks_type === MARKS_TYPE.grades);
        if (typeof v === 'string') { errors.push({ row, message: `${sub.subject}: ${v}` }); continue; }
        if (typeof v.marks === 'number' && v.marks > sub.max_marks) { errors.push({ row, message: `${sub.subject}: Marks obtained must be less than max marks (${sub.max_marks})` }); continue; }
        const list = entries.get(sub.test_subject_id) ?? [];
        list.push({ student_id: st.student_id, ...v });
        entries.set(sub.test_subject_id, list);
      }
    });
    for (const name of notTaught) errors.push({ row: 1, message: `${name}: You can enter marks only for the subjects and classes you teach` });
    let saved = 0;
    for (const [tsId, list] of entries) {
      const ts = (await testSubjectOf(ctx, tsId))!;
      try {
        saved += (await writeMarks(ctx, ts, list, 'import')).saved;
      } catch (e) {
        // A grade not on the scale: that subject's rows are reported, the others saved.
        if (e instanceof AppError && e.status === 400) errors.push({ row: 0, message: `${ts.subject_name}: ${e.message}` });
        else throw e;
      }
    }
    return { saved, errors, subjects: columns.map((c) => c.subject!.subject) };
  },
});
