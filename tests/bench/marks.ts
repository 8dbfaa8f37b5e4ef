/**
 * Bench figures for marks (section 9 of `npm run bench`), each next to its raw SQL in the same
 * run, on a school of its own (a class of 60 students, a test of 8 subjects of 100 marks):
 * - saving one subject's marks for the 60 (PUT /update/marks/, through the app: access, the
 *   payload's checks, the approval and class checks, the upsert and its audit record) next to
 *   the same upsert as one statement;
 * - the viewer's grid of 60 students by 8 subjects (GET /marks/{test}/{class}/{year}/, totals,
 *   grades and ranks) next to a query of the same rows.
 * Run alone: `node --import tsx tests/bench/marks.ts` (PGlite in a temp directory, or
 * PostgreSQL when DATABASE_URL is set).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { timed, timing, timingLine, withBenchSchool, type Timing } from './bench-school.js';

const STUDENTS = 60;
const SUBJECTS = 8;
const RUNS = Number(process.env.BENCH_MARKS_RUNS ?? 40);

export interface MarksBench { students: number; subjects: number; runs: number; save: Timing; view: Timing }

export async function measureMarks(): Promise<MarksBench> {
  return withBenchSchool('MK', async ({ db, call }) => {
    const year = await db.insertInto('ac_year').values({ name: '2026-27', syllabus: 'CBSE', start_date: '2026-06-01', end_date: '2027-03-31', status: 1 }).returning('id').executeTakeFirstOrThrow();
    const klass = await db.insertInto('class').values({ class: '10', section: 'A' }).returning('id').executeTakeFirstOrThrow();
    const test = await db.insertInto('test').values({ name: 'Mid Term', ac_year: year.id, start_date: '2026-09-14', end_date: '2026-09-25', test_type: 1 }).returning('id').executeTakeFirstOrThrow();
    const subjects = await db.insertInto('subject').values(Array.from({ length: SUBJECTS }, (_, i) => ({ class_id: klass.id, name: `Subject ${i + 1}`, code: `S${i + 1}`, marks_type: 1 }))).returning('id').execute();
    const testSubjects = await db.insertInto('class_test').values(subjects.map((s, i) => ({
      test_id: test.id, class_id: klass.id, subject_id: s.id, marks_type: 1, min_marks: 33, max_marks: 100,
      start_time: `2026-09-${14 + i}T04:30:00.000Z`, end_time: `2026-09-${14 + i}T07:30:00.000Z`,
    }))).returning('id').execute();
    const students = await db.insertInto('student').values(Array.from({ length: STUDENTS }, (_, i) => ({
      fullname: `Student ${i + 1}`, admission_no: `B${i + 1}`, mobile: '9876543210', dob: '2011-04-01', admission_date: '2026-06-01', ac_year_id: year.id, class_id: klass.id,
    }))).returning('id').execute();
    await db.insertInto('student_year').values(students.map((s, i) => ({ student_id: s.id, ac_year_id: year.id, class_id: klass.id, roll_no: i + 1, status: 1 }))).execute();
    const marksFor = (i: number) => students.map((s, j) => ({ student_id: s.id, marks: (i * 7 + j * 13) % 101 }));

    // Every subject filled once, so the viewer has its whole grid.
    for (const ts of testSubjects) {
      await call('PUT', '/update/marks/', { test_subject_id: ts.id, marks: marksFor(ts.id) });
    }
    const first = testSubjects[0]!.id;
    const saveApp = await timed(RUNS, async (i) => { await call('PUT', '/update/marks/', { test_subject_id: first, marks: marksFor(i) }); });
    const saveSql = await timed(RUNS, async (i) => {
      await db.insertInto('marks').values(marksFor(i).map((m) => ({ test_subject_id: first, student_id: m.student_id, marks_obtained: m.marks, absent: false, grade: null })))
        .onConflict((oc) => oc.columns(['test_subject_id', 'student_id']).doUpdateSet((eb) => ({ marks_obtained: eb.ref('excluded.marks_obtained'), updated_at: new Date() })))
        .execute();
    });
    const viewUrl = `/marks/${test.id}/${klass.id}/${year.id}/`;
    const check = await call('GET', viewUrl);
    if (check.students.length !== STUDENTS || check.subjects.length !== SUBJECTS) throw new Error('view: wrong grid');
    const viewApp = await timed(RUNS, async () => { await call('GET', viewUrl); });
    const viewSql = await timed(RUNS, async () => {
      const rows = await db.selectFrom('student_year as sy').innerJoin('student as s', 's.id', 'sy.student_id')
        .leftJoin('marks as m', 'm.student_id', 's.id').leftJoin('class_test as ts', 'ts.id', 'm.test_subject_id')
        .select(['s.id', 's.fullname', 'sy.roll_no', 'm.test_subject_id', 'm.marks_obtained', 'm.absent', 'm.grade'])
        .where('sy.class_id', '=', klass.id).where('sy.ac_year_id', '=', year.id)
        .where(sql<boolean>`ts.test_id = ${test.id}`).execute();
      if (rows.length !== STUDENTS * SUBJECTS) throw new Error(`view SQL: ${rows.length} rows`);
    });
    return { students: STUDENTS, subjects: SUBJECTS, runs: RUNS, save: timing(saveApp, saveSql), view: timing(viewApp, viewSql) };
  });
}

export function formatMarksBench(m: MarksBench | null, note = ''): string[] {
  if (!m) return [`9. Marks: ${note}`];
  return [
    `9. Marks, a class of ${m.students} and a test of ${m.subjects} subjects (${m.runs} runs each, one after another):`,
    timingLine(`save one subject for ${m.students} (PUT /update/marks/)`, m.save),
    timingLine(`viewer ${m.students} x ${m.subjects} (GET /marks/{test}/{class}/{year}/)`, m.view),
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const m = await measureMarks();
  console.log(formatMarksBench(m).join('\n'));
}
