/**
 * Online tests (spec 4 §2.3, §3, §4, §5, §7): the question bank with the spec's rules and
 * messages, tests and their questions, assignments to classes, students taking a test on the
 * server's clock (start, resume on another device, one answer at a time, submit), late saves
 * refused, an attempt left open closed at its deadline by the module's job, answers never sent
 * before submission, a photo uploaded and saved as a media answer then marked, exact marking (negative marks, no-answer marks, type 1 all-or-nothing), the
 * evaluator's marks, the item analysis, results sent to the marks register, the parent's dashboard,
 * and every role and family kept to what they may reach.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, PASSWORD, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { admitStudent } from '../support/admit.js';
import { createRecord } from '../support/samples.js';
import { uploadAs } from '../support/upload.js';
import contributions from '../../src/server/modules/online_tests/contributes.js';
import { seedDemoOnlineTests } from '../../src/server/modules/online_tests/demo-seed.js';
import { SERVER_USER } from '../../src/server/framework/context.js';
import { createIntegrations } from '../../src/server/integrations/index.js';

let t: TestApp;
let s: TestSchool;
let admin: string;
let teacher: string;
let teacher2: string;
let teacherId: number;
let parentA: string;
let parentB: string;
let classA: number;
let classB: number;
let scienceA: number;
let scienceB: number;
let childA: number;
let childB: number;
let childB2: number;
let year: number;

const call = (c: string, body?: unknown, token = teacher) => t.call(s.code, c, body, token);
const db = () => schoolDb(t, s);

async function familyIn(classId: number, name: string): Promise<{ token: string; child: number; userId: number }> {
  const email = `${name.toLowerCase()}@${s.code.toLowerCase()}.test`;
  const { user_id } = (await call('PUT /user/', { name, email, password: PASSWORD, role: 1 }, admin)).body.data;
  const child = await admitStudent(t, s, admin, { ac_year_id: year, class_id: classId, fullname: `${name} Junior`, roll_no: 1 }, 'OT');
  expect((await call('POST /user/link/student/', { student_id: child.id, user_id }, admin)).body.success).toBe(true);
  return { token: (await call('POST /login/', { email, password: PASSWORD }, '')).body.data.token, child: child.id, userId: user_id };
}

const question = (over: Record<string, unknown> = {}) => ({
  class_id: classA, subject_id: scienceA, topic: 'Plants', type: 0, question: 'Which part makes food?', correct_marks: 1,
  options: [{ text: 'Root', is_correct: false }, { text: 'Leaf', is_correct: true, explanation: 'Photosynthesis' }, { text: 'Stem', is_correct: false }],
  ...over,
});
const addQuestion = async (over: Record<string, unknown> = {}) => {
  const res = await call('PUT /ot/questions/', question(over));
  expect(res.body.error ?? null).toBeNull();
  return res.body.data as { id: number; options: Array<{ id: number; is_correct: boolean; text: string }> };
};
const optionId = (q: { options: Array<{ id: number; text: string }> }, text: string) => q.options.find((o) => o.text === text)!.id;

/** A start time on the 10-minute steps, `minutes` from now (rounded down to a step). */
const stepFrom = (minutes: number) => {
  const d = new Date(Date.now() + minutes * 60_000);
  d.setUTCSeconds(0, 0);
  d.setUTCMinutes(d.getUTCMinutes() - (d.getUTCMinutes() % 10));
  return d.toISOString();
};

const attemptsPath = (student: number, test: number) => `/ot/student/${student}/test/${test}/attempts/`;
const answerPath = (student: number, test: number, attempt: number) => `/ot/student/${student}/test/${test}/attempt/${attempt}/answer/`;
/** Moves an attempt's clock back, as if `minutes` had passed since it started. */
const age = (attemptId: number, minutes: number) => db().updateTable('ot_attempt').set({
  start_time: sql<string>`start_time - ${`${minutes * 60} seconds`}::interval`,
  deadline: sql<string>`deadline - ${`${minutes * 60} seconds`}::interval`,
}).where('id', '=', attemptId).execute();

let q1: Awaited<ReturnType<typeof addQuestion>>; // type 0, 0.1 marks, wrong -0.25
let q2: Awaited<ReturnType<typeof addQuestion>>; // type 0, 0.2 marks
let q3: Awaited<ReturnType<typeof addQuestion>>; // type 1, 2 marks, wrong -0.5
let q4: Awaited<ReturnType<typeof addQuestion>>; // type 1, 2 marks, wrong -0.5
let q5: Awaited<ReturnType<typeof addQuestion>>; // subjective, 3 marks
let q6: Awaited<ReturnType<typeof addQuestion>>; // type 0, no answer -0.5
let testId: number;
let assignId: number;

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  admin = s.tokens['4']!;
  teacher = s.tokens['2']!;
  year = (await createRecord(t, s, 'acyears', { name: '2026-27' })).id;
  await db().updateTable('ac_year').set({ status: 1 }).where('id', '=', year).execute();
  const me = await createRecord(t, s, 'teachers', {});
  teacherId = me.id;
  await db().updateTable('teacher').set({ user_id: s.users['2'] }).where('id', '=', me.id).execute();
  classA = (await createRecord(t, s, 'classes', { class: '5', section: 'A', class_teacher_id: me.id })).id;
  classB = (await createRecord(t, s, 'classes', { class: '5', section: 'B', class_teacher_id: null })).id;
  scienceA = (await createRecord(t, s, 'subjects', { class_id: classA, name: 'Science', code: 'SC5A', subject_teacher_id: null })).id;
  scienceB = (await createRecord(t, s, 'subjects', { class_id: classB, name: 'Science', code: 'SC5B', subject_teacher_id: null })).id;
  ({ token: parentA, child: childA } = await familyIn(classA, 'Ramesh'));
  let userB: number;
  ({ token: parentB, child: childB, userId: userB } = await familyIn(classA, 'Suresh'));
  childB2 = (await admitStudent(t, s, admin, { ac_year_id: year, class_id: classA, fullname: 'Suresh Second', roll_no: 2 }, 'OT')).id;
  await call('POST /user/link/student/', { student_id: childB2, user_id: userB }, admin);
  await call('PUT /teachers/', { fullname: 'Other Teacher', email: 'other@ot.test', mobile: '9876500011', password: PASSWORD }, admin);
  teacher2 = (await call('POST /login/', { email: 'other@ot.test', password: PASSWORD }, '')).body.data.token;
});
afterAll(() => t?.close());

