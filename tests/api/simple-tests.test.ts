/**
 * Simple tests (spec 4 §2.5, §3, §4, §5, §7, §8, §9): staff set a test with its paper, list a
 * class's tests, read the solutions, reply with marks and remove remarks (the replying teacher
 * or an admin only); a family starts an attempt for its own child (two at most, on the start day
 * only, on the server's clock), resumes it with the time really left, and submits photos until
 * the writing time, the 10-minute upload window and a short grace are over; an attempt left open
 * past that is closed as 'Not submitted' by the module's job. Another family reaches none of it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestSchool, PASSWORD, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { uploadAs } from '../support/upload.js';
import { admitStudent } from '../support/admit.js';
import { createRecord } from '../support/samples.js';
import { GRACE_S, UPLOAD_WINDOW_S } from '../../src/server/modules/simple_tests/clock.js';
import simpleTestsContributions from '../../src/server/modules/simple_tests/contributes.js';
import { startJobs } from '../../src/server/framework/jobs.js';

let t: TestApp;
let s: TestSchool;
let admin: string;
let office: string;
let evaluator: string;
let otherTeacher: string;
let evaluatorId: number;
let parentA: string;
let parentB: string;
let year: number;
let classA: number;
let classB: number;
let mathsA: number;
let mathsB: number;
let childA: number;
let childB: number;

const call = (c: string, body?: unknown, token = evaluator) => t.call(s.code, c, body, token);
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(16)]);
const MINUTE = 60_000;

const upload = async (name: string, bytes: Buffer, kind: string, token = evaluator) => uploadAs(t, s, token, kind, name, bytes);
const paper = async () => ({ path: (await upload('paper.pdf', PDF, 'simple-test-files')).body.data.path as string });
const photo = async (token = parentA) => ({ path: (await upload('answer.png', PNG, 'simple-test-solutions', token)).body.data.path as string });

async function teacherLogin(name: string, email: string, mobile: string) {
  const made = await call('PUT /teachers/', { fullname: name, email, mobile, password: PASSWORD }, admin);
  expect(made.body.success).toBe(true);
  return { id: made.body.data.id as number, token: (await call('POST /login/', { email, password: PASSWORD }, '')).body.data.token as string };
}

async function familyIn(classId: number, name: string): Promise<{ token: string; child: number }> {
  const email = `${name.toLowerCase()}@${s.code.toLowerCase()}.test`;
  const { user_id } = (await call('PUT /user/', { name, email, password: PASSWORD, role: 1 }, admin)).body.data;
  const child = await admitStudent(t, s, admin, { ac_year_id: year, class_id: classId, fullname: `${name} Junior`, roll_no: 1 }, 'ST');
  expect((await call('POST /user/link/student/', { student_id: child.id, user_id }, admin)).body.success).toBe(true);
  return { token: (await call('POST /login/', { email, password: PASSWORD }, '')).body.data.token, child: child.id };
}

const body = async (over: Record<string, unknown> = {}) => ({
  test_name: 'Fractions quiz', ac_year_id: year, class_id: classA, subject_id: mathsA, evaluator: evaluatorId,
  files: [await paper()], max_marks: 20, pass_marks: 8, duration: 30, start_time: new Date(Date.now() - MINUTE).toISOString(), ...over,
});
const addTest = async (over: Record<string, unknown> = {}, token = evaluator) => call('PUT /simple/tests/', await body(over), token);
const start = (test_id: number, student_id = childA, token = parentA) => call('PUT /simple/test/attempts/', { student_id, test_id }, token);
const submit = (test_attempt_id: number, over: Record<string, unknown> = {}, token = parentA) =>
  call('POST /simple/test/attempts/', { test_attempt_id, student_id: childA, student_files: [], student_remarks: null, ...over }, token);
/** Moves an attempt's start back, as if it had been started `ms` ago (the store's clock is the server's). */
const startedAgo = (id: number, ms: number) => schoolDb(t, s).updateTable('simple_test_solution').set({ start_time: new Date(Date.now() - ms) }).where('id', '=', id).execute();

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  admin = s.tokens['4']!;
  office = s.tokens['3']!;
  year = (await createRecord(t, s, 'acyears', { name: '2026-27' })).id;
  classA = (await createRecord(t, s, 'classes', { class: '7', section: 'A', class_teacher_id: null })).id;
  classB = (await createRecord(t, s, 'classes', { class: '7', section: 'B', class_teacher_id: null })).id;
  mathsA = (await createRecord(t, s, 'subjects', { class_id: classA, name: 'Mathematics', code: 'MA7A', subject_teacher_id: null })).id;
  mathsB = (await createRecord(t, s, 'subjects', { class_id: classB, name: 'Mathematics', code: 'MA7B', subject_teacher_id: null })).id;
  ({ id: evaluatorId, token: evaluator } = await teacherLogin('Evaluating Teacher', 'eval@st.test', '9876500011'));
  ({ token: otherTeacher } = await teacherLogin('Other Teacher', 'other@st.test', '9876500012'));
  ({ token: parentA, child: childA } = await familyIn(classA, 'Ravi'));
  ({ token: parentB, child: childB } = await familyIn(classB, 'Mohan'));
});
afterAll(() => t?.close());

