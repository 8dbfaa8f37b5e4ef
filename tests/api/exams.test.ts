/**
 * Legacy exams (spec 4 §2.4, §3, §4, §5, §7): staff write exams, questions and assignments with
 * the spec's messages; a family takes an exam of its own child's class on the server's clock
 * (questions without answers, max_attempts, late submissions refused, EXIT forfeits), marked
 * exactly with negative and no-answer marks; the exams job closes and marks an attempt left open
 * at its deadline with the answers saved; other families, and the wrong roles, are refused.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestSchool, PASSWORD, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { admitStudent } from '../support/admit.js';
import { createRecord } from '../support/samples.js';
import { startJobs } from '../../src/server/framework/jobs.js';
import examsContributions from '../../src/server/modules/exams/contributes.js';

let t: TestApp;
let s: TestSchool;
let admin: string;
let teacher: string;
let parentA: string;
let parentB: string;
let classA: number;
let classB: number;
let year: number;
let childA: number;
let childB: number;

const call = (c: string, body?: unknown, token = teacher) => t.call(s.code, c, body, token);
const REQ = 'This field is required!';

async function familyIn(classId: number, name: string): Promise<{ token: string; child: number }> {
  const email = `${name.toLowerCase()}@${s.code.toLowerCase()}.test`;
  const { user_id } = (await call('PUT /user/', { name, email, password: PASSWORD, role: 1 }, admin)).body.data;
  const child = await admitStudent(t, s, admin, { ac_year_id: year, class_id: classId, fullname: `${name} Junior`, roll_no: 1 }, 'EX');
  expect((await call('POST /user/link/student/', { student_id: child.id, user_id }, admin)).body.success).toBe(true);
  return { token: (await call('POST /login/', { email, password: PASSWORD }, '')).body.data.token, child: child.id };
}

const exam = (over: Record<string, unknown> = {}) => ({ name: 'Unit Test 1', description: 'Chapters 1 to 3', max_duration: 600, ...over });
const question = (over: Record<string, unknown> = {}) => ({
  question_type: 1, question: '2 + 2 = ?', options: ['3', '4', '5'], answer: 1, explanation: 'Two and two make four.',
  correct_marks: 1.5, incorrect_marks: -0.25, ...over,
});

/** An exam with questions, assigned to class A: its id, its assignment and its questions' ids. */
async function readyExam(opts: { questions?: Array<Record<string, unknown>>; max_attempts?: number; exam?: Record<string, unknown> } = {}) {
  const made = await call('PUT /exams/', exam(opts.exam));
  expect(made.body.success, made.body.error ?? '').toBe(true);
  const id = made.body.data.id as number;
  for (const q of opts.questions ?? [question()]) expect((await call(`PUT /exam/${id}/questions/`, q)).body.success).toBe(true);
  const assigned = await call('PUT /exam/assign/', { exam_id: id, ac_year_id: year, class_id: classA, ...(opts.max_attempts ? { max_attempts: opts.max_attempts } : {}) });
  expect(assigned.body.success, assigned.body.error ?? '').toBe(true);
  const qids = ((await call(`GET /exam/${id}/questions/`)).body.data as Array<{ id: number }>).map((q) => q.id);
  return { id, assign: assigned.body.data.id as number, qids };
}

const start = (examId: number, student = childA, token = parentA) => call(`GET /exam/questions/${examId}/${student}/`, undefined, token);
const submit = (assign: number, answers: Array<{ id: number; answer: number | null }>, token = parentA, student = childA) =>
  call('POST /exam/solutions/', { exam_assign_id: assign, student_id: student, questions: answers, duration: 30 }, token);
const attempts = (assign: number, token = parentA, student = childA) => call(`GET /exam/attempts/${assign}/${student}/`, undefined, token);

