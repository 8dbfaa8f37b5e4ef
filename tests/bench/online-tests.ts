/**
 * Bench figures for online tests (section 18 of `npm run bench`), on a school of its own, once on
 * the embedded store and once on PostgreSQL (127.0.0.1, a database of its own; skipped with a
 * note when PostgreSQL does not answer): 1,000 students of 25 classes take the same test of 20
 * questions. They start it within 10 seconds (PUT /ot/student/{student_id}/test/{test_id}/attempts/),
 * each saves an answer every 10 s for five minutes (PUT …/attempt/{attempt_id}/answer/), then all
 * submit together (POST …/attempts/). Each through the app (in process, each student with their
 * own session), next to the same writes as raw SQL on the same store in the same run: the attempt
 * row and the questions read, one answer upserted, the attempt closed with its marks summed.
 * Afterwards every acknowledged save is looked for in the database: the last one acknowledged of
 * each question of each attempt must be the stored answer. Goals: saves p95 under 300 ms, start and
 * submit p95 under 1 s, no answer lost.
 * Knobs: BENCH_OT_STUDENTS (1000), BENCH_OT_SAVE_MS (300000, how long students keep saving),
 * BENCH_OT_RAW_SAVE_MS (60000, the raw SQL's saves at the same rate), CLUSTER_PG (PostgreSQL server).
 * Alone: `node --import tsx tests/bench/online-tests.ts`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'kysely';
import { percentile } from './load.js';
import { insertChunked, withBenchSchool, type BenchSchool } from './bench-school.js';
import { startSession } from '../../src/server/framework/sessions.js';

const STUDENTS = Number(process.env.BENCH_OT_STUDENTS ?? 1000);
const CLASSES = 25;
const QUESTIONS = 20;
const START_WINDOW_MS = 10_000;
const SAVE_EVERY_MS = 10_000;
const SAVE_FOR_MS = Number(process.env.BENCH_OT_SAVE_MS ?? 300_000);
const RAW_SAVE_FOR_MS = Number(process.env.BENCH_OT_RAW_SAVE_MS ?? 60_000);
const PG_SERVER = process.env.CLUSTER_PG ?? 'postgres://postgres@127.0.0.1:5432';
const GOALS = { saveP95: 300, startP95: 1000, submitP95: 1000 };

/** A phase's latencies, and the process's CPU per call (the store runs in process): what load on a shared machine does not inflate. */
export interface Phase { count: number; failed: number; p50: number; p95: number; max: number; cpu: number }
export interface OnlineTestRun {
  store: string; students: number; saveSeconds: number;
  app: { start: Phase; save: Phase; submit: Phase };
  raw: { start: Phase; save: Phase; submit: Phase };
  acknowledged: number; lost: number;
}
export interface OnlineTestBench { runs: OnlineTestRun[]; notes: string[] }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function phase(run: { times: number[]; failed: number; cpuMs: number }): Phase {
  const s = [...run.times].sort((a, b) => a - b);
  return { count: s.length, failed: run.failed, p50: percentile(s, 50), p95: percentile(s, 95), max: s.at(-1) ?? 0, cpu: run.cpuMs / Math.max(1, s.length + run.failed) };
}

/** Runs `fn` for each of `n`, the i-th at `delay(i)` ms from now, all in flight together; their durations and failures. */
async function spread(n: number, delay: (i: number) => number, fn: (i: number) => Promise<void>): Promise<{ times: number[]; failed: number; errors: string[]; cpuMs: number }> {
  const times: number[] = []; const errors: string[] = [];
  const cpu0 = process.cpuUsage();
  await Promise.all(Array.from({ length: n }, async (_, i) => {
    await sleep(delay(i));
    const t0 = performance.now();
    try { await fn(i); times.push(performance.now() - t0); } catch (e) { errors.push((e as Error).message); }
  }));
  const cpu = process.cpuUsage(cpu0);
  return { times, failed: errors.length, errors, cpuMs: (cpu.user + cpu.system) / 1000 };
}

