/**
 * Bench figures for report cards (section 9 of `npm run bench`): one class of 60 students,
 * six subjects and four tests feeding Term 1's components, its cards made as one PDF through
 * the app (GET /report-cards/{class_id}/{ac_year_id}/pdf/: reading, scaling, drawing, storing),
 * in seconds and pages per second, median of a few runs after a warm-up. Its own embedded
 * database in a temp directory. Run alone: `node --import tsx tests/bench/report-cards.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/index.js';
import { schemaFor } from '../../src/server/framework/schools.js';
import { createSchool, syncAllSchools } from '../../src/server/provision.js';

const STUDENTS = 60;
const SUBJECTS = ['English', 'Hindi', 'Mathematics', 'Science', 'Social Studies', 'Computer Science'];
const TESTS: Array<{ name: string; component: string; max: number }> = [
  { name: 'Periodic Test 1', component: 'PT', max: 20 }, { name: 'Notebooks, Term 1', component: 'NB', max: 10 },
  { name: 'Enrichment, Term 1', component: 'SE', max: 10 }, { name: 'Half Yearly', component: 'EX', max: 100 },
];
const RUNS = Number(process.env.BENCH_REPORT_CARD_RUNS ?? 5);
const CODE = 'RCBNCH';

export interface ReportCardBench { students: number; subjects: number; runsMs: number[]; medianMs: number; pages: number; pagesPerSecond: number; kB: number }

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function measureReportCards(): Promise<ReportCardBench> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-bench-rc-'));
  const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: undefined }), authRateLimit: 1000 };
  const database = await openDatabase(config);
  try {
    await syncAllSchools(database.db);
    const password = 'Bench@12345';
    await createSchool(database.db, { configDir: config.configDir, code: CODE, name: 'Bench Public School', adminEmail: 'super@rcbnch.test', adminPassword: password });
    const db = database.db.withSchema(schemaFor(CODE)) as any;
    const year = (await db.insertInto('ac_year').values({ name: '2026-27', syllabus: 'CBSE', start_date: '2026-06-01', end_date: '2027-03-31', status: 1 }).returning('id').executeTakeFirstOrThrow()).id;
    const klass = (await db.insertInto('class').values({ class: '10', section: 'A' }).returning('id').executeTakeFirstOrThrow()).id;
    const subjects = await db.insertInto('subject').values(SUBJECTS.map((name, i) => ({ class_id: klass, name, code: `S${i}` }))).returning('id').execute();
    const students = await db.insertInto('student').values(Array.from({ length: STUDENTS }, (_, i) => ({
      fullname: `Student ${String(i + 1).padStart(2, '0')}`, mobile: `98${String(i).padStart(8, '0')}`, dob: '2011-05-01', admission_no: `B${1000 + i}`,
      admission_date: '2020-06-01', roll_no: i + 1, class_id: klass, ac_year_id: year, status: 1, extras: JSON.stringify({ father_name: `Father ${i + 1}` }),
    }))).returning('id').execute();
    await db.insertInto('student_year').values(students.map((s: { id: number }, i: number) => ({ student_id: s.id, ac_year_id: year, class_id: klass, roll_no: i + 1, status: 1 }))).execute();
    const components: Array<{ term: string; component: string; test_id: number }> = [];
    for (const t of TESTS) {
      const test = (await db.insertInto('test').values({ name: t.name, ac_year: year, start_date: '2026-09-01', end_date: '2026-09-10', test_type: 1 }).returning('id').executeTakeFirstOrThrow()).id;
      components.push({ term: 'Term 1', component: t.component, test_id: test });
      const ts = await db.insertInto('class_test').values(subjects.map((s: { id: number }) => ({
        test_id: test, class_id: klass, subject_id: s.id, marks_type: 1, min_marks: 0, max_marks: t.max, start_time: '2026-09-01T04:30:00Z', end_time: '2026-09-01T06:30:00Z',
      }))).returning('id').execute();
      await db.insertInto('marks').values(ts.flatMap((x: { id: number }, j: number) => students.map((s: { id: number }, i: number) => ({
        test_subject_id: x.id, student_id: s.id, absent: (i + j) % 37 === 0, marks_obtained: (i + j) % 37 === 0 ? null : Math.round(t.max * (0.4 + ((i * 7 + j * 3) % 60) / 100)),
      })))).execute();
    }
    await db.insertInto('report_card_setup').values({ class_id: klass, ac_year_id: year, components: JSON.stringify(components), published: 1 }).execute();
    await db.insertInto('report_card').values(students.map((s: { id: number }, i: number) => ({
      student_id: s.id, class_id: klass, ac_year_id: year, days_present: 150 - (i % 9), working_days: 160, result: 'Promoted',
      co_scholastic: JSON.stringify({ 'Term 1': { 'Work Education': 'A', 'Art Education': 'B', 'Health & Physical Education': 'A', Discipline: 'A' } }),
      remarks: 'A steady term: attentive in class and regular with homework.',
    }))).execute();

    const app = await buildApp({ config, database });
    try {
      const login = await app.inject({ method: 'POST', url: `/api/${CODE}/login/`, payload: { email: 'super@rcbnch.test', password } });
      const token = login.json().data.token as string;
      const once = async () => {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url: `/api/${CODE}/report-cards/${klass}/${year}/pdf/`, headers: { authorization: `Bearer ${token}` } });
        const ms = performance.now() - t0;
        const body = res.json();
        if (!body.success) throw new Error(`report card PDF: ${res.statusCode} ${body.error}`);
        const file = await app.inject({ method: 'GET', url: body.data.path });
        return { ms, pages: body.data.pages as number, bytes: file.rawPayload.length };
      };
      await once();
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await once());
      const med = median(runs.map((r) => r.ms));
      return {
        students: STUDENTS, subjects: SUBJECTS.length, runsMs: runs.map((r) => r.ms), medianMs: med,
        pages: runs[0]!.pages, pagesPerSecond: runs[0]!.pages / (med / 1000), kB: runs[0]!.bytes / 1024,
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatReportCardBench(b: ReportCardBench | null, note = ''): string[] {
  if (!b) return [`10. Report cards: ${note}`];
  return [
    `10. Report cards: one class's PDF, ${b.students} students x ${b.subjects} subjects, Term 1 from 4 tests (GET /report-cards/{class_id}/{ac_year_id}/pdf/)`,
    `   ${(b.medianMs / 1000).toFixed(2)} s (median of ${b.runsMs.length}) for ${b.pages} pages = ${b.pagesPerSecond.toFixed(0)} pages/s, ${b.kB.toFixed(0)} kB` +
      `   [runs: ${b.runsMs.map((x) => x.toFixed(0)).join(', ')} ms]`,
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(formatReportCardBench(await measureReportCards()).join('\n'));
}
