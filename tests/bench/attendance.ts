/**
 * Bench figures for attendance (section 11 of `npm run bench`), on a school of its own with a
 * class of 60: taking a day (PUT /attendance/students/, through the app: access, the payload's
 * checks, the day against the calendar, the class check, the multi-row upsert, the absence
 * alerts' claim and the audit record, in one transaction) next to the same upsert as one raw
 * statement, in the same run. Goal: within 2x of the raw statement, p95 under 50 ms on PGlite.
 * Run alone: `node --import tsx tests/bench/attendance.ts` (PGlite in a temp directory, or
 * PostgreSQL when DATABASE_URL is set).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { timed, timing, timingLine, withBenchSchool, type Timing } from './bench-school.js';

const STUDENTS = 60;
const RUNS = Number(process.env.BENCH_ATTENDANCE_RUNS ?? 60);
const DAY = '2026-11-02';

export interface AttendanceBench { students: number; runs: number; take: Timing }

export async function measureAttendance(): Promise<AttendanceBench> {
  return withBenchSchool('AB', async ({ db, call }) => {
    const year = await db.insertInto('ac_year').values({ name: '2026-27', syllabus: 'CBSE', start_date: '2026-06-01', end_date: '2027-03-31', status: 1 }).returning('id').executeTakeFirstOrThrow();
    const klass = await db.insertInto('class').values({ class: '10', section: 'A' }).returning('id').executeTakeFirstOrThrow();
    const students = await db.insertInto('student').values(Array.from({ length: STUDENTS }, (_, i) => ({
      fullname: `Student ${i + 1}`, admission_no: `A${i + 1}`, mobile: '9876543210', dob: '2011-04-01', admission_date: '2026-06-01', ac_year_id: year.id, class_id: klass.id,
    }))).returning('id').execute();
    await db.insertInto('student_year').values(students.map((s, i) => ({ student_id: s.id, ac_year_id: year.id, class_id: klass.id, roll_no: i + 1, status: 1 }))).execute();
    // A different few absent each run, so every save changes rows.
    const marksFor = (i: number) => students.map((s, j) => ({ student_id: s.id, present: (i + j) % 12 === 0 ? 0 : 1 }));
    const payload = (i: number) => ({ attendance: marksFor(i), class_id: klass.id, date: DAY, ac_year_id: year.id });

    await call('PUT', '/attendance/students/', payload(0));
    const app = await timed(RUNS, async (i) => { await call('PUT', '/attendance/students/', payload(i)); });
    const raw = await timed(RUNS, async (i) => {
      await db.insertInto('attendance').values(marksFor(i).map((m) => ({ student_id: m.student_id, class_id: klass.id, ac_year_id: year.id, date: DAY, present: m.present })))
        .onConflict((oc) => oc.columns(['student_id', 'date']).doUpdateSet((eb) => ({ present: eb.ref('excluded.present'), updated_at: new Date() })))
        .execute();
    });
    const rows = await db.selectFrom('attendance').select('id').where('date', '=', DAY).execute();
    if (rows.length !== STUDENTS) throw new Error(`attendance: ${rows.length} rows for ${STUDENTS} students`);
    return { students: STUDENTS, runs: RUNS, take: timing(app, raw) };
  });
}

export function formatAttendanceBench(b: AttendanceBench | null, note = ''): string[] {
  if (!b) return [`11. Attendance: ${note}`];
  return [
    `11. Attendance, taking a class of ${b.students} for a day (${b.runs} runs each, one after another; goal: within 2x of the raw upsert, p95 under 50 ms):`,
    timingLine('PUT /attendance/students/ next to one raw multi-row upsert of the same rows', b.take),
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(formatAttendanceBench(await measureAttendance()).join('\n'));
}