describe('tests', () => {
  it("an admin makes a test: 'New Test Created'; the name is required in the spec's words; staff list it", async () => {
    const res = await call('PUT /ot/tests/', { name: 'Plants Quiz', category: 'Class Test' }, admin);
    expect([res.status, res.body.message]).toEqual([200, 'New Test Created']);
    testId = res.body.data.id;
    expect((await call('PUT /ot/tests/', { category: 'x' }, admin)).body.error).toBe('Test name is requried!');
    expect((await call('PUT /ot/tests/', { name: '   ' }, admin)).body.error).toBe('Test name is requried!');
    const list = (await call('GET /ot/tests/')).body.data;
    expect(list.find((x: any) => x.id === testId)).toMatchObject({ name: 'Plants Quiz', category: 'Class Test', questions: 0 });
  });

  it('refuses a teacher making a test (roles 3 and 4, spec 4 §6), and every family, driver and librarian', async () => {
    expect((await call('PUT /ot/tests/', { name: 'Mine' }, teacher)).status).toBe(403);
    for (const token of [parentA, s.tokens['5']!, s.tokens['7']!]) {
      expect((await call('GET /ot/tests/', undefined, token)).status).toBe(403);
      expect((await call('PUT /ot/questions/', question(), token)).status).toBe(403);
      expect((await call(`GET /ot/test/${testId}/questions/`, undefined, token)).status).toBe(403);
    }
  });
});

describe('the question bank', () => {
  it("says the spec's messages for what is missing", async () => {
    for (const [field, message] of [['class_id', 'Class is required!'], ['subject_id', 'Subject is required!'], ['type', 'Question Type is required!'], ['question', 'Question is required!'], ['correct_marks', 'Correct marks are required!']] as const) {
      const body: Record<string, unknown> = question();
      delete body[field];
      const res = await call('PUT /ot/questions/', body);
      expect([res.status, res.body.error], field).toEqual([400, message]);
    }
    expect((await call('PUT /ot/questions/', question({ question: '  ' }))).body.error).toBe('Question is required!');
    expect((await call('PUT /ot/questions/', question({ options: [{ text: 'A', is_correct: true }, { is_correct: false }] }))).body.error).toBe('Option text is required!');
    expect((await call('PUT /ot/questions/', question({ options: [{ text: 'A', is_correct: true }, { text: 'B' }] }))).body.error).toBe('Say whether the option is correct!');
    expect((await call('PUT /ot/questions/', question({ incorrect_marks: null }))).body.error).toBe('Incorrect marks are required!');
    expect((await call('PUT /ot/questions/', question({ no_answer_marks: null }))).body.error).toBe('No answer marks are required!');
  });

  it('keeps the MCQ rules: one correct for type 0, at least one correct, options only for types 0 and 1', async () => {
    const two = [{ text: 'A', is_correct: true }, { text: 'B', is_correct: true }];
    expect((await call('PUT /ot/questions/', question({ options: two }))).body.error).toBe('Only one option can be correct, for multiple correct answers change question type.');
    const none = [{ text: 'A', is_correct: false }, { text: 'B', is_correct: false }];
    expect((await call('PUT /ot/questions/', question({ options: none }))).body.error).toBe('At least one option must be correct!');
    expect((await call('PUT /ot/questions/', question({ type: 1, options: none }))).body.error).toBe('At least one option must be correct!');
    expect((await call('PUT /ot/questions/', question({ type: 2, options: two }))).body.error).toBe("This doesn't support multiple options");
    expect((await call('PUT /ot/questions/', question({ type: 3, options: two }))).body.error).toBe("This doesn't support multiple options");
    expect((await call('PUT /ot/questions/', question({ incorrect_marks: 1 }))).body.error).toBe('Incorrect marks are 0 or a negative mark such as -1');
    expect((await call('PUT /ot/questions/', question({ subject_id: scienceB }))).body.error).toBe('The subject is not a subject of this class');
  });

  it("adds questions: 'New Question Added', incorrect and no-answer marks 0 unless given; staff read them whole", async () => {
    const res = await call('PUT /ot/questions/', question({ question: 'Default marks' }));
    expect([res.status, res.body.message]).toEqual([200, 'New Question Added']);
    expect(res.body.data).toMatchObject({ incorrect_marks: 0, no_answer_marks: 0, teacher_id: teacherId });
    q1 = await addQuestion({ correct_marks: 0.1, incorrect_marks: -0.25 });
    q2 = await addQuestion({ question: 'Gas plants take in?', correct_marks: 0.2, options: [{ text: 'O2', is_correct: false }, { text: 'CO2', is_correct: true }] });
    const flower = [{ text: 'Petal', is_correct: true }, { text: 'Sepal', is_correct: true }, { text: 'Root hair', is_correct: false }];
    q3 = await addQuestion({ type: 1, question: 'Parts of a flower (1)?', correct_marks: 2, incorrect_marks: -0.5, options: flower });
    q4 = await addQuestion({ type: 1, question: 'Parts of a flower (2)?', correct_marks: 2, incorrect_marks: -0.5, options: flower });
    q5 = await addQuestion({ type: 2, question: 'How are seeds dispersed?', correct_marks: 3, options: undefined, topic: 'Seeds' });
    q6 = await addQuestion({ question: 'Water to vapour is?', no_answer_marks: -0.5, options: [{ text: 'Evaporation', is_correct: true }, { text: 'Freezing', is_correct: false }] });
    const one = await call(`GET /ot/question/${q1.id}/`);
    expect(one.body.data.options.find((o: any) => o.text === 'Leaf')).toMatchObject({ is_correct: true, explanation: 'Photosynthesis' });
    expect((await call('GET /ot/question/999999/')).body.error).toBe('Invalid Link');
    const bank = (await call(`GET /ot/questions/${classA}/${scienceA}/`)).body.data;
    expect(bank.map((q: any) => q.id)).toEqual(expect.arrayContaining([q1.id, q5.id]));
    const seeds = (await call(`GET /ot/questions/${classA}/${scienceA}/Seeds/`)).body.data;
    expect(seeds.map((q: any) => q.id)).toEqual([q5.id]);
    expect((await call('GET /ot/question/topics/')).body.data).toEqual(['Plants', 'Seeds']);
    expect((await call(`GET /ot/question/topics/${scienceA}/`)).body.data).toEqual(['Plants', 'Seeds']);
    expect((await call(`GET /ot/question/topics/${scienceB}/`)).body.data).toEqual([]);
  });

  it("puts questions in a test: 'Questions added to test', again without doubling them", async () => {
    const ids = [q1.id, q2.id, q3.id, q4.id, q5.id, q6.id];
    const res = await call(`POST /ot/test/${testId}/questions/`, { questions: ids.slice(0, 4) });
    expect([res.status, res.body.message, res.body.data.added]).toEqual([200, 'Questions added to test', 4]);
    const again = await call(`POST /ot/test/${testId}/questions/`, { questions: ids });
    expect(again.body.data).toMatchObject({ added: 2, questions: 6, total_marks: 8.3 });
    expect((await call(`GET /ot/test/${testId}/questions/`)).body.data.map((q: any) => q.id)).toEqual(ids);
    expect((await call(`POST /ot/test/${testId}/questions/`, { questions: [] })).body.error).toBe('Select at least one question');
    expect((await call(`POST /ot/test/${testId}/questions/`, { questions: [999999] })).status).toBe(404);
  });
});

