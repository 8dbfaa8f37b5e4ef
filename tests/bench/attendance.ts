/**
 * Bench figures for attendance (section 11 of `npm run bench`), on a school of its own with a
 * class of 60: taking a day (PUT /attendance/students/, through the app: access, the payload's
 * checks, the day against the calendar, the class check, the multi-row upsert, the absence
 * alerts' claim and the audit record, in one transaction) next to the same upsert as one raw
 * statement, in the same run. Goal: within 2x of the raw statement, p95 under 50 ms on PGlite.
 * Run alone: `node --import tsx tests/bench/attendance.ts` (PGlite in a temp directory, or
 * PostgreSQL when DATABASE_URL is set).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/index.js';
import { createSchool } from '../../src/server/provision.js';
import { percentile } from './load.js';

const STUDENTS = 60;
const RUNS = Number(process.env.BENCH_ATTENDANCE_RUNS ?? 60);
const DAY = '2026-11-02';

interface Timing { p50: number; p95: number; p99: number }
export interface AttendanceBench { students: number; runs: number; app: Timing; sql: Timing }

async function timed(runs: number, fn: (i: number) => Promise<void>): Promise<Timing> {
  for (let i = 0; i < 3; i++) await fn(i); // warm-up: compiled queries, caches
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn(i);
    out.push(performance.now() - t0);
  }
  out.sort((a, b) => a - b);
  return { p50: percentile(out, 50), p95: percentile(out, 95), p99: percentile(out, 99) };
}

export async function measureAttendance(): Promise<AttendanceBench> {
  const dataDir = process.env.DATABASE_URL ? '' : fs.mkdtempSync(path.join(os.tmpdir(), 'school-bench-attendance-'));
  const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir || undefined }), authRateLimit: 100000 };
  const database = await openDatabase(config);
  const app = await buildApp({ config, database });
  const code = `AB${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
  try {
    const { schema } = await createSchool(database.db, { configDir: config.configDir, code, name: 'Attendance Bench School', adminEmail: 'super@attendance.bench', adminPassword: 'Bench#Attend1' });
    const db = database.db.withSchema(schema);
    const login = await app.inject({ method: 'POST', url: `/api/${code}/login/`, payload: { email: 'super@attendance.bench', password: 'Bench#Attend1' } });
    const auth = { authorization: `Bearer ${login.json().data.token}` };
    const year = await db.insertInto('ac_year').values({ name: '2026-27', syllabus: 'CBSE', start_date: '2026-06-01', end_date: '2027-03-31', status: 1 }).returning('id').executeTakeFirstOrThrow();
    const klass = await db.insertInto('class').values({ class: '10', section: 'A' }).returning('id').executeTakeFirstOrThrow();
    const students = await db.insertInto('student').values(Array.from({ length: STUDENTS }, (_, i) => ({
      fullname: `Student ${i + 1}`, admission_no: `A${i + 1}`, mobile: '9876543210', dob: '2011-04-01', admission_date: '2026-06-01', ac_year_id: year.id, class_id: klass.id,
    }))).returning('id').execute();
    await db.insertInto('student_year').values(students.map((s, i) => ({ student_id: s.id, ac_year_id: year.id, class_id: klass.id, roll_no: i + 1, status: 1 }))).execute();
    // A different few absent each run, so every save changes rows.
    const marksFor = (i: number) => students.map((s, j) => ({ student_id: s.id, present: (i + j) % 12 === 0 ? 0 : 1 }));
    const payload = (i: number) => ({ attendance: marksFor(i), class_id: klass.id, date: DAY, ac_year_id: year.id });

    const first = await app.inject({ method: 'PUT', url: `/api/${code}/attendance/students/`, headers: auth, payload: payload(0) });
    if (first.statusCode !== 200) throw new Error(`take: ${first.statusCode} ${first.body}`);
    const appTiming = await timed(RUNS, async (i) => {
      const res = await app.inject({ method: 'PUT', url: `/api/${code}/attendance/students/`, headers: auth, payload: payload(i) });
      if (res.statusCode !== 200) throw new Error(`take: ${res.statusCode} ${res.body}`);
    });
    const sqlTiming = await timed(RUNS, async (i) => {
      await db.insertInto('attendance').values(marksFor(i).map((m) => ({ student_id: m.student_id, class_id: klass.id, ac_year_id: year.id, date: DAY, present: m.present })))
        .onConflict((oc) => oc.columns(['student_id', 'date']).doUpdateSet((eb) => ({ present: eb.ref('excluded.present'), updated_at: new Date() })))
        .execute();
    });
    const rows = await db.selectFrom('attendance').select('id').where('date', '=', DAY).execute();
    if (rows.length !== STUDENTS) throw new Error(`attendance: ${rows.length} rows for ${STUDENTS} students`);
    return { students: STUDENTS, runs: RUNS, app: appTiming, sql: sqlTiming };
  } finally {
    await app.close();
    if (process.env.DATABASE_URL) {
      await database.db.withSchema('platform').deleteFrom('school').where('code', '=', code).execute().catch(() => undefined);
      await database.db.schema.dropSchema(`school_${code.toLowerCase()}`).ifExists().cascade().execute().catch(() => undefined);
    }
    await database.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const f1 = (n: number) => n.toFixed(1);

export function formatAttendanceBench(b: AttendanceBench | null, note = ''): string[] {
  if (!b) return [`11. Attendance: ${note}`];
  return [
    `11. Attendance, taking a class of ${b.students} for a day (${b.runs} runs each, one after another; goal: within 2x of the raw upsert, p95 under 50 ms):`,
    `   PUT /attendance/students/: p50 ${f1(b.app.p50)} ms  p95 ${f1(b.app.p95)} ms  p99 ${f1(b.app.p99)} ms`,
    `   one raw multi-row upsert of the same rows: p50 ${f1(b.sql.p50)} ms  p95 ${f1(b.sql.p95)} ms  p99 ${f1(b.sql.p99)} ms;  app/SQL p50 = ${f1(b.app.p50 / b.sql.p50)}x`,
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(formatAttendanceBench(await measureAttendance()).join('\n'));
}