describe('setting a test (staff)', () => {
  it("adds a test with its paper: 'New Test Added', listed for its year and class", async () => {
    const file = await upload('paper.pdf', PDF, 'simple-test-files');
    const res = await call('PUT /simple/tests/', await body({ test_name: 'Listed', files: [{ path: file.body.data.path, name: 'other.pdf' }] }));
    expect([res.status, res.body.message]).toEqual([200, 'New Test Added']);
    const list = await call(`GET /simple/tests/${year}/${classA}/`);
    const row = (list.body.data as Array<Record<string, any>>).find((r) => r.id === res.body.data.id)!;
    expect(row).toMatchObject({ test_name: 'Listed', class: '7', section: 'A', subject: 'Mathematics', evaluator_name: 'Evaluating Teacher', max_marks: 20, pass_marks: 8, duration: 30, awaiting: 0 });
    // The store names the file, not the sender.
    expect(row.files).toEqual([expect.objectContaining({ name: 'paper.pdf', path: file.body.data.path, type: 'application/pdf' })]);
    expect((await call(`GET /simple/tests/${year}/${classB}/`)).body.data.map((r: { id: number }) => r.id)).not.toContain(res.body.data.id);
  });

  it('takes pass marks and start time as optional', async () => {
    const res = await addTest({ test_name: 'No start', pass_marks: null, start_time: null });
    expect(res.body.message).toBe('New Test Added');
    const b = await body();
    delete (b as Record<string, unknown>).pass_marks;
    delete (b as Record<string, unknown>).start_time;
    expect((await call('PUT /simple/tests/', b)).body.message).toBe('New Test Added');
  });

  it("says what is missing in the spec's required fields, with nothing stored", async () => {
    const before = (await call(`GET /simple/tests/${year}/${classA}/`)).body.data.length;
    const required: Array<[string, string]> = [
      ['test_name', 'Test name is required'], ['ac_year_id', 'Academic year is required'], ['class_id', 'Class is required'],
      ['subject_id', 'Subject is required'], ['evaluator', 'Evaluator is required'], ['files', 'Attach at least one file'],
      ['max_marks', 'Max marks is required'], ['duration', 'Duration is required'],
    ];
    for (const [field, message] of required) {
      const b: Record<string, unknown> = await body();
      delete b[field];
      const res = await call('PUT /simple/tests/', b);
      expect([res.status, res.body.error], field).toEqual([400, message]);
    }
    expect((await addTest({ files: [] })).body.error).toBe('Attach at least one file');
    expect((await addTest({ test_name: '  ' })).body.error).toBe('Test name is required');
    expect((await addTest({ pass_marks: 21 })).body.error).toBe('Pass marks cannot be more than max marks');
    expect((await addTest({ max_marks: 10.005 })).body.error).toBe('Marks can have at most two decimal places');
    expect((await addTest({ subject_id: mathsB })).body.error).toBe('The subject is not a subject of this class');
    expect((await addTest({ evaluator: 999999 })).status).toBe(404);
    expect((await call(`GET /simple/tests/${year}/${classA}/`)).body.data.length).toBe(before);
  });

  it('takes paper files of the spec types only, uploaded here as a paper', async () => {
    for (const [name, bytes] of [['paper.png', PNG], ['paper.docx', Buffer.from('PK docx')], ['paper.odt', Buffer.from('PK odt')]] as const) {
      expect((await upload(name, bytes, 'simple-test-files')).status, name).toBe(200);
    }
    const exe = await upload('paper.exe', Buffer.from('MZ'), 'simple-test-files');
    expect([exe.status, exe.body.error]).toEqual([400, 'paper.exe file upload failed.']);
    expect((await upload('paper.mp4', MP4, 'simple-test-files')).status).toBe(400);
    expect((await upload('fake.pdf', Buffer.from('<html>'), 'simple-test-files')).status).toBe(400);
    // A file of another kind, or another school's address, is not a paper.
    const solutionFile = await photo();
    expect((await addTest({ files: [solutionFile] })).body.error).toBe('A file was not uploaded here: upload it again');
    expect((await addTest({ files: [{ path: '/api/OTHER1/files/abcdefghijklmnopqrstuvwxyzABCDEF/x.pdf' }] })).status).toBe(400);
  });

  it('is for staff: families, librarians and read-only admins are refused', async () => {
    expect((await addTest({}, office)).body.message).toBe('New Test Added');
    for (const token of [parentA, s.tokens['7']!, s.tokens['5']!, s.tokens['admin-read']!]) {
      expect((await call('PUT /simple/tests/', await body(), token)).status).toBe(403);
    }
    expect((await upload('paper.pdf', PDF, 'simple-test-files', parentA)).status).toBe(403);
    expect((await call(`GET /simple/tests/${year}/${classA}/`, undefined, parentA)).status).toBe(403);
    expect((await call(`GET /simple/tests/${year}/${classA}/`, undefined, s.tokens['7']!)).status).toBe(403);
  });
});