describe('assigning a test', () => {
  it("says 'Class is required!' and 'Duration is required!', and keeps a teacher to their classes", async () => {
    expect((await call(`PUT /ot/test/${testId}/assign/`, { duration: 20 })).body.error).toBe('Class is required!');
    expect((await call(`PUT /ot/test/${testId}/assign/`, { class_id: classA })).body.error).toBe('Duration is required!');
    const other = await call(`PUT /ot/test/${testId}/assign/`, { class_id: classA, duration: 20 }, teacher2);
    expect([other.status, other.body.error]).toEqual([403, 'You can assign tests only to the classes you teach']);
    expect((await call(`PUT /ot/test/${testId}/assign/`, { class_id: classA, duration: 20, start_time: '2026-07-01T09:05:00+05:30' })).body.error).toBe('Start time must be on a 10-minute step');
    expect((await call(`PUT /ot/test/${testId}/assign/`, { class_id: classA, duration: 20, pass_marks: 9 })).body.error).toBe("Pass marks cannot be more than the test's total marks (8.3)");
    expect((await call(`PUT /ot/test/${testId}/assign/`, { class_id: classA, duration: 20, start_time: stepFrom(0), evaluator: 999999 })).status).toBe(404);
  });

  it("assigns the class: 'Test Assigned'; a student cannot start before the start time", async () => {
    const res = await call(`PUT /ot/test/${testId}/assign/`, { class_id: classA, subject_id: scienceA, duration: 20, pass_marks: 4, start_time: stepFrom(120), evaluator: teacherId });
    expect([res.status, res.body.message]).toEqual([200, 'Test Assigned']);
    assignId = res.body.data.id;
    const list = (await call(`GET /ot/test/${testId}/assign/`)).body.data;
    expect(list).toEqual([expect.objectContaining({ id: assignId, class: '5', section: 'A', subject: 'Science', duration: 20, pass_marks: 4, attempts: 0 })]);
    expect((await call(`GET /ot/test/${testId}/assign/`, undefined, teacher2)).body.data).toEqual([]);
    const tests = (await call(`GET /ot/student/${childA}/tests/`, undefined, parentA)).body.data;
    expect(tests).toEqual([expect.objectContaining({ id: testId, assign_id: assignId, name: 'Plants Quiz', duration: 20, total_marks: 8.3, can_start: false })]);
    const early = await call(`PUT ${attemptsPath(childA, testId)}`, undefined, parentA);
    expect(early.status).toBe(403);
    expect(early.body.error).toMatch(/^This test starts at /);
    // Changed while nobody has started: from now.
    expect((await call(`PUT /ot/test/${testId}/assign/`, { class_id: classA, subject_id: scienceA, duration: 20, pass_marks: 4, start_time: stepFrom(-10), evaluator: teacherId })).body.data.id).toBe(assignId);
  });
});

let attemptA: number;
let firstLeft: number;