/** Moves an attempt's clock back, as if it had started `ms` earlier. */
async function agoBy(attemptId: number, ms: number) {
  const row = await schoolDb(t, s).selectFrom('exam_attempt').select(['timestamp', 'deadline']).where('id', '=', attemptId).executeTakeFirstOrThrow();
  await schoolDb(t, s).updateTable('exam_attempt').set({
    timestamp: new Date(new Date(row.timestamp).getTime() - ms), deadline: new Date(new Date(row.deadline).getTime() - ms),
  }).where('id', '=', attemptId).execute();
}

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  admin = s.tokens['4']!;
  teacher = s.tokens['2']!;
  year = (await createRecord(t, s, 'acyears', { name: '2026-27' })).id;
  classA = (await createRecord(t, s, 'classes', { class: '8', section: 'A', class_teacher_id: null })).id;
  classB = (await createRecord(t, s, 'classes', { class: '8', section: 'B', class_teacher_id: null })).id;
  ({ token: parentA, child: childA } = await familyIn(classA, 'Kiran'));
  ({ token: parentB, child: childB } = await familyIn(classB, 'Lakshmi'));
});
afterAll(() => t?.close());

describe('exams (staff)', () => {
  it("creates an exam: 'Exam created', listed with its duration in seconds", async () => {
    const res = await call('PUT /exams/', exam({ name: 'Weekly Quiz', max_duration: 1800 }));
    expect([res.status, res.body.message]).toEqual([200, 'Exam created']);
    const row = (await call('GET /exams/')).body.data.find((e: any) => e.id === res.body.data.id);
    expect(row).toMatchObject({ name: 'Weekly Quiz', description: 'Chapters 1 to 3', max_duration: 1800, start_time: null, questions: 0, assignments: 0 });
    // Admins manage exams too.
    expect((await call('PUT /exams/', exam(), s.tokens['3'])).body.message).toBe('Exam created');
  });

  it("says 'Name is required!' and 'Duration is required', and checks the start time, with nothing stored", async () => {
    const before = (await call('GET /exams/')).body.data.length;
    const { name: _n, ...noName } = exam();
    const { max_duration: _d, ...noDuration } = exam();
    expect((await call('PUT /exams/', noName)).body.error).toBe('Name is required!');
    expect((await call('PUT /exams/', exam({ name: '  ' }))).body.error).toBe('Name is required!');
    expect((await call('PUT /exams/', noDuration)).body.error).toBe('Duration is required');
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    twoDaysAgo.setUTCMinutes(0, 0, 0);
    const r = await call('PUT /exams/', exam({ start_time: twoDaysAgo.toISOString() }));
    expect([r.status, r.body.error]).toEqual([400, 'Start time cannot be earlier than yesterday']);
    const offStep = new Date(Date.now() + 86_400_000);
    offStep.setUTCMinutes(7, 0, 0);
    expect((await call('PUT /exams/', exam({ start_time: offStep.toISOString() }))).body.error).toBe('Start time must be in steps of 5 minutes');
    expect((await call('GET /exams/')).body.data.length).toBe(before);
    // About yesterday is still allowed, on a 5-minute step.
    const yesterday = new Date(Date.now() - 20 * 3_600_000);
    yesterday.setUTCMinutes(35, 0, 0);
    expect((await call('PUT /exams/', exam({ start_time: yesterday.toISOString() }))).body.data.start_time).toBe(yesterday.toISOString());
  });

  it("adds questions ('Question Added'), each field required ('This field is required!'), no_answer_marks 0 unless given, and deletes one ('Question Deleted')", async () => {
    const id = (await call('PUT /exams/', exam())).body.data.id;
    const res = await call(`PUT /exam/${id}/questions/`, question());
    expect([res.status, res.body.message]).toEqual([200, 'Question Added']);
    for (const field of ['question_type', 'question', 'options', 'answer', 'explanation', 'correct_marks', 'incorrect_marks']) {
      const body: Record<string, unknown> = question();
      delete body[field];
      const r = await call(`PUT /exam/${id}/questions/`, body);
      expect([r.status, r.body.error], field).toEqual([400, REQ]);
    }
    expect((await call(`PUT /exam/${id}/questions/`, question({ options: ['3', ''] }))).body.error).toBe(REQ);
    expect((await call(`PUT /exam/${id}/questions/`, question({ explanation: '' }))).body.error).toBe(REQ);
    expect((await call(`PUT /exam/${id}/questions/`, question({ options: [] }))).body.error).toBe('At least one option is required');
    expect((await call(`PUT /exam/${id}/questions/`, question({ answer: 3 }))).body.error).toBe('The answer must be one of the options');
    expect((await call(`PUT /exam/${id}/questions/`, question({ correct_marks: 1.333 }))).body.error).toBe('Marks may have at most two decimal places');
    expect((await call('PUT /exam/999999/questions/', question())).status).toBe(404);
    const list = (await call(`GET /exam/${id}/questions/`)).body.data;
    expect(list).toEqual([expect.objectContaining({
      index: 0, question_type: 1, question: '2 + 2 = ?', options: ['3', '4', '5'], answer: 1, explanation: 'Two and two make four.',
      correct_marks: 1.5, incorrect_marks: -0.25, no_answer_marks: 0,
    })]);
    const del = await call(`DELETE /exam/${id}/question/${list[0].id}/`);
    expect([del.status, del.body.message]).toEqual([200, 'Question Deleted']);
    expect((await call(`DELETE /exam/${id}/question/${list[0].id}/`)).status).toBe(404);
    expect((await call(`GET /exam/${id}/questions/`)).body.data).toEqual([]);
  });

  it("assigns an exam ('Exam Assigned'), once per class and year, exam, year and class required", async () => {
    const id = (await call('PUT /exams/', exam())).body.data.id;
    const res = await call('PUT /exam/assign/', { exam_id: id, ac_year_id: year, class_id: classB, max_attempts: 3 });
    expect([res.status, res.body.message]).toEqual([200, 'Exam Assigned']);
    expect((await call('PUT /exam/assign/', { exam_id: id, ac_year_id: year, class_id: classB })).status).toBe(409);
    expect((await call('PUT /exam/assign/', { ac_year_id: year, class_id: classB })).body.error).toBe('Exam is required');
    expect((await call('PUT /exam/assign/', { exam_id: id, class_id: classB })).body.error).toBe('Academic year is required');
    expect((await call('PUT /exam/assign/', { exam_id: id, ac_year_id: year })).body.error).toBe('Class is required');
    expect((await call('PUT /exam/assign/', { exam_id: 999999, ac_year_id: year, class_id: classB })).status).toBe(404);
    const one = await call('PUT /exam/assign/', { exam_id: id, ac_year_id: year, class_id: classA });
    expect(one.body.data.max_attempts).toBe(1);
    const listed = (await call(`GET /exam/assign/?exam_id=${id}`)).body.data;
    expect(listed).toHaveLength(2);
    expect(listed.find((a: any) => a.class_id === classB)).toMatchObject({ exam_id: id, ac_year: '2026-27', class: '8', section: 'B', max_attempts: 3 });
    expect((await call('GET /exam/assign/')).body.data.length).toBeGreaterThanOrEqual(2);
  });

  it("deletes an exam with its questions, assignments and attempts: 'Exam deleted'", async () => {
    const { id, assign } = await readyExam();
    expect((await start(id)).status).toBe(200);
    const res = await call(`DELETE /exam/${id}/`);
    expect([res.status, res.body.message]).toEqual([200, 'Exam deleted']);
    expect((await call(`DELETE /exam/${id}/`)).status).toBe(404);
    expect(await schoolDb(t, s).selectFrom('exam_attempt').select('id').where('exam_assign_id', '=', assign).execute()).toEqual([]);
    expect(await schoolDb(t, s).selectFrom('exam_question').select('id').where('exam_id', '=', id).execute()).toEqual([]);
    expect((await start(id)).status).toBe(404);
  });

  it('refuses families, librarians, drivers and admins without the module', async () => {
    const { id, qids } = await readyExam();
    for (const token of [parentA, s.tokens['7']!, s.tokens['5']!, s.tokens['admin-none']!]) {
      expect((await call('GET /exams/', undefined, token)).status).toBe(403);
      expect((await call('PUT /exams/', exam(), token)).status).toBe(403);
      expect((await call(`DELETE /exam/${id}/`, undefined, token)).status).toBe(403);
      expect((await call(`GET /exam/${id}/questions/`, undefined, token)).status).toBe(403);
      expect((await call(`PUT /exam/${id}/questions/`, question(), token)).status).toBe(403);
      expect((await call(`DELETE /exam/${id}/question/${qids[0]}/`, undefined, token)).status).toBe(403);
      expect((await call('GET /exam/assign/', undefined, token)).status).toBe(403);
      expect((await call('PUT /exam/assign/', { exam_id: id, ac_year_id: year, class_id: classB }, token)).status).toBe(403);
    }
    // Read-only admins read but do not write.
    expect((await call('GET /exams/', undefined, s.tokens['admin-read'])).status).toBe(200);
    expect((await call('PUT /exams/', exam(), s.tokens['admin-read'])).status).toBe(403);
  });
});