interface Taker { studentId: number; token: string }
interface Sheet { attemptId: number; questions: Array<{ id: number; options: Array<{ id: number }> }> }

/** The bench school's classes, students with their family logins and sessions, and a test of 20 questions assigned to every class. */
async function setUp(s: BenchSchool) {
  const { db, call } = s;
  const year = await db.insertInto('ac_year').values({ name: '2026-27', syllabus: 'CBSE', start_date: '2026-06-01', end_date: '2027-03-31', status: 1 }).returning('id').executeTakeFirstOrThrow();
  const classes = await db.insertInto('class').values(Array.from({ length: CLASSES }, (_, i) => ({ class: String(6 + Math.floor(i / 5)), section: 'ABCDE'[i % 5]! }))).returning('id').execute();
  const subject = await db.insertInto('subject').values({ class_id: classes[0]!.id, name: 'Science', code: 'SCI' }).returning('id').executeTakeFirstOrThrow();
  const users = await db.insertInto('user').values(Array.from({ length: STUDENTS }, (_, i) => ({ name: `Parent ${i + 1}`, username: `p${i + 1}`, mobile: `9${String(700000000 + i)}`, role: 1, password_hash: 'not-used' }))).returning('id').execute();
  const rows = users.map((u, i) => ({
    fullname: `Student ${i + 1}`, admission_no: `A${i + 1}`, mobile: '9876543210', dob: '2011-04-01', admission_date: '2026-06-01',
    ac_year_id: year.id, class_id: classes[i % CLASSES]!.id, user_id: u.id,
  }));
  await insertChunked(db, 'student', rows, 500);
  const students = await db.selectFrom('student').select(['id', 'user_id']).orderBy('id').execute();
  const takers: Taker[] = [];
  for (const st of students) takers.push({ studentId: st.id, token: await startSession(db, st.user_id!, false) });

  const questionIds: number[] = [];
  for (let q = 0; q < QUESTIONS; q++) {
    const created = await call('PUT', '/ot/questions/', {
      class_id: classes[0]!.id, subject_id: subject.id, type: 0, question: `Question ${q + 1}`, correct_marks: 2, incorrect_marks: -0.5, no_answer_marks: 0,
      options: [0, 1, 2, 3].map((k) => ({ text: `Option ${k + 1}`, is_correct: k === q % 4 })),
    });
    questionIds.push(created.id);
  }
  /** A test of the 20 questions assigned to every class, open from the last 10-minute step for an hour. */
  const assignedTest = async (name: string) => {
    const test = await call('PUT', '/ot/tests/', { name });
    await call('POST', `/ot/test/${test.id}/questions/`, { questions: questionIds });
    const start = new Date(Math.floor(Date.now() / 600_000) * 600_000).toISOString();
    for (const c of classes) await call('PUT', `/ot/test/${test.id}/assign/`, { class_id: c.id, duration: 60, start_time: start });
    return test.id as number;
  };
  return { takers, appTest: await assignedTest('Bench test'), rawTest: await assignedTest('Bench test, raw SQL') };
}