describe('taking a test', () => {
  it("starts: 'Test started', the questions with no answer, explanation or correct option, and the server's time left", async () => {
    const res = await call(`PUT ${attemptsPath(childA, testId)}`, undefined, parentA);
    expect([res.status, res.body.message]).toEqual([200, 'Test started']);
    attemptA = res.body.data.attempt_id;
    firstLeft = res.body.data.seconds_left;
    expect(firstLeft).toBeGreaterThan(20 * 60 - 5);
    expect(firstLeft).toBeLessThanOrEqual(20 * 60);
    expect(res.body.data.questions.map((q: any) => q.id)).toEqual([q1.id, q2.id, q3.id, q4.id, q5.id, q6.id]);
    const text = JSON.stringify(res.body.data.questions);
    expect(text).not.toMatch(/is_correct|explanation|Photosynthesis/);
    expect(res.body.data.questions[0].options[0]).toEqual({ id: expect.any(Number), text: 'Root', files: [] });
    // Neither the attempts nor the tests list leak them.
    expect(JSON.stringify((await call(`GET ${attemptsPath(childA, testId)}`, undefined, parentA)).body.data)).not.toMatch(/is_correct|explanation/);
  });

  it('another family reaches none of it: not the child, not the attempt, not through their own child', async () => {
    expect((await call(`GET ${attemptsPath(childA, testId)}`, undefined, parentB)).status).toBe(404);
    expect((await call(`PUT ${attemptsPath(childA, testId)}`, undefined, parentB)).status).toBe(404);
    expect((await call(`GET /ot/student/${childA}/tests/`, undefined, parentB)).status).toBe(404);
    expect((await call(`PUT ${answerPath(childA, testId, attemptA)}`, { question_id: q1.id, option: optionId(q1, 'Leaf') }, parentB)).status).toBe(404);
    // Their own child in the path, the other family's attempt in it: still missing.
    expect((await call(`PUT ${answerPath(childB, testId, attemptA)}`, { question_id: q1.id, option: optionId(q1, 'Leaf') }, parentB)).status).toBe(404);
    expect((await call(`POST ${attemptsPath(childB, testId)}`, { answers: [], attempt_id: attemptA }, parentB)).status).toBe(404);
    // Staff do not take tests; families do not read the teacher's views.
    expect((await call(`PUT ${attemptsPath(childA, testId)}`, undefined, teacher)).status).toBe(403);
    expect((await call(`GET /ot/${assignId}/attempts/`, undefined, parentA)).status).toBe(403);
    expect((await call(`GET /ot/${testId}/attempt/${attemptA}/`, undefined, parentA)).status).toBe(403);
  });

  it('saves one answer as it changes, the same row each time, with the seconds left', async () => {
    const path = answerPath(childA, testId, attemptA);
    const first = await call(`PUT ${path}`, { question_id: q1.id, state: 2, option: optionId(q1, 'Root') }, parentA);
    expect([first.status, first.body.message]).toEqual([200, 'Answer saved']);
    const second = await call(`PUT ${path}`, { question_id: q1.id, state: 2, option: optionId(q1, 'Leaf') }, parentA);
    const third = await call(`PUT ${path}`, { question_id: q1.id, state: 2, option: optionId(q1, 'Leaf') }, parentA);
    expect(second.body.data.answer.id).toBe(first.body.data.answer.id);
    expect(third.body.data.answer).toMatchObject({ id: first.body.data.answer.id, question_id: q1.id, option: optionId(q1, 'Leaf'), state: 2, answered: true });
    expect(third.body.data.seconds_left).toBeLessThanOrEqual(firstLeft);
    expect((await call(`PUT ${path}`, { question_id: q3.id, option: [optionId(q3, 'Petal'), optionId(q3, 'Sepal')] }, parentA)).body.data.answer.option).toEqual([optionId(q3, 'Petal'), optionId(q3, 'Sepal')]);
    expect((await call(`PUT ${path}`, { question_id: q5.id, state: 5, answer: 'By wind and by animals' }, parentA)).body.data.answer).toMatchObject({ state: 5, answer: 'By wind and by animals' });
  });

  it("refuses answers that are not this question's", async () => {
    const path = answerPath(childA, testId, attemptA);
    expect((await call(`PUT ${path}`, { question_id: q1.id, option: optionId(q2, 'CO2') }, parentA)).body.error).toBe('An option chosen is not an option of this question');
    expect((await call(`PUT ${path}`, { question_id: q1.id, option: [optionId(q1, 'Leaf'), optionId(q1, 'Root')] }, parentA)).body.error).toBe('Only one option can be chosen for this question');
    expect((await call(`PUT ${path}`, { question_id: q5.id, option: optionId(q1, 'Leaf') }, parentA)).body.error).toBe('This question takes no options');
    expect((await call(`PUT ${path}`, { question_id: q1.id, answer: 'Leaf' }, parentA)).body.error).toBe('This question takes no written answer or files');
    expect((await call(`PUT ${path}`, { question_id: 999999 }, parentA)).body.error).toBe('This question is not part of this test');
    expect((await call(`PUT ${path}`, { question_id: q5.id, files: [{ path: '/files/nope/x.png' }] }, parentA)).body.error).toBe('A file was not uploaded here: upload it again');
  });

  it("resumes on a second device: 'Test resumed', the same attempt, its saved answers and the server's time left", async () => {
    await age(attemptA, 2);
    const res = await call(`PUT ${attemptsPath(childA, testId)}`, undefined, parentA);
    expect([res.status, res.body.message, res.body.data.attempt_id]).toEqual([200, 'Test resumed', attemptA]);
    expect(res.body.data.seconds_left).toBeLessThanOrEqual(18 * 60);
    expect(res.body.data.seconds_left).toBeGreaterThan(18 * 60 - 10);
    const saved = Object.fromEntries(res.body.data.answers.map((a: any) => [a.question_id, a]));
    expect(saved[q1.id]).toMatchObject({ option: optionId(q1, 'Leaf'), answered: true });
    expect(saved[q5.id]).toMatchObject({ answer: 'By wind and by animals', state: 5 });
    expect(JSON.stringify(res.body.data)).not.toMatch(/is_correct|explanation|marks_awarded/);
    const rows = await db().selectFrom('ot_attempt').select('id').where('student_id', '=', childA).execute();
    expect(rows).toHaveLength(1);
  });

  it('the teacher sees the attempt ongoing and cannot mark it yet', async () => {
    const list = (await call(`GET /ot/${assignId}/attempts/`)).body.data;
    expect(list).toEqual([expect.objectContaining({ id: attemptA, student_id: childA, name: 'Ramesh Junior', status: 1, marks_obtained: null })]);
    const res = await call(`PATCH /ot/${testId}/attempt/${attemptA}/`, { data: [{ id: 1, type: 2, marks: 1 }] });
    expect([res.status, res.body.error]).toEqual([409, 'The student is still taking this test']);
  });

  it("submits: 'Test Submitted', marked exactly (0.1 + 0.2, negative marks, type 1 all or nothing, no-answer marks)", async () => {
    const res = await call(`POST ${attemptsPath(childA, testId)}`, {
      attempt_id: attemptA, student_id: childA, duration: 300,
      answers: [
        { question_id: q2.id, state: 2, option: optionId(q2, 'CO2'), type: 0, answered: true },
        // Named by its index in the question list, as the screen keeps it: every correct option and a wrong one.
        { index: 3, state: 2, option: [optionId(q4, 'Petal'), optionId(q4, 'Sepal'), optionId(q4, 'Root hair')] },
      ],
    }, parentA);
    expect([res.status, res.body.message]).toEqual([200, 'Test Submitted']);
    // q1 0.1 + q2 0.2 + q3 2 - q4 0.5 (wrong option chosen) + q5 awaiting - q6 0.5 (no answer) = 1.3
    expect(res.body.data).toMatchObject({ status: 2, marks_obtained: 1.3, total_marks: 8.3, pending: 1, passed: false });
    const stored = await db().selectFrom('ot_answer').select(['question_id', 'marks_awarded']).where('attempt_id', '=', attemptA).execute();
    expect(Object.fromEntries(stored.map((r) => [r.question_id, r.marks_awarded]))).toEqual({ [q1.id]: 0.1, [q2.id]: 0.2, [q3.id]: 2, [q4.id]: -0.5, [q5.id]: null, [q6.id]: -0.5 });
    const again = await call(`POST ${attemptsPath(childA, testId)}`, { attempt_id: attemptA, answers: [] }, parentA);
    expect([again.status, again.body.error]).toEqual([409, 'This test is already submitted']);
    const start = await call(`PUT ${attemptsPath(childA, testId)}`, undefined, parentA);
    expect([start.status, start.body.error]).toEqual([409, 'You have already taken this test']);
    expect((await call(`PUT ${answerPath(childA, testId, attemptA)}`, { question_id: q6.id, option: optionId(q6, 'Evaporation') }, parentA)).body.error).toBe('This test is already submitted');
    const mine = (await call(`GET ${attemptsPath(childA, testId)}`, undefined, parentA)).body.data;
    expect(mine).toMatchObject({ can_start: false, attempts: [{ attempt_id: attemptA, status: 2, submitted: true, marks_obtained: 1.3 }] });
  });
});