describe('taking an exam (family)', () => {
  it("lists the child's class's exams, and starts an attempt whose questions carry no answer or explanation", async () => {
    const { id, assign } = await readyExam({ max_attempts: 2 });
    const list = (await call(`GET /exam/list/${childA}/`, undefined, parentA)).body.data;
    expect(list.find((e: any) => e.id === id)).toMatchObject({ exam_assign_id: assign, name: 'Unit Test 1', max_duration: 600, max_attempts: 2, attempts: 0, questions: 1 });
    // Not assigned to class B.
    expect((await call(`GET /exam/list/${childB}/`, undefined, parentB)).body.data.find((e: any) => e.id === id)).toBeUndefined();
    const res = await start(id);
    expect(res.status).toBe(200);
    const q = res.body.data.questions[0];
    expect(q).toMatchObject({ index: 0, question: '2 + 2 = ?', options: ['3', '4', '5'], correct_marks: 1.5, incorrect_marks: -0.25, no_answer_marks: 0 });
    expect(q).not.toHaveProperty('answer');
    expect(q).not.toHaveProperty('explanation');
    expect(res.body.data.remaining).toBeGreaterThan(590);
    expect(res.body.data.remaining).toBeLessThanOrEqual(600);
    // Fetched again (a reload), the same attempt goes on.
    expect((await start(id)).body.data.attempt_id).toBe(res.body.data.attempt_id);
    expect((await call(`GET /exam/list/${childA}/`, undefined, parentA)).body.data.find((e: any) => e.id === id).attempts).toBe(1);
    expect((await attempts(assign)).body.data).toEqual([expect.objectContaining({ id: res.body.data.attempt_id, status: 0, marks_obtained: null })]);
  });

  it('marks exactly: right, wrong (negative) and unanswered questions', async () => {
    const { id, assign, qids } = await readyExam({
      questions: [
        question({ correct_marks: 1.1, incorrect_marks: -0.35 }),
        question({ correct_marks: 2.2, incorrect_marks: -0.35 }),
        question({ correct_marks: 0.7, incorrect_marks: -0.1, no_answer_marks: 0.05 }),
        question({ correct_marks: 1, incorrect_marks: -0.2, no_answer_marks: -0.05 }),
      ],
    });
    await start(id);
    // Right, right, wrong, none: 1.1 + 2.2 - 0.1 - 0.05 = 3.15 exactly (floats would say 3.1500000000000004).
    const res = await submit(assign, [{ id: qids[0]!, answer: 1 }, { id: qids[1]!, answer: 1 }, { id: qids[2]!, answer: 0 }, { id: qids[3]!, answer: null }]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ marks_obtained: 3.15, results: { correct: 2, incorrect: 1, no_answer: 1 } });
    const [done] = (await attempts(assign)).body.data;
    expect(done).toMatchObject({ status: 1, marks_obtained: 3.15, results: { correct: 2, incorrect: 1, no_answer: 1 } });
    expect(done.duration).toBeGreaterThanOrEqual(0);
    // Submitted once: nothing is under way any more.
    expect((await submit(assign, [])).body.error).toBe('No attempt of this exam is under way');
  });

  it('refuses answers to questions of another exam or options that do not exist', async () => {
    const { id, assign, qids } = await readyExam();
    const other = await readyExam();
    await start(id);
    expect((await submit(assign, [{ id: other.qids[0]!, answer: 1 }])).body.error).toBe('An answer names a question that is not in this exam');
    expect((await submit(assign, [{ id: qids[0]!, answer: 5 }])).body.error).toBe("An answer is not one of its question's options");
    expect((await submit(assign, [{ id: qids[0]!, answer: 1 }])).body.data.marks_obtained).toBe(1.5);
  });

  it('keeps to max_attempts: a forfeit (EXIT) counts, Start is refused after the last', async () => {
    const { id, assign, qids } = await readyExam({ max_attempts: 2 });
    const first = (await start(id)).body.data.attempt_id;
    const exit = await call(`PATCH /exam/attempts/${assign}/${childA}/`, undefined, parentA);
    expect(exit.status).toBe(200);
    expect((await call(`PATCH /exam/attempts/${assign}/${childA}/`, undefined, parentA)).status).toBe(409);
    await start(id);
    expect((await submit(assign, [{ id: qids[0]!, answer: 0 }])).body.data.marks_obtained).toBe(-0.25);
    const third = await start(id);
    expect([third.status, third.body.error]).toEqual([409, 'You have used all your attempts at this exam']);
    const rows = (await attempts(assign)).body.data;
    expect(rows.map((r: any) => r.status)).toEqual([1, -1]);
    expect(rows.find((r: any) => r.id === first)).toMatchObject({ status: -1, marks_obtained: null });
  });

  it('refuses an exam before its start time, and one with no questions', async () => {
    const later = new Date(Date.now() + 3 * 3_600_000);
    later.setUTCMinutes(0, 0, 0);
    const { id } = await readyExam({ exam: { start_time: later.toISOString() } });
    expect([(await start(id)).status, (await start(id)).body.error]).toEqual([409, 'This exam has not started yet']);
    const empty = await readyExam({ questions: [] });
    expect((await start(empty.id)).body.error).toBe('This exam has no questions yet');
  });

  it('refuses a submission after the deadline, closing the attempt with the answers saved', async () => {
    const { id, assign, qids } = await readyExam({ questions: [question(), question({ correct_marks: 2 })], max_attempts: 2 });
    const attempt = (await start(id)).body.data.attempt_id;
    const saved = await call(`POST /exam/attempts/${assign}/${childA}/`, { questions: [{ id: qids[0]!, answer: 1 }] }, parentA);
    expect(saved.status).toBe(200);
    // The exam lasts 600 s; it started 700 s ago (past the deadline and the grace).
    await agoBy(attempt, 700_000);
    const late = await submit(assign, [{ id: qids[0]!, answer: 1 }, { id: qids[1]!, answer: 1 }]);
    expect([late.status, late.body.error]).toEqual([409, 'Time is up: this attempt closed at its deadline and was marked with the answers saved']);
    const [row] = (await attempts(assign)).body.data;
    expect(row).toMatchObject({ id: attempt, status: 1, marks_obtained: 1.5, results: { correct: 1, incorrect: 0, no_answer: 1 }, duration: 600 });
    // Within the grace a submission still counts.
    const next = (await start(id)).body.data.attempt_id;
    await agoBy(next, 610_000);
    expect((await submit(assign, [{ id: qids[1]!, answer: 1 }])).body.data.marks_obtained).toBe(2);
  });

  it('the exams job closes and marks an attempt left open at its deadline, with what was saved', async () => {
    const { id, assign, qids } = await readyExam({ questions: [question(), question({ correct_marks: 3 })] });
    const attempt = (await start(id)).body.data.attempt_id;
    await call(`POST /exam/attempts/${assign}/${childA}/`, { questions: [{ id: qids[1]!, answer: 1 }, { id: qids[0]!, answer: 2 }] }, parentA);
    await agoBy(attempt, 700_000);
    const job = examsContributions.jobs!.find((j) => j.name === 'exam-attempts')!;
    const runner = await startJobs({ jobs: [{ ...job, everyMs: 100, firstAfterMs: 0 }], env: { db: t.database.db, config: t.config }, log: () => {} });
    try {
      await vi.waitFor(async () => {
        const row = await schoolDb(t, s).selectFrom('exam_attempt').select(['status', 'marks_obtained', 'results', 'duration']).where('id', '=', attempt).executeTakeFirstOrThrow();
        expect(row).toMatchObject({ status: 1, marks_obtained: 2.75, results: { correct: 1, incorrect: 1, no_answer: 0 }, duration: 600 });
      }, { timeout: 10_000, interval: 100 });
    } finally {
      await runner.stop();
    }
    const runs = await t.database.db.selectFrom('platform.job_run').select(['ok']).where('name', '=', 'exam-attempts').execute();
    expect(runs.some((r) => r.ok)).toBe(true);
  });

  it("reaches only the family's own children: another family's exams and attempts answer 404", async () => {
    const { id, assign, qids } = await readyExam();
    await start(id);
    for (const [c, body] of [
      [`GET /exam/list/${childA}/`, undefined],
      [`GET /exam/questions/${id}/${childA}/`, undefined],
      [`GET /exam/attempts/${assign}/${childA}/`, undefined],
      [`PATCH /exam/attempts/${assign}/${childA}/`, undefined],
      [`POST /exam/attempts/${assign}/${childA}/`, { questions: [{ id: qids[0]!, answer: 1 }] }],
      ['POST /exam/solutions/', { exam_assign_id: assign, student_id: childA, questions: [{ id: qids[0]!, answer: 1 }] }],
    ] as const) {
      expect((await call(c, body, parentB)).status, c).toBe(404);
    }
    // B's own child is not in the class the exam is assigned to.
    expect((await start(id, childB, parentB)).status).toBe(404);
    expect((await attempts(assign, parentB, childB)).status).toBe(404);
    // A's attempt is still under way and untouched.
    expect((await attempts(assign)).body.data[0]).toMatchObject({ status: 0 });
  });

  it('is for families only: staff cannot start, submit or forfeit', async () => {
    const { id, assign } = await readyExam();
    for (const token of [teacher, s.tokens['3']!, s.tokens['4']!, s.tokens['7']!]) {
      expect((await call(`GET /exam/list/${childA}/`, undefined, token)).status).toBe(403);
      expect((await call(`GET /exam/questions/${id}/${childA}/`, undefined, token)).status).toBe(403);
      expect((await call('POST /exam/solutions/', { exam_assign_id: assign, student_id: childA, questions: [] }, token)).status).toBe(403);
      expect((await call(`GET /exam/attempts/${assign}/${childA}/`, undefined, token)).status).toBe(403);
      expect((await call(`PATCH /exam/attempts/${assign}/${childA}/`, undefined, token)).status).toBe(403);
    }
  });
});