async function measureOn(store: string, databaseUrl: string | undefined): Promise<OnlineTestRun> {
  return withBenchSchool('OT', async (s) => {
    const { app, code, db } = s;
    const { takers, appTest, rawTest } = await setUp(s);
    const as = async (t: Taker, method: string, url: string, payload?: unknown) => {
      const res = await app.inject({ method: method as 'PUT', url: `/api/${code}${url}`, headers: { authorization: `Bearer ${t.token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
      if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return res.json().data;
    };
    const base = (t: Taker, test: number) => `/ot/student/${t.studentId}/test/${test}`;

    // Through the app: start within 10 s, save every 10 s, submit together.
    const sheets: Sheet[] = [];
    const start = await spread(takers.length, (i) => (i * START_WINDOW_MS) / takers.length, async (i) => {
      const d = await as(takers[i]!, 'PUT', `${base(takers[i]!, appTest)}/attempts/`);
      sheets[i] = { attemptId: d.attempt_id, questions: d.questions };
    });
    if (start.failed) throw new Error(`online tests: ${start.failed} starts failed, e.g. ${start.errors[0]}`);
    /** The last acknowledged save of each question of each attempt: the option chosen. */
    const acked = new Map<string, number>();
    let acknowledged = 0;
    const rounds = Math.max(1, Math.floor(SAVE_FOR_MS / SAVE_EVERY_MS));
    const save = await spread(takers.length * rounds, (k) => Math.floor(k / takers.length) * SAVE_EVERY_MS + ((k % takers.length) * SAVE_EVERY_MS) / takers.length, async (k) => {
      const i = k % takers.length; const round = Math.floor(k / takers.length);
      const sheet = sheets[i]!; const q = sheet.questions[(round + i) % sheet.questions.length]!;
      const option = q.options[(round + i) % q.options.length]!.id;
      await as(takers[i]!, 'PUT', `${base(takers[i]!, appTest)}/attempt/${sheet.attemptId}/answer/`, { question_id: q.id, state: 2, option });
      // One student's saves go out 10 s apart: an acknowledgement is the latest for its question.
      acked.set(`${sheet.attemptId}:${q.id}`, option);
      acknowledged++;
    });
    const submit = await spread(takers.length, () => 0, async (i) => {
      await as(takers[i]!, 'POST', `${base(takers[i]!, appTest)}/attempts/`, { answers: [], attempt_id: sheets[i]!.attemptId, student_id: takers[i]!.studentId, duration: 300 });
    });
    const stored = await db.selectFrom('ot_answer').select(['attempt_id', 'question_id', 'option_ids'])
      .where('attempt_id', 'in', sheets.map((x) => x.attemptId)).execute();
    const byKey = new Map(stored.map((r) => [`${r.attempt_id}:${r.question_id}`, r.option_ids as number[]]));
    let lost = 0;
    for (const [key, option] of acked) if (byKey.get(key)?.[0] !== option || byKey.get(key)?.length !== 1) lost++;

    // The same writes as raw SQL, on the second test: the attempt row and its questions read,
    // one answer upserted, the attempt closed with its marks summed.
    const t = (name: string) => sql.table(`${s.schema}.${name}`);
    const assigns = await db.selectFrom('ot_assign').select(['id', 'class_id']).where('test_id', '=', rawTest).execute();
    const assignOf = new Map(assigns.map((a) => [a.class_id, a.id]));
    const classOf = new Map((await db.selectFrom('student').select(['id', 'class_id']).execute()).map((r) => [r.id, r.class_id!]));
    const rawAttempts: number[] = [];
    const rawQuestions = await db.selectFrom('ot_test_question').select('question_id').where('test_id', '=', rawTest).execute();
    const rawStart = await spread(takers.length, (i) => (i * START_WINDOW_MS) / takers.length, async (i) => {
      const st = takers[i]!.studentId; const cls = classOf.get(st)!;
      const r = await sql<{ id: number }>`insert into ${t('ot_attempt')} (assign_id, test_id, student_id, class_id, start_time, deadline, status)
        values (${assignOf.get(cls)!}, ${rawTest}, ${st}, ${cls}, now(), now() + interval '1 hour', 1) returning id`.execute(db);
      rawAttempts[i] = r.rows[0]!.id;
      await sql`select q.id, q.question, o.id as option_id, o.text from ${t('ot_test_question')} tq join ${t('ot_question')} q on q.id = tq.question_id
        left join ${t('ot_option')} o on o.question_id = q.id where tq.test_id = ${rawTest} order by tq.id, o.id`.execute(db);
    });
    const rawRounds = Math.max(1, Math.floor(RAW_SAVE_FOR_MS / SAVE_EVERY_MS));
    const rawSave = await spread(takers.length * rawRounds, (k) => Math.floor(k / takers.length) * SAVE_EVERY_MS + ((k % takers.length) * SAVE_EVERY_MS) / takers.length, async (k) => {
      const i = k % takers.length; const round = Math.floor(k / takers.length);
      const q = rawQuestions[(round + i) % rawQuestions.length]!.question_id;
      await sql`insert into ${t('ot_answer')} (attempt_id, question_id, state, option_ids, answer, files, saved_at)
        values (${rawAttempts[i]!}, ${q}, 2, ${JSON.stringify([round])}::jsonb, null, '[]'::jsonb, now())
        on conflict (attempt_id, question_id) do update set state = excluded.state, option_ids = excluded.option_ids, saved_at = excluded.saved_at`.execute(db);
    });
    const rawSubmit = await spread(takers.length, () => 0, async (i) => {
      await sql`update ${t('ot_attempt')} set status = 2, end_time = now(), marks_obtained = (select coalesce(sum(coalesce(marks_awarded, 0)), 0) from ${t('ot_answer')} where attempt_id = ${rawAttempts[i]!})
        where id = ${rawAttempts[i]!}`.execute(db);
    });
    return {
      store, students: takers.length, saveSeconds: rounds * SAVE_EVERY_MS / 1000,
      app: { start: phase(start), save: phase(save), submit: phase(submit) },
      raw: { start: phase(rawStart), save: phase(rawSave), submit: phase(rawSubmit) },
      acknowledged, lost,
    };
  }, databaseUrl);
}

/** On the embedded store, then on a PostgreSQL database of its own (dropped afterwards). */
export async function measureOnlineTests(): Promise<OnlineTestBench> {
  const runs: OnlineTestRun[] = []; const notes: string[] = [];
  runs.push(await measureOn('PGlite', undefined));
  const name = `school_bench_ot_${Date.now()}`;
  const admin = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (e) {
    notes.push(`PostgreSQL at ${PG_SERVER} did not answer (${(e as Error).message}): measured on PGlite only`);
    await admin.end().catch(() => undefined);
    return { runs, notes };
  }
  try {
    runs.push(await measureOn('PostgreSQL', `${PG_SERVER}/${name}`));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
  }
  return { runs, notes };
}

const ms = (n: number) => `${n.toFixed(0)} ms`;
const line = (label: string, app: Phase, raw: Phase, goal: number) =>
  `     ${label}: app p50 ${ms(app.p50)}  p95 ${ms(app.p95)}  max ${ms(app.max)}  CPU ${app.cpu.toFixed(1)} ms a call (${app.count} ok, ${app.failed} failed);  raw SQL p50 ${ms(raw.p50)}  p95 ${ms(raw.p95)}  CPU ${raw.cpu.toFixed(1)} ms;  goal p95 < ${goal} ms: ${app.p95 < goal && app.failed === 0 ? 'met' : 'MISSED'}`;

export function formatOnlineTestBench(b: OnlineTestBench | null, note = ''): string[] {
  if (!b) return [`18. Online tests: ${note}`];
  const out = [`18. Online tests: ${STUDENTS} students of ${CLASSES} classes take one test of ${QUESTIONS} questions (each student with their own session, through the app in process):`];
  for (const r of b.runs) {
    out.push(`   ${r.store}: start within ${START_WINDOW_MS / 1000} s, an answer saved by each every ${SAVE_EVERY_MS / 1000} s for ${r.saveSeconds} s, then all submit together`);
    out.push(line('start ', r.app.start, r.raw.start, GOALS.startP95));
    out.push(line('save  ', r.app.save, r.raw.save, GOALS.saveP95));
    out.push(line('submit', r.app.submit, r.raw.submit, GOALS.submitP95));
    out.push(`     answers acknowledged ${r.acknowledged}, lost ${r.lost} (goal 0: ${r.lost === 0 ? 'met' : 'MISSED'})`);
  }
  for (const n of b.notes) out.push(`   ${n}`);
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(formatOnlineTestBench(await measureOnlineTests()).join('\n'));
}