describe('marking', () => {
  it("only a teacher saves marks: 'You must be a teacher to save test marks'", async () => {
    const view = (await call(`GET /ot/${testId}/attempt/${attemptA}/`, undefined, admin)).body.data;
    const subjective = view.questions.find((q: any) => q.id === q5.id);
    expect(subjective).toMatchObject({ editable: true, min: 0, max: 3, answer: [{ ot_answer: 'By wind and by animals', marks_awarded: null }] });
    const res = await call(`PATCH /ot/${testId}/attempt/${attemptA}/`, { data: [{ id: subjective.answer[0].id, type: 2, marks: 2 }] }, admin);
    expect([res.status, res.body.error]).toEqual([403, 'You must be a teacher to save test marks']);
    expect((await call(`PATCH /ot/${testId}/attempt/${attemptA}/`, { data: [{ id: subjective.answer[0].id, type: 2, marks: 2 }], teacher_id: teacherId + 1000 })).body.error).toBe('You must be a teacher to save test marks');
    // A teacher of other classes does not reach the attempt.
    expect((await call(`PATCH /ot/${testId}/attempt/${attemptA}/`, { data: [{ id: subjective.answer[0].id, type: 2, marks: 2 }] }, teacher2)).status).toBe(404);
    expect((await call(`GET /ot/${testId}/attempt/${attemptA}/`, undefined, teacher2)).status).toBe(404);
  });

  it("takes subjective marks within the question's range, never an MCQ's: 'Marks Updated' and the new total", async () => {
    const view = (await call(`GET /ot/${testId}/attempt/${attemptA}/`)).body.data;
    const answerOf = (qid: number) => view.questions.find((q: any) => q.id === qid).answer[0].id;
    expect((await call(`PATCH /ot/${testId}/attempt/${attemptA}/`, { data: [{ id: answerOf(q1.id), type: 2, marks: 5 }] })).body.error)
      .toBe('Marks of multiple-choice answers are worked out by the server and cannot be changed');
    expect((await call(`PATCH /ot/${testId}/attempt/${attemptA}/`, { data: [{ id: answerOf(q5.id), type: 2, marks: 3.5 }] })).body.error).toBe('Marks must be between 0 and 3');
    expect((await call(`PATCH /ot/${testId}/attempt/${attemptA}/`, { data: [{ id: answerOf(q5.id), type: 2, marks: 1.005 }] })).body.error).toBe('Marks are exact to two decimals');
    const res = await call(`PATCH /ot/${testId}/attempt/${attemptA}/`, { data: [{ id: answerOf(q5.id), type: 2, marks: 2.7 }], teacher_id: teacherId });
    expect([res.status, res.body.message]).toEqual([200, 'Marks Updated']);
    expect(res.body.data).toMatchObject({ marks_obtained: 4, pending: 0 });
    const list = (await call(`GET /ot/${assignId}/attempts/`)).body.data;
    expect(list[0]).toMatchObject({ status: 2, marks_obtained: 4, pending: 0, passed: true });
  });
});