describe('a family', () => {
  let test: number;
  let ofB: number;

  beforeAll(async () => {
    test = (await addTest({ test_name: 'Family test' })).body.data.id;
    ofB = (await addTest({ test_name: 'Only 7 B', class_id: classB, subject_id: mathsB })).body.data.id;
  });

  it("lists its own child's class's tests, without the paper before an attempt; another family's child is missing", async () => {
    const mine = await call(`GET /simple/tests/${childA}/`, undefined, parentA);
    expect(mine.status).toBe(200);
    const row = (mine.body.data as Array<Record<string, any>>).find((r) => r.id === test)!;
    expect(row).toMatchObject({ test_name: 'Family test', attempts: [], start_block: null });
    expect(row).not.toHaveProperty('files');
    expect(mine.body.data.map((r: { id: number }) => r.id)).not.toContain(ofB);
    const details = await call(`GET /simple/test/${test}/details/${childA}/`, undefined, parentA);
    expect(details.body.data).toMatchObject({ id: test, files: [], attempts: [], student: { id: childA } });
    expect((await call(`GET /simple/tests/${childB}/`, undefined, parentA)).status).toBe(404);
    expect((await call(`GET /simple/tests/${childA}/`, undefined, parentB)).status).toBe(404);
    expect((await call(`GET /simple/test/${ofB}/details/${childA}/`, undefined, parentA)).status).toBe(404);
    expect((await call(`GET /simple/test/${test}/details/${childB}/`, undefined, parentA)).status).toBe(404);
    expect((await call(`GET /simple/test/${test}/solutions/`, undefined, parentA)).status).toBe(403);
    expect((await call(`GET /simple/tests/${childA}/`, undefined, evaluator)).status).toBe(403);
  });

  it('starts an attempt on the server clock and resumes it elsewhere with its own start time', async () => {
    const first = await start(test);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ test_id: test, status: 0, open: true, resumed: false, test: { test_name: 'Family test', duration: 30 } });
    expect(first.body.data.test.files).toHaveLength(1);
    expect(first.body.data.remaining_seconds).toBeGreaterThan(29 * 60);
    expect(first.body.data.st_test_solution_id).toBe(first.body.data.id);
    // Ten minutes later, on another phone: the same attempt, twenty minutes left.
    await startedAgo(first.body.data.id, 10 * MINUTE);
    const again = await start(test);
    expect(again.body.data).toMatchObject({ id: first.body.data.id, resumed: true });
    expect(Date.parse(first.body.data.start_time) - Date.parse(again.body.data.start_time)).toBeCloseTo(10 * MINUTE, -4);
    expect(again.body.data.remaining_seconds).toBeGreaterThan(19 * 60 - 5);
    expect(again.body.data.remaining_seconds).toBeLessThanOrEqual(20 * 60);
    expect(again.body.data.upload_seconds).toBe(again.body.data.remaining_seconds + UPLOAD_WINDOW_S);
    // The paper is now in the details too.
    expect((await call(`GET /simple/test/${test}/details/${childA}/`, undefined, parentA)).body.data.files).toHaveLength(1);
    // Another family cannot start for this child, nor a test of another class.
    expect((await start(test, childA, parentB)).status).toBe(404);
    expect((await start(ofB)).status).toBe(404);
    expect((await start(test, childA, evaluator)).status).toBe(403);
  });

  it("submits photos: 'Solution Submitted', once; another family's attempt is unreachable", async () => {
    const attempt = (await start(test)).body.data.id as number;
    expect((await submit(attempt, {}, parentB)).status).toBe(404);
    const otherFamily = await call('POST /simple/test/attempts/', { test_attempt_id: attempt, student_id: childB, student_files: [] }, parentB);
    expect(otherFamily.status).toBe(404);
    const pic = await photo();
    const res = await submit(attempt, { student_files: [pic], student_remarks: 'Page 1 of 1' });
    expect([res.status, res.body.message]).toEqual([200, 'Solution Submitted']);
    const again = await submit(attempt);
    expect([again.status, again.body.error]).toEqual([409, 'This attempt is already submitted']);
    const details = (await call(`GET /simple/test/${test}/details/${childA}/`, undefined, parentA)).body.data;
    expect(details.attempts[0]).toMatchObject({ id: attempt, status: 1, open: false, student_remarks: 'Page 1 of 1' });
    expect(details.attempts[0].student_files[0]).toMatchObject({ name: 'answer.png', type: 'image/png' });
  });

  it('takes photos and videos only (jpeg, png, jpg, mp4), uploaded here as a solution', async () => {
    expect((await upload('clip.mp4', MP4, 'simple-test-solutions', parentA)).status).toBe(200);
    expect((await upload('answer.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), 'simple-test-solutions', parentA)).status).toBe(200);
    const pdf = await upload('answer.pdf', PDF, 'simple-test-solutions', parentA);
    expect([pdf.status, pdf.body.error]).toEqual([400, 'answer.pdf file upload failed.']);
    expect((await upload('fake.png', Buffer.from('not a picture'), 'simple-test-solutions', parentA)).status).toBe(400);
    expect((await upload('answer.png', PNG, 'simple-test-solutions', evaluator)).status).toBe(403);
    const attempt = (await start((await addTest({ test_name: 'Kinds' })).body.data.id)).body.data.id;
    expect((await submit(attempt, { student_files: [await paper()] })).body.error).toBe('A file was not uploaded here: upload it again');
  });

  it("refuses a start before the start time, after the start day, and a third attempt", async () => {
    const tomorrow = (await addTest({ test_name: 'Later', start_time: new Date(Date.now() + 26 * 60 * MINUTE).toISOString() })).body.data.id;
    const early = await start(tomorrow);
    expect([early.status, early.body.error]).toEqual([403, 'Test not yet started!']);
    const yesterday = (await addTest({ test_name: 'Earlier', start_time: new Date(Date.now() - 26 * 60 * MINUTE).toISOString() })).body.data.id;
    const late = await start(yesterday);
    expect([late.status, late.body.error]).toEqual([403, "You are late, you can't take the test now!"]);
    const listed = (await call(`GET /simple/tests/${childA}/`, undefined, parentA)).body.data as Array<{ id: number; start_block: string | null }>;
    expect(listed.find((r) => r.id === tomorrow)!.start_block).toBe('Test not yet started!');
    expect(listed.find((r) => r.id === yesterday)!.start_block).toBe("You are late, you can't take the test now!");

    const twice = (await addTest({ test_name: 'Twice' })).body.data.id;
    const one = (await start(twice)).body.data.id;
    await startedAgo(one, 45 * MINUTE); // 30 minutes, the window and the grace all over: never submitted
    const two = (await start(twice)).body.data;
    expect([two.resumed, two.id === one]).toEqual([false, false]);
    expect((await submit(two.id)).body.message).toBe('Solution Submitted');
    const third = await start(twice);
    expect([third.status, third.body.error]).toEqual([403, 'You have already attempted twice']);
    expect((await call(`GET /simple/test/${twice}/details/${childA}/`, undefined, parentA)).body.data.start_block).toBe('You have already attempted twice');
  });

  it('takes a submission through the upload window and the grace, and refuses it after with a clear message', async () => {
    const id = (await addTest({ test_name: 'On time', duration: 20 })).body.data.id;
    const inWindow = (await start(id)).body.data.id;
    await startedAgo(inWindow, 20 * MINUTE + (UPLOAD_WINDOW_S + GRACE_S - 15) * 1000);
    expect((await submit(inWindow, { student_files: [await photo()] })).body.message).toBe('Solution Submitted');

    const id2 = (await addTest({ test_name: 'Too late', duration: 20 })).body.data.id;
    const over = (await start(id2)).body.data.id;
    await startedAgo(over, 20 * MINUTE + (UPLOAD_WINDOW_S + GRACE_S + 5) * 1000);
    const res = await submit(over, { student_files: [await photo()] });
    expect([res.status, res.body.error]).toEqual([403, 'The time to submit this test is over']);
    const attempt = (await call(`GET /simple/test/${id2}/details/${childA}/`, undefined, parentA)).body.data.attempts[0];
    // Past its deadline it reads 'Not submitted' at once, whether or not the job has come by.
    expect(attempt).toMatchObject({ status: -1, open: false, remaining_seconds: 0, upload_seconds: 0 });
  });

  it("the module's job closes an attempt left open past its deadline as 'Not submitted' (-1), through the runner", async () => {
    const leftId = (await addTest({ test_name: 'Left open', duration: 20 })).body.data.id;
    const left = (await start(leftId)).body.data.id;
    const writingId = (await addTest({ test_name: 'Still writing', duration: 20 })).body.data.id;
    const writing = (await start(writingId)).body.data.id;
    // Inside the grace the attempt stays open; past it the job closes it.
    await startedAgo(left, 20 * MINUTE + (UPLOAD_WINDOW_S + GRACE_S - 30) * 1000);
    const job = simpleTestsContributions.jobs!.find((j) => j.name === 'simple-tests-close')!;
    await job.run({ db: t.database.db, config: t.config });
    const status = async (id: number) => (await schoolDb(t, s).selectFrom('simple_test_solution').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    expect(await status(left)).toBe(0);
    await startedAgo(left, 20 * MINUTE + (UPLOAD_WINDOW_S + GRACE_S + 5) * 1000);
    const runner = await startJobs({ jobs: [{ ...job, everyMs: 100, firstAfterMs: 0 }], env: { db: t.database.db, config: t.config }, log: () => {} });
    try {
      await vi.waitFor(async () => expect(await status(left)).toBe(-1), { timeout: 10_000, interval: 100 });
    } finally {
      await runner.stop();
    }
    expect(await status(writing)).toBe(0);
    const runs = await t.database.db.selectFrom('platform.job_run').select(['ok']).where('name', '=', 'simple-tests-close').execute();
    expect(runs.some((r) => r.ok)).toBe(true);
    // Nothing more is due: the run says so and leaves no record.
    expect(await job.run({ db: t.database.db, config: t.config })).toBe('idle');
    // The family reads it as not submitted; it takes no submission and no reply.
    const family = (await call(`GET /simple/test/${leftId}/details/${childA}/`, undefined, parentA)).body.data;
    expect(family.attempts).toEqual([expect.objectContaining({ id: left, status: -1, open: false })]);
    expect((await call(`GET /simple/tests/${childA}/`, undefined, parentA)).body.data.find((x: any) => x.id === leftId).attempts[0].status).toBe(-1);
    const late = await submit(left, { student_files: [await photo()] });
    expect([late.status, late.body.error]).toEqual([403, 'The time to submit this test is over']);
    const reply = await call('PATCH /simple/test/attempts/', { test_solution_id: left, marks_obtained: 5, teacher_id: evaluatorId });
    expect(reply.body.error).toBe('This attempt has not been submitted yet');
    // Staff see it among the solutions as not submitted; an attempt still being written is not listed.
    expect((await call(`GET /simple/test/${leftId}/solutions/`)).body.data.solutions).toEqual([expect.objectContaining({ id: left, status: -1, end_time: null, student_name: 'Ravi Junior' })]);
    expect((await call(`GET /simple/test/${writingId}/solutions/`)).body.data.solutions).toEqual([]);
    // A second attempt may still be started (two in all).
    expect((await start(leftId)).body.data).toMatchObject({ status: 0, open: true, resumed: false });
  });
});

describe('replies and remarks (staff)', () => {
  let test: number;
  let solution: number;
  let unsent: number;

  beforeAll(async () => {
    test = (await addTest({ test_name: 'To mark', max_marks: 20 })).body.data.id;
    solution = (await start(test)).body.data.id;
    await submit(solution, { student_files: [await photo()] });
    const other = (await addTest({ test_name: 'Not sent' })).body.data.id;
    unsent = (await start(other)).body.data.id;
  });

  const reply = (over: Record<string, unknown> = {}, token = evaluator) =>
    call('PATCH /simple/test/attempts/', { test_solution_id: solution, marks_obtained: 12.5, teacher_remarks: 'Well done', teacher_files: [], teacher_id: evaluatorId, ...over }, token);

  it('lists the submitted solutions awaiting reply, with the evaluator in extras', async () => {
    const res = await call(`GET /simple/test/${test}/solutions/`);
    expect(res.body.data).toMatchObject({ id: test, test_name: 'To mark', max_marks: 20 });
    expect(res.body.data.solutions).toEqual([expect.objectContaining({ id: solution, status: 1, student_name: 'Ravi Junior', extras: expect.objectContaining({ evaluator: evaluatorId }) })]);
    expect((await call(`GET /simple/test/999999/solutions/`)).status).toBe(404);
    expect((await call(`GET /simple/test/${test}/solutions/`, undefined, office)).status).toBe(200);
  });

  it("asks for marks, within the test's maximum, exactly as given, from a teacher profile", async () => {
    const b = { test_solution_id: solution, teacher_remarks: 'x' };
    const missing = await call('PATCH /simple/test/attempts/', b);
    expect([missing.status, missing.body.error]).toEqual([400, 'Marks is required!']);
    const above = await reply({ marks_obtained: 20.5 });
    expect([above.status, above.body.error]).toEqual([400, 'Marks must be between 0 and 20']);
    expect((await reply({ marks_obtained: -1 })).status).toBe(400);
    expect((await reply({ marks_obtained: 12.345 })).body.error).toBe('Marks can have at most two decimal places');
    // A login without a teacher profile (an admin, the plain teacher login here) may not reply.
    const noProfile = await reply({ teacher_id: null }, s.tokens['2']!);
    expect([noProfile.status, noProfile.body.error]).toEqual([403, 'Must be teacher to submit']);
    expect((await reply({}, office)).body.error).toBe('Must be teacher to submit');
    expect((await reply({}, otherTeacher)).body.error).toBe('You can reply only as yourself');
    expect((await reply({}, parentA)).status).toBe(403);
    const notSent = await reply({ test_solution_id: unsent });
    expect(notSent.body.error).toBe('This attempt has not been submitted yet');
  });

  it("replies with marks, remarks and a file: 'Answer Replied', and the family reads them", async () => {
    const pdf = await upload('marked.pdf', PDF, 'simple-test-replies');
    expect((await upload('marked.exe', Buffer.from('MZ'), 'simple-test-replies')).status).toBe(400);
    expect((await upload('marked.pdf', PDF, 'simple-test-replies', parentA)).status).toBe(403);
    expect((await reply({ teacher_files: [await photo()] })).body.error).toBe('A file was not uploaded here: upload it again');
    const res = await reply({ marks_obtained: 19.75, teacher_files: [{ path: pdf.body.data.path }] });
    expect([res.status, res.body.message]).toEqual([200, 'Answer Replied']);
    const listed = (await call(`GET /simple/test/${test}/solutions/`)).body.data.solutions[0];
    expect(listed).toMatchObject({ status: 2, marks_obtained: 19.75, teacher_remarks: 'Well done', teacher_name: 'Evaluating Teacher' });
    const family = (await call(`GET /simple/test/${test}/details/${childA}/`, undefined, parentA)).body.data.attempts[0];
    expect(family).toMatchObject({ status: 2, marks_obtained: 19.75, teacher_remarks: 'Well done' });
    expect(family.teacher_files[0]).toMatchObject({ name: 'marked.pdf' });
    // The full mark is within range.
    expect((await reply({ marks_obtained: 20 })).body.message).toBe('Answer Replied');
  });

  it("removes remarks only for the teacher who gave them or an admin: else 'You are not the evaluator'", async () => {
    await reply({ marks_obtained: 15 });
    const other = await call(`DELETE /simple/test/attempt/${solution}/`, undefined, otherTeacher);
    expect([other.status, other.body.error]).toEqual([403, 'You are not the evaluator']);
    expect((await call(`DELETE /simple/test/attempt/${solution}/`, undefined, s.tokens['2']!)).body.error).toBe('You are not the evaluator');
    expect((await call(`DELETE /simple/test/attempt/${solution}/`, undefined, parentA)).status).toBe(403);
    const own = await call(`DELETE /simple/test/attempt/${solution}/`);
    expect([own.status, own.body.message]).toEqual([200, 'Teacher Remarks Removed']);
    const after = (await call(`GET /simple/test/${test}/solutions/`)).body.data.solutions[0];
    expect(after).toMatchObject({ status: 1, marks_obtained: null, teacher_remarks: null, teacher_files: [] });
    expect((await call(`DELETE /simple/test/attempt/${solution}/`)).body.error).toBe('This solution has no remarks');
    await reply({ marks_obtained: 14 });
    expect((await call(`DELETE /simple/test/attempt/${solution}/`, undefined, office)).body.message).toBe('Teacher Remarks Removed');
    await reply({ marks_obtained: 14 });
    expect((await call(`DELETE /simple/test/attempt/${solution}/`, undefined, admin)).body.message).toBe('Teacher Remarks Removed');
    expect((await call('DELETE /simple/test/attempt/999999/')).status).toBe(404);
  });

  it("deletes a test with its attempts: 'Test Deleted'; families may not", async () => {
    expect((await call(`DELETE /simple/test/${test}/`, undefined, parentA)).status).toBe(403);
    const res = await call(`DELETE /simple/test/${test}/`);
    expect([res.status, res.body.message]).toEqual([200, 'Test Deleted']);
    expect((await call(`GET /simple/test/${test}/solutions/`)).status).toBe(404);
    expect(await schoolDb(t, s).selectFrom('simple_test_solution').select('id').where('test_id', '=', test).execute()).toEqual([]);
    expect((await call(`DELETE /simple/test/${test}/`)).status).toBe(404);
  });
});

describe("the parent's dashboard", () => {
  const dashboard = (student = childA, token = parentA) => call(`GET /students/dashboard/${student}/?view=today`, undefined, token);

  it("shows the chosen child's simple tests still to write and their submitted solutions with marks; another family's child is refused", async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const later = (await addTest({ test_name: 'Dash later', start_time: tomorrow })).body.data.id;
    const writingId = (await addTest({ test_name: 'Dash writing' })).body.data.id;
    const writing = (await start(writingId)).body.data.id;
    const sentId = (await addTest({ test_name: 'Dash replied', max_marks: 20 })).body.data.id;
    const sent = (await start(sentId)).body.data.id;
    await submit(sent, { student_files: [await photo()] });
    expect((await call('PATCH /simple/test/attempts/', { test_solution_id: sent, marks_obtained: 15.5, teacher_remarks: 'Good', teacher_files: [], teacher_id: evaluatorId })).body.message).toBe('Answer Replied');
    const waitingId = (await addTest({ test_name: 'Dash awaiting' })).body.data.id;
    const waiting = (await start(waitingId)).body.data.id;
    await submit(waiting, { student_files: [await photo()] });
    const missedId = (await addTest({ test_name: 'Dash missed', duration: 20 })).body.data.id;
    const missed = (await start(missedId)).body.data.id;
    await startedAgo(missed, 20 * MINUTE + (UPLOAD_WINDOW_S + GRACE_S + 5) * 1000);

    const res = await dashboard();
    expect(res.status).toBe(200);
    const { upcoming, finished } = res.body.data.simple_tests;
    const up = (name: string) => upcoming.find((x: any) => x.test_name === name);
    expect(up('Dash later')).toMatchObject({ id: later, open: false, attempt_id: null, start_time: tomorrow, subject: 'Mathematics', max_marks: 20 });
    expect(up('Dash writing')).toMatchObject({ id: writingId, open: true, attempt_id: writing });
    expect(up('Dash writing').ends_at).toEqual(expect.any(String));
    // Not submitted in time, with a second attempt left: still to do, nothing under way.
    expect(up('Dash missed')).toMatchObject({ id: missedId, open: true, attempt_id: null });
    expect(up('Dash replied')).toBeUndefined();
    expect(up('Dash awaiting')).toBeUndefined();
    const done = (name: string) => finished.find((x: any) => x.test_name === name);
    expect(done('Dash replied')).toMatchObject({ id: sentId, attempt_id: sent, status: 2, marks_obtained: 15.5, max_marks: 20 });
    expect(done('Dash awaiting')).toMatchObject({ id: waitingId, attempt_id: waiting, status: 1, marks_obtained: null });
    expect(done('Dash missed')).toBeUndefined();
    expect(done('Dash writing')).toBeUndefined();

    // The other family reaches only its own child, of a class that has none of these tests.
    expect((await dashboard(childA, parentB)).status).toBe(404);
    const theirs = (await dashboard(childB, parentB)).body.data.simple_tests;
    expect([...theirs.upcoming, ...theirs.finished].filter((x: any) => x.test_name.startsWith('Dash'))).toEqual([]);
  });
});