describe("the parent's dashboard", () => {
  const dashboard = (student = childA, token = parentA) => call(`GET /students/dashboard/${student}/?view=today`, undefined, token);

  it("shows the chosen child's exams still to take and their completed attempts with marks; another family's child is refused", async () => {
    const tomorrow = new Date(Date.now() + 86_400_000);
    tomorrow.setUTCMinutes(0, 0, 0);
    const future = await readyExam({ exam: { name: 'Dashboard Future', start_time: tomorrow.toISOString() } });
    const done = await readyExam({ exam: { name: 'Dashboard Done' }, questions: [question(), question({ correct_marks: 2 })] });
    await start(done.id);
    expect((await submit(done.assign, [{ id: done.qids[0]!, answer: 1 }, { id: done.qids[1]!, answer: 0 }])).body.data.marks_obtained).toBe(1.25);
    const twice = await readyExam({ exam: { name: 'Dashboard Twice' }, max_attempts: 2 });
    const under = (await start(twice.id)).body.data.attempt_id;
    const gaveUp = await readyExam({ exam: { name: 'Dashboard Gave Up' } });
    await start(gaveUp.id);
    expect((await call(`PATCH /exam/attempts/${gaveUp.assign}/${childA}/`, undefined, parentA)).status).toBe(200);

    const res = await dashboard();
    expect(res.status).toBe(200);
    const { upcoming, finished } = res.body.data.exams;
    const up = (name: string) => upcoming.find((e: any) => e.name === name);
    expect(up('Dashboard Future')).toMatchObject({ id: future.id, exam_assign_id: future.assign, open: false, attempt_id: null, attempts_left: 1, start_time: tomorrow.toISOString(), max_duration: 600 });
    expect(up('Dashboard Twice')).toMatchObject({ id: twice.id, open: true, attempt_id: under, attempts_left: 1 });
    // Its only attempt is spent: no longer upcoming, but finished with its marks (1.5 - 0.25 of 3.5).
    expect(up('Dashboard Done')).toBeUndefined();
    expect(finished[0]).toMatchObject({ id: done.id, name: 'Dashboard Done', marks_obtained: 1.25, total_marks: 3.5, results: { correct: 1, incorrect: 1, no_answer: 0 } });
    expect(finished[0].finished_at).toEqual(expect.any(String));
    // A forfeited attempt is neither still to take nor finished with marks.
    expect(up('Dashboard Gave Up')).toBeUndefined();
    expect(finished.find((e: any) => e.name === 'Dashboard Gave Up')).toBeUndefined();

    // The other family reaches only its own child, in a class given none of these exams.
    expect((await dashboard(childA, parentB)).status).toBe(404);
    const theirs = (await dashboard(childB, parentB)).body.data.exams;
    expect([...theirs.upcoming, ...theirs.finished].filter((e: any) => e.name.startsWith('Dashboard'))).toEqual([]);
    expect(theirs.finished).toEqual([]);
  });
});