describe("the server's clock", () => {
  let attemptB: number;
  it('refuses a save and a submission after the deadline, and closes the attempt with what was saved', async () => {
    const start = await call(`PUT ${attemptsPath(childB, testId)}`, undefined, parentB);
    attemptB = start.body.data.attempt_id;
    await call(`PUT ${answerPath(childB, testId, attemptB)}`, { question_id: q1.id, option: optionId(q1, 'Leaf') }, parentB);
    // 20 minutes and 25 seconds later: inside the grace a slow answer still lands.
    await age(attemptB, 20.4);
    expect((await call(`PUT ${answerPath(childB, testId, attemptB)}`, { question_id: q2.id, option: optionId(q2, 'CO2') }, parentB)).status).toBe(200);
    await age(attemptB, 0.2);
    const late = await call(`PUT ${answerPath(childB, testId, attemptB)}`, { question_id: q6.id, option: optionId(q6, 'Evaporation') }, parentB);
    expect([late.status, late.body.error]).toEqual([409, 'Time is up for this test: answers can no longer be saved']);
    const submit = await call(`POST ${attemptsPath(childB, testId)}`, { attempt_id: attemptB, answers: [{ question_id: q6.id, option: optionId(q6, 'Evaporation') }] }, parentB);
    expect([submit.status, submit.body.error]).toEqual([409, 'Time is up for this test: it was closed at its deadline with the answers saved before it']);
    const row = await db().selectFrom('ot_attempt').selectAll().where('id', '=', attemptB).executeTakeFirstOrThrow();
    // 0.1 + 0.2 saved in time; q3, q4 unanswered (0), q5 unanswered (0), q6 unanswered (-0.5)
    expect([row.status, row.marks_obtained]).toEqual([-1, -0.2]);
    expect((await call(`PUT ${attemptsPath(childB, testId)}`, undefined, parentB)).body.error).toBe('You have already taken this test');
  });

  it("the module's job closes an attempt left open at its deadline, with its saved answers, even if the student never returns", async () => {
    const start = await call(`PUT ${attemptsPath(childB2, testId)}`, undefined, parentB);
    const id = start.body.data.attempt_id;
    await call(`PUT ${answerPath(childB2, testId, id)}`, { question_id: q3.id, option: [optionId(q3, 'Petal'), optionId(q3, 'Sepal')] }, parentB);
    await call(`PUT ${answerPath(childB2, testId, id)}`, { question_id: q6.id, option: optionId(q6, 'Evaporation') }, parentB);
    const job = contributions.jobs!.find((j) => j.name === 'online-tests-close')!;
    // Not yet due: the job finds nothing to do.
    expect(await job.run({ db: t.database.db, config: t.config })).toBe('idle');
    expect((await db().selectFrom('ot_attempt').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(1);
    await age(id, 21);
    expect(await job.run({ db: t.database.db, config: t.config })).toBeUndefined();
    const row = await db().selectFrom('ot_attempt').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    // q3 2 + q6 1; q1 unanswered 0, q5 unanswered 0
    expect([row.status, row.marks_obtained, row.submitted_by]).toEqual([-1, 3, null]);
    expect(row.end_time).not.toBeNull();
    const answers = await db().selectFrom('ot_answer').select('question_id').where('attempt_id', '=', id).execute();
    expect(answers).toHaveLength(6);
    expect(await job.run({ db: t.database.db, config: t.config })).toBe('idle');
    // The task at the deadline does the same for one attempt, and does nothing twice.
    await contributions.tasks!['online_tests.close']!.run({ db: t.database.db, config: t.config }, { school: s.code, attempt_id: id });
    expect((await db().selectFrom('ot_attempt').select('marks_obtained').where('id', '=', id).executeTakeFirstOrThrow()).marks_obtained).toBe(3);
  });
});

describe('results', () => {
  it('the item analysis: per question the share right, wrong and unanswered; the marks distribution; the most missed', async () => {
    const res = await call(`GET /ot/${assignId}/analysis/`);
    expect(res.status).toBe(200);
    const a = res.body.data;
    expect(a).toMatchObject({ attempts: 3, total_marks: 8.3, pass_marks: 4, highest: 4, lowest: -0.2, passed: 1 });
    expect(a.average).toBe(2.27);
    const byId = Object.fromEntries(a.questions.map((q: any) => [q.question_id, q]));
    expect(byId[q1.id]).toMatchObject({ correct: 2, wrong: 0, unanswered: 1, share_correct: 66.67, share_unanswered: 33.33 });
    expect(byId[q4.id]).toMatchObject({ correct: 0, wrong: 1, unanswered: 2, share_wrong: 33.33 });
    expect(byId[q5.id]).toMatchObject({ correct: 0, wrong: 1, unanswered: 2, pending: 0 });
    expect(a.distribution.reduce((n: number, d: any) => n + d.count, 0)).toBe(3);
    expect(a.most_missed[0].question_id).toBe(q4.id);
    expect((await call(`GET /ot/${assignId}/analysis/`, undefined, teacher2)).status).toBe(404);
    expect((await call(`GET /ot/${assignId}/analysis/`, undefined, parentA)).status).toBe(403);
  });

  it("sends the results to the marks register as a test of the class: marks, absent for the rest, refused while answers await marks", async () => {
    // Another student who never took it.
    const absent = (await admitStudent(t, s, admin, { ac_year_id: year, class_id: classA, fullname: 'Never Came', roll_no: 9 }, 'OT')).id;
    const res = await call(`POST /ot/${assignId}/marks-register/`);
    expect([res.status, res.body.message]).toEqual([200, 'Marks sent to the marks register']);
    expect(res.body.data).toMatchObject({ saved: 3, absent: 1 });
    const rows = await db().selectFrom('marks').select(['student_id', 'marks_obtained', 'absent']).where('test_subject_id', '=', res.body.data.test_subject_id).execute();
    const by = Object.fromEntries(rows.map((r) => [r.student_id, r]));
    expect(by[childA]).toMatchObject({ marks_obtained: 4, absent: false });
    expect(by[childB2]).toMatchObject({ marks_obtained: 3 });
    // A negative total is entered as 0, the register's least.
    expect(by[childB]).toMatchObject({ marks_obtained: 0 });
    expect(by[absent]).toMatchObject({ absent: true, marks_obtained: null });
    const ts = await db().selectFrom('class_test').select(['test_id', 'max_marks', 'min_marks', 'class_id', 'subject_id']).where('id', '=', res.body.data.test_subject_id).executeTakeFirstOrThrow();
    expect(ts).toMatchObject({ max_marks: 8.3, min_marks: 4, class_id: classA, subject_id: scienceA });
    // Sent again: the same register test, brought up to date.
    const again = await call(`POST /ot/${assignId}/marks-register/`);
    expect(again.body.data.test_id).toBe(res.body.data.test_id);
    expect(await db().selectFrom('test').select('id').where('name', '=', 'Plants Quiz').execute()).toHaveLength(1);
    expect((await call(`POST /ot/${assignId}/marks-register/`, undefined, parentA)).status).toBe(403);
  });

  it('refuses to send results with answers awaiting marks, or none at all', async () => {
    const t2 = (await call('PUT /ot/tests/', { name: 'Essay' }, admin)).body.data.id;
    await call(`POST /ot/test/${t2}/questions/`, { questions: [q5.id] });
    const a2 = (await call(`PUT /ot/test/${t2}/assign/`, { class_id: classA, subject_id: scienceA, duration: 10 })).body.data.id;
    expect((await call(`POST /ot/${a2}/marks-register/`)).body.error).toBe('No student has taken this test yet');
    const started = (await call(`PUT ${attemptsPath(childA, t2)}`, undefined, parentA)).body.data.attempt_id;
    expect((await call(`POST /ot/${a2}/marks-register/`)).body.error).toBe('Some students are still taking this test');
    await call(`POST ${attemptsPath(childA, t2)}`, { attempt_id: started, answers: [{ question_id: q5.id, answer: 'An essay' }] }, parentA);
    expect((await call(`POST /ot/${a2}/marks-register/`)).body.error).toBe('Some answers are not marked yet');
    // A test is locked once a student has started it.
    expect((await call(`POST /ot/test/${t2}/questions/`, { questions: [q1.id] })).body.error).toBe('Students have already started this test; its questions cannot change');
    expect((await call(`PUT /ot/test/${t2}/assign/`, { class_id: classA, duration: 30 })).body.error).toBe('Students have already started this test; its assignment to this class cannot change');
  });

  it("the parent's dashboard shows the chosen child's upcoming and finished online tests", async () => {
    const t3 = (await call('PUT /ot/tests/', { name: 'Next Week Quiz' }, admin)).body.data.id;
    await call(`POST /ot/test/${t3}/questions/`, { questions: [q1.id] });
    await call(`PUT /ot/test/${t3}/assign/`, { class_id: classA, duration: 10, start_time: stepFrom(7 * 24 * 60) });
    const dash = (await call(`GET /students/dashboard/${childA}/`, undefined, parentA)).body.data;
    expect(dash.online_tests.upcoming).toEqual(expect.arrayContaining([expect.objectContaining({ id: t3, name: 'Next Week Quiz', open: false, attempt_id: null })]));
    expect(dash.online_tests.finished).toEqual(expect.arrayContaining([expect.objectContaining({ id: testId, name: 'Plants Quiz', marks_obtained: 4, passed: true })]));
    expect((await call(`GET /students/dashboard/${childA}/`, undefined, parentB)).status).toBe(404);
  });
});

describe('media answers (type 3)', () => {
  const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
  const upload = (name: string, bytes: Buffer, token = parentA) => uploadAs(t, s, token, 'online-test-answers', name, bytes);

  it('a photo uploaded as an answer is saved, submitted, served to the teacher and marked; files of other types are refused', async () => {
    const media = await addQuestion({ type: 3, question: 'Photograph your drawing of a leaf', correct_marks: 5, incorrect_marks: 0, options: undefined, topic: 'Drawing' });
    const tid = (await call('PUT /ot/tests/', { name: 'Leaf Drawing' }, admin)).body.data.id;
    await call(`POST /ot/test/${tid}/questions/`, { questions: [media.id] });
    expect((await call(`PUT /ot/test/${tid}/assign/`, { class_id: classA, subject_id: scienceA, duration: 15, evaluator: teacherId })).body.message).toBe('Test Assigned');
    const aid = (await call(`PUT ${attemptsPath(childA, tid)}`, undefined, parentA)).body.data.attempt_id;

    // Refused: a type the kind does not take, bytes that are not what the name says, and staff uploading an answer.
    const exe = await upload('drawing.exe', Buffer.from('MZ....'));
    expect([exe.status, exe.body.error]).toEqual([400, 'drawing.exe file upload failed.']);
    expect((await upload('notes.txt', Buffer.from('my answer'))).status).toBe(400);
    const fake = await upload('leaf.png', Buffer.from('<html>not an image</html>'));
    expect([fake.status, fake.body.error]).toEqual([400, 'leaf.png file upload failed.']);
    expect((await upload('leaf.png', PNG, teacher)).status).toBe(403);

    const up = await upload('leaf.png', PNG);
    expect(up.status).toBe(200);
    const path = up.body.data.path as string;
    const saved = await call(`PUT ${answerPath(childA, tid, aid)}`, { question_id: media.id, files: [{ path }] }, parentA);
    expect([saved.status, saved.body.message]).toEqual([200, 'Answer saved']);
    expect(saved.body.data.answer).toMatchObject({ question_id: media.id, state: 2, answered: true, files: [expect.objectContaining({ name: 'leaf.png', path, type: 'image/png' })] });
    // Another family cannot save it as theirs.
    expect((await call(`PUT ${answerPath(childA, tid, aid)}`, { question_id: media.id, files: [{ path }] }, parentB)).status).toBe(404);

    const sent = await call(`POST ${attemptsPath(childA, tid)}`, { attempt_id: aid, answers: [] }, parentA);
    expect([sent.status, sent.body.message]).toEqual([200, 'Test Submitted']);
    expect(sent.body.data).toMatchObject({ status: 2, marks_obtained: 0, total_marks: 5, pending: 1 });

    // The teacher reads the answer's file, served with its bytes, and marks it.
    const view = (await call(`GET /ot/${tid}/attempt/${aid}/`)).body.data;
    const answer = view.questions.find((q: any) => q.id === media.id);
    expect(answer).toMatchObject({ type: 3, editable: true, min: 0, max: 5, answer: [{ ot_files: [expect.objectContaining({ name: 'leaf.png', path })], marks_awarded: null }] });
    const file = await t.app.inject({ method: 'GET', url: path });
    expect([file.statusCode, Buffer.compare(file.rawPayload, PNG)]).toEqual([200, 0]);
    const marked = await call(`PATCH /ot/${tid}/attempt/${aid}/`, { data: [{ id: answer.answer[0].id, type: 3, marks: 4.5 }], teacher_id: teacherId });
    expect([marked.status, marked.body.message]).toEqual([200, 'Marks Updated']);
    expect(marked.body.data).toMatchObject({ marks_obtained: 4.5, pending: 0 });
    const mine = (await call(`GET ${attemptsPath(childA, tid)}`, undefined, parentA)).body.data;
    expect(mine.attempts[0]).toMatchObject({ attempt_id: aid, status: 2, submitted: true, marks_obtained: 4.5 });
  });
});

describe('the demo school', () => {
  it("lays down a test of 5 A's science questions that the class's students can take at once", async () => {
    const ctx = { db: db(), school: { code: s.code, name: s.code, schema: s.schema }, user: SERVER_USER, config: t.config, integrations: createIntegrations(t.config) };
    await seedDemoOnlineTests(ctx, { classIds: { '5A': classA }, teacherUserId: s.users['2']! });
    const tests = (await call(`GET /ot/student/${childA}/tests/`, undefined, parentA)).body.data;
    const demo = tests.find((x: any) => x.name === 'Science Quiz: Plants and Water');
    expect(demo).toMatchObject({ can_start: true, questions: 6, total_marks: 10, duration: 20, subject: 'Science' });
    const start = await call(`PUT ${attemptsPath(childA, demo.id)}`, undefined, parentA);
    expect([start.status, start.body.message, start.body.data.questions.length]).toEqual([200, 'Test started', 6]);
  });
});

describe('a class submitting together', () => {
  it('closes every submission of a burst together, each with its own marks and audit; a second or wrong one is refused alone', async () => {
    const families = await Promise.all(['Burst1', 'Burst2', 'Burst3', 'Burst4', 'Burst5'].map((n) => familyIn(classA, n)));
    const attempts: number[] = [];
    for (const f of families) attempts.push((await call(`PUT ${attemptsPath(f.child, testId)}`, undefined, f.token)).body.data.attempt_id);
    // Family n answers q1 right when n is even, wrong when odd; all submit in the same moment, the first twice.
    await Promise.all(families.map((f, n) => call(`PUT ${answerPath(f.child, testId, attempts[n]!)}`, { question_id: q1.id, option: optionId(q1, n % 2 ? 'Root' : 'Leaf') }, f.token)));
    const submit = (n: number, answers: unknown[] = []) => call(`POST ${attemptsPath(families[n]!.child, testId)}`, { attempt_id: attempts[n], answers }, families[n]!.token);
    const results = await Promise.all([submit(0), submit(0), submit(1), submit(2, [{ question_id: q2.id, option: optionId(q1, 'Leaf') }]), submit(3), submit(4)]);
    expect(results.map((r) => [r.status, r.body.message ?? r.body.error])).toEqual([
      [200, 'Test Submitted'], [409, 'This test is already submitted'], [200, 'Test Submitted'],
      [400, 'An option chosen is not an option of this question'], [200, 'Test Submitted'], [200, 'Test Submitted'],
    ]);
    // q1 0.1 or -0.25; q2, q3, q4 unanswered 0; q5 unanswered 0; q6 unanswered -0.5.
    expect([0, 1, 3, 4].map((n) => results[n === 0 ? 0 : n + 1]!.body.data.marks_obtained)).toEqual([-0.4, -0.75, -0.75, -0.4]);
    const rows = await db().selectFrom('ot_attempt').select(['id', 'status', 'end_time', 'submitted_by']).where('id', 'in', attempts).orderBy('id').execute();
    expect(rows.map((r) => r.status)).toEqual([2, 2, 1, 2, 2]);
    // Written together: a batch has one end time, so the four have fewer (the first may go alone while the rest
    // arrive); each is submitted by its own family.
    expect(new Set(rows.filter((r) => r.status === 2).map((r) => new Date(r.end_time!).getTime())).size).toBeLessThan(4);
    expect(rows.map((r) => r.submitted_by)).toEqual(families.map((f, n) => (n === 2 ? null : f.userId)));
    const trail = await db().selectFrom('audit').select(['record_id', 'user_id']).where('resource', '=', 'online-test-attempts').where('action', '=', 'submit')
      .where('record_id', 'in', attempts.map(String)).execute();
    const by = new Map(trail.map((a) => [Number(a.record_id), a.user_id]));
    expect([0, 1, 3, 4].map((n) => by.get(attempts[n]!))).toEqual([0, 1, 3, 4].map((n) => families[n]!.userId));
    // The one refused is still open, and submits on its own.
    expect((await submit(2)).body.data.marks_obtained).toBe(-0.4);
  });
});
