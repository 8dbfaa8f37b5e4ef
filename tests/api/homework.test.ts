/**
 * Homework (spec 3 §2–§9, spec 4 §5, §7): staff set homework with files for a class and
 * subject, list and filter it, read the solutions and correct them (a drawn correction is a new
 * file, the student's own stays); families read only their own children's homework and submit
 * solutions until the end of the submission day; the teacher access setting keeps a teacher to
 * their own homework when 'restricted'; rich text and file names never carry script.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, PASSWORD, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { uploadAs } from '../support/upload.js';
import { admitStudent } from '../support/admit.js';
import { createRecord } from '../support/samples.js';
import { recentHomework } from '../../src/server/modules/homework/student.js';
import { schoolToday } from '../../src/server/modules/homework/reach.js';

let t: TestApp;
let s: TestSchool;
let admin: string;
let teacher: string;
let teacher2: string;
let parentA: string;
let parentB: string;
let classA: number;
let classB: number;
let mathsA: number;
let scienceA: number;
let mathsB: number;
let childA: number;
let childB: number;
let year: number;

const call = (c: string, body?: unknown, token = teacher) => t.call(s.code, c, body, token);
const today = schoolToday();
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(16)]);

async function upload(name: string, bytes: Buffer, kind: string, token = teacher) {
  return uploadAs(t, s, token, kind, name, bytes);
}

/** The bytes served at a stored file's address. */
async function served(path: string) {
  const res = await t.app.inject({ method: 'GET', url: path });
  return { status: res.statusCode, bytes: res.rawPayload, type: res.headers['content-type'] };
}

async function familyIn(classId: number, name: string): Promise<{ token: string; child: number }> {
  const email = `${name.toLowerCase()}@${s.code.toLowerCase()}.test`;
  const { user_id } = (await call('PUT /user/', { name, email, password: PASSWORD, role: 1 }, admin)).body.data;
  const child = await admitStudent(t, s, admin, { ac_year_id: year, class_id: classId, fullname: `${name} Junior`, roll_no: 1 }, 'HW');
  expect((await call('POST /user/link/student/', { student_id: child.id, user_id }, admin)).body.success).toBe(true);
  return { token: (await call('POST /login/', { email, password: PASSWORD }, '')).body.data.token, child: child.id };
}

const set = (body: Record<string, unknown>, token = teacher) => call('PUT /homework/', body, token);
const homework = (over: Record<string, unknown> = {}) => ({
  title: 'Fractions', class_id: classA, subject_id: mathsA, description: '<p>Solve exercise 4.2</p>', submission_date: today, files: [], ...over,
});
const submit = (body: Record<string, unknown>, token = parentA) => call('PUT /homework/solution/', body, token);

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  admin = s.tokens['4']!;
  teacher = s.tokens['2']!;
  year = (await createRecord(t, s, 'acyears', { name: '2026-27' })).id;
  classA = (await createRecord(t, s, 'classes', { class: '5', section: 'A', class_teacher_id: null })).id;
  classB = (await createRecord(t, s, 'classes', { class: '5', section: 'B', class_teacher_id: null })).id;
  mathsA = (await createRecord(t, s, 'subjects', { class_id: classA, name: 'Mathematics', code: 'MA5A', subject_teacher_id: null })).id;
  scienceA = (await createRecord(t, s, 'subjects', { class_id: classA, name: 'Science', code: 'SC5A', subject_teacher_id: null })).id;
  mathsB = (await createRecord(t, s, 'subjects', { class_id: classB, name: 'Mathematics', code: 'MA5B', subject_teacher_id: null })).id;
  ({ token: parentA, child: childA } = await familyIn(classA, 'Ramesh'));
  ({ token: parentB, child: childB } = await familyIn(classB, 'Suresh'));
  await call('PUT /teachers/', { fullname: 'Second Teacher', email: 'second@hw.test', mobile: '9876500001', password: PASSWORD }, admin);
  teacher2 = (await call('POST /login/', { email: 'second@hw.test', password: PASSWORD }, '')).body.data.token;
});
afterAll(() => t?.close());

describe('setting homework', () => {
  it("adds homework with its files: 'Homework Added', listed with class, section and subject", async () => {
    const pdf = await upload('worksheet.pdf', PDF, 'homework-files');
    expect(pdf.status).toBe(200);
    const res = await set(homework({ title: 'Worksheet 1', files: [{ path: pdf.body.data.path, name: 'ignored.pdf' }] }));
    expect([res.status, res.body.message]).toEqual([200, 'Homework Added']);
    const list = (await call('GET /homework/')).body.data as Array<Record<string, any>>;
    const row = list.find((h) => h.id === res.body.data.id)!;
    expect(row).toMatchObject({ title: 'Worksheet 1', class: '5', section: 'A', subject: 'Mathematics', submission_date: today, description: '<p>Solve exercise 4.2</p>' });
    // The store names the file, not the sender.
    expect(row.files).toEqual([expect.objectContaining({ name: 'worksheet.pdf', path: pdf.body.data.path, url: pdf.body.data.path, type: 'application/pdf', size: PDF.length })]);
  });

  it("says the spec's messages for what is missing, with nothing stored", async () => {
    const before = (await call('GET /homework/')).body.data.length;
    for (const [field, message] of [['title', 'Title is required'], ['class_id', 'Class is required'], ['description', 'Description is required'], ['submission_date', 'Submission date is required']] as const) {
      const body: Record<string, unknown> = homework();
      delete body[field];
      const res = await set(body);
      expect([res.status, res.body.error], field).toEqual([400, message]);
    }
    expect((await set(homework({ title: '   ' }))).body.error).toBe('Title is required');
    // An editor's empty paragraph says nothing.
    expect((await set(homework({ description: '<p></p>' }))).body.error).toBe('Description is required');
    expect((await set(homework({ class_id: 999999 }))).status).toBe(404);
    expect((await set(homework({ subject_id: mathsB }))).body.error).toBe('The subject is not a subject of this class');
    expect((await call('GET /homework/')).body.data.length).toBe(before);
  });

  it('keeps the description free of script, and names files so they cannot run any', async () => {
    const evil = await upload('<img src=x onerror=alert(1)>.png', PNG, 'homework-files');
    expect(evil.status).toBe(200);
    expect(evil.body.data.name).not.toMatch(/[<>"' ]/);
    const res = await set(homework({ title: 'Safe', description: '<p>Read</p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>', files: [{ path: evil.body.data.path }] }));
    const one = (await call(`GET /homework/${res.body.data.id}/`)).body.data;
    expect(one.description).not.toMatch(/script|onerror|javascript/i);
    expect(one.description).toContain('<p>Read</p>');
    expect(one.files[0].name).not.toMatch(/[<>"' ]/);
  });

  it('refuses files of the wrong type, whose bytes are not what their name says, or not uploaded here', async () => {
    expect((await upload('clip.mp4', MP4, 'homework-files')).status).toBe(200);
    expect((await upload('talk.mp3', Buffer.concat([Buffer.from('ID3'), Buffer.alloc(20)]), 'homework-files')).status).toBe(200);
    expect((await upload('clip.webm', Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(20)]), 'homework-files')).status).toBe(200);
    const exe = await upload('virus.exe', Buffer.from('MZ....'), 'homework-files');
    expect([exe.status, exe.body.error]).toEqual([400, 'virus.exe file upload failed.']);
    const fakePng = await upload('photo.png', Buffer.from('<html>not an image</html>'), 'homework-files');
    expect([fakePng.status, fakePng.body.error]).toEqual([400, 'photo.png file upload failed.']);
    const fakeMp4 = await upload('clip.mp4', Buffer.from('just some text here, no video'), 'homework-files');
    expect(fakeMp4.status).toBe(400);
    // Families may not upload homework files; staff may not upload solutions.
    expect((await upload('sheet.pdf', PDF, 'homework-files', parentA)).status).toBe(403);
    expect((await upload('answer.png', PNG, 'homework-solutions', teacher)).status).toBe(403);
    // A file of another kind is not a homework file.
    const solutionFile = await upload('answer.png', PNG, 'homework-solutions', parentA);
    const res = await set(homework({ files: [{ path: solutionFile.body.data.path }] }));
    expect([res.status, res.body.error]).toEqual([400, 'A file was not uploaded here: upload it again']);
    expect((await set(homework({ files: [{ path: '/api/OTHER1/files/abcdefghijklmnopqrstuvwxyzABCDEF/x.png' }] }))).status).toBe(400);
  });

  it('is set by staff only', async () => {
    expect((await set(homework(), parentA)).status).toBe(403);
    expect((await set(homework(), s.tokens['7']!)).status).toBe(403);
    expect((await set(homework({ title: 'By the office' }), s.tokens['3']!)).body.message).toBe('Homework Added');
    expect((await set(homework(), s.tokens['admin-read']!)).status).toBe(403);
  });
});

describe('the homework list', () => {
  it('filters by class and subject, and pages by 50 with the total', async () => {
    await set(homework({ title: 'Plants', subject_id: scienceA }));
    await set(homework({ title: 'Tables of 5 B', class_id: classB, subject_id: mathsB }));
    const ofB = (await call(`GET /homework/?class_id=${classB}`)).body.data as Array<{ title: string; class_id: number }>;
    expect(ofB.map((h) => h.title)).toEqual(['Tables of 5 B']);
    const science = (await call(`GET /homework/?class_id=${classA}&subject_id=${scienceA}`)).body.data as Array<{ title: string }>;
    expect(science.map((h) => h.title)).toEqual(['Plants']);
    const bySubject = (await call(`GET /homework/subject/${scienceA}/`)).body.data as Array<{ title: string }>;
    expect(bySubject.map((h) => h.title)).toEqual(['Plants']);
    const all = (await call('GET /homework/')).body.data.length;
    const page = await call('GET /homework/?page=1&page_size=2');
    expect(page.body.data).toHaveLength(2);
    expect(page.body.meta!.total).toBe(all);
    expect((await call('GET /homework/?class_id=abc')).status).toBe(400);
  });
});

describe('families', () => {
  let open: number;
  let closed: number;
  let ofB: number;

  beforeAll(async () => {
    open = (await set(homework({ title: 'Due today' }))).body.data.id;
    closed = (await set(homework({ title: 'Was due in 2020', submission_date: '2020-01-10' }))).body.data.id;
    ofB = (await set(homework({ title: 'Only for 5 B', class_id: classB, subject_id: mathsB }))).body.data.id;
  });

  it("list their own child's class's homework on GET /homework/{student_id}/, never another family's", async () => {
    const mine = await call(`GET /homework/${childA}/`, undefined, parentA);
    expect(mine.status).toBe(200);
    const titles = (mine.body.data as Array<{ title: string }>).map((h) => h.title);
    expect(titles).toContain('Due today');
    expect(titles).not.toContain('Only for 5 B');
    expect((mine.body.data as Array<{ id: number; over: boolean }>).find((h) => h.id === closed)!.over).toBe(true);
    // Another family's child, and a homework id read as a student id, are missing.
    expect((await call(`GET /homework/${childB}/`, undefined, parentA)).status).toBe(404);
    expect((await call(`GET /homework/${childA}/`, undefined, parentB)).status).toBe(404);
    expect((await call('GET /homework/', undefined, parentA)).status).toBe(403);
    expect((await call(`GET /homework/${open}/solutions/`, undefined, parentA)).status).toBe(403);
  });

  it('read one homework of their child with their solutions; another class\'s or another child\'s is missing', async () => {
    const one = await call(`GET /homework/student/${childA}/${open}/`, undefined, parentA);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: open, title: 'Due today', subject: 'Mathematics', solutions: [], over: false });
    expect((await call(`GET /homework/student/${childA}/${ofB}/`, undefined, parentA)).status).toBe(404);
    expect((await call(`GET /homework/student/${childB}/${ofB}/`, undefined, parentA)).status).toBe(404);
    expect((await call(`GET /homework/student/${childB}/${ofB}/`, undefined, parentB)).status).toBe(200);
    expect((await call(`GET /homework/student/${childA}/${open}/`, undefined, teacher)).status).toBe(403);
  });

  it("submit a solution with a photo: 'Solution Submitted', and again (each kept)", async () => {
    const photo = await upload('page1.png', PNG, 'homework-solutions', parentA);
    expect(photo.status).toBe(200);
    const res = await submit({ student_id: childA, homework_id: open, description: 'My answers are in the photo', files: [{ path: photo.body.data.path }] });
    expect([res.status, res.body.message]).toEqual([200, 'Solution Submitted']);
    expect((await submit({ student_id: childA, homework_id: open, description: 'Second try', files: [] })).body.success).toBe(true);
    const one = (await call(`GET /homework/student/${childA}/${open}/`, undefined, parentA)).body.data;
    expect(one.solutions.map((x: { description: string }) => x.description)).toEqual(['Second try', 'My answers are in the photo']);
    expect(one.solutions[1]).toMatchObject({ remarks: null, attachment: null, student_name: 'Ramesh Junior', files: [expect.objectContaining({ name: 'page1.png', type: 'image/png' })] });
  });

  it("are refused: empty text, a passed deadline, a missing id, another family's child or another class's homework", async () => {
    const count = async () => Number((await schoolDb(t, s).selectFrom('homework_solution').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    expect((await submit({ student_id: childA, homework_id: open, description: '   ' })).body.error).toBe('Solution text is empty!');
    expect((await submit({ student_id: childA, homework_id: open, description: '' })).body.error).toBe('Solution text is empty!');
    const late = await submit({ student_id: childA, homework_id: closed, description: 'Late' });
    expect([late.status, late.body.error]).toEqual([400, 'Last date for submission is over']);
    expect((await submit({ homework_id: open, description: 'x' })).body.error).toBe('Invalid URL');
    expect((await submit({ student_id: childA, description: 'x' })).body.error).toBe('Invalid URL');
    expect((await submit({ student_id: childB, homework_id: ofB, description: 'Not mine' })).status).toBe(404);
    const wrongClass = await submit({ student_id: childA, homework_id: ofB, description: 'Wrong class' });
    expect([wrongClass.status, wrongClass.body.error]).toEqual([404, 'Invalid URL']);
    // A homework file is not a solution's file.
    const sheet = await upload('sheet.pdf', PDF, 'homework-files');
    expect((await submit({ student_id: childA, homework_id: open, description: 'x', files: [{ path: sheet.body.data.path }] })).status).toBe(400);
    expect((await submit({ student_id: childA, homework_id: open, description: 'x' }, teacher)).status).toBe(403);
    expect(await count()).toBe(before);
  });
});

describe('correcting solutions', () => {
  let hw: number;
  let solution: number;
  let original: string;

  beforeAll(async () => {
    hw = (await set(homework({ title: 'Draw a leaf' }))).body.data.id;
    original = (await upload('leaf.png', PNG, 'homework-solutions', parentA)).body.data.path;
    solution = (await submit({ student_id: childA, homework_id: hw, description: 'My leaf', files: [{ path: original }] })).body.data.id;
  });

  it('shows the solution awaiting reply in the viewer, with the student\'s name and files', async () => {
    const one = (await call(`GET /homework/${hw}/`)).body.data;
    expect(one).toMatchObject({ id: hw, title: 'Draw a leaf', class: '5', section: 'A', subject: 'Mathematics' });
    expect(one.solutions).toEqual([expect.objectContaining({ id: solution, student_name: 'Ramesh Junior', description: 'My leaf', remarks: null, attachment: null })]);
  });

  it("saves a drawn correction as a new file beside the original: 'Remarks added'", async () => {
    const drawn = await upload('leaf-corrected.png', PNG, 'homework-corrections');
    expect(drawn.status).toBe(200);
    expect(drawn.body.data.path).not.toBe(original);
    const res = await call('POST /homework/solution/', { id: solution, homework_id: hw, remarks: 'Label the veins', attachment: drawn.body.data.path });
    expect([res.status, res.body.message]).toEqual([200, 'Remarks added']);
    const one = (await call(`GET /homework/${hw}/`)).body.data;
    expect(one.solutions[0]).toMatchObject({ remarks: 'Label the veins', attachment: drawn.body.data.path, teacher_name: 'teacher', files: [expect.objectContaining({ path: original })] });
    // Both files are kept: the student's as sent, the correction as drawn.
    const [kept, correction] = [await served(original), await served(drawn.body.data.path)];
    expect([kept.status, kept.type, Buffer.compare(kept.bytes, PNG)]).toEqual([200, 'image/png', 0]);
    expect([correction.status, correction.type]).toEqual([200, 'image/png']);
    // The family sees the remarks and the corrected image.
    const theirs = (await call(`GET /homework/student/${childA}/${hw}/`, undefined, parentA)).body.data;
    expect(theirs.solutions[0]).toMatchObject({ remarks: 'Label the veins', attachment: drawn.body.data.path });
    // And the header's bell tells them (pushed live to their sockets: tests/api/realtime.test.ts).
    expect((await call('GET /notifications/', undefined, parentA)).body.data[0]).toMatchObject({ title: 'Homework corrected', body: 'Draw a leaf: Label the veins' });
  });

  it('refuses remarks without text, on a solution of other homework, an attachment not uploaded as a correction, or from a family', async () => {
    expect((await call('POST /homework/solution/', { id: solution, homework_id: hw, remarks: ' ' })).body.error).toBe('Remarks are required');
    const other = (await set(homework({ title: 'Other' }))).body.data.id;
    expect((await call('POST /homework/solution/', { id: solution, homework_id: other, remarks: 'x' })).status).toBe(404);
    const notCorrection = (await upload('x.png', PNG, 'homework-solutions', parentA)).body.data.path;
    const res = await call('POST /homework/solution/', { id: solution, homework_id: hw, remarks: 'x', attachment: notCorrection });
    expect([res.status, res.body.error]).toEqual([400, 'The attachment was not uploaded here: upload it again']);
    expect((await call('POST /homework/solution/', { id: solution, homework_id: hw, remarks: 'x' }, parentA)).status).toBe(403);
    expect((await upload('x.png', PNG, 'homework-corrections', parentA)).status).toBe(403);
    expect((await call(`GET /homework/${hw}/`)).body.data.solutions[0].remarks).toBe('Label the veins');
  });

  it('counts submitted and corrected solutions per student of the class', async () => {
    await submit({ student_id: childA, homework_id: hw, description: 'Again' });
    const other = await admitStudent(t, s, admin, { ac_year_id: year, class_id: classA, fullname: 'Zoya Quiet', roll_no: 2 }, 'HW');
    const res = await call(`GET /homework/${hw}/solutions/`);
    expect(res.status).toBe(200);
    const rows = res.body.data as Array<Record<string, unknown>>;
    expect(rows.find((r) => r.id === childA)).toMatchObject({ fullname: 'Ramesh Junior', submitted: 2, corrected: 1, roll_no: 1 });
    expect(rows.find((r) => r.id === other.id)).toMatchObject({ fullname: 'Zoya Quiet', submitted: 0, corrected: 0 });
    expect(rows.every((r) => 'admission_no' in r)).toBe(true);
    expect(rows.some((r) => r.id === childB)).toBe(false);
    const page = await call(`GET /homework/${hw}/solutions/?page=1&page_size=1`);
    expect([page.body.data.length, page.body.meta!.total]).toEqual([1, rows.length]);
  });

  it("lists a student's recent homework for the dashboard", async () => {
    const recent = await recentHomework(schoolDb(t, s) as never, childA, today);
    expect(recent.find((h) => h.id === hw)).toMatchObject({ title: 'Draw a leaf', subject: 'Mathematics', submitted: 2, corrected: 1 });
    expect(recent.some((h) => h.title === 'Only for 5 B')).toBe(false);
    expect(await recentHomework(schoolDb(t, s) as never, childA, '2999-01-01')).toEqual([]);
  });

  it("deletes homework with its solutions: 'Homework deleted'", async () => {
    const res = await call(`DELETE /homework/${hw}/`);
    expect([res.status, res.body.message]).toEqual([200, 'Homework deleted']);
    expect((await call(`GET /homework/${hw}/`)).status).toBe(404);
    expect((await schoolDb(t, s).selectFrom('homework_solution').select('id').where('homework_id', '=', hw).execute())).toEqual([]);
    expect((await call(`DELETE /homework/${hw}/`)).status).toBe(404);
    expect((await call(`DELETE /homework/${hw}/`, undefined, parentA)).status).toBe(403);
  });
});

describe('teacher access mode', () => {
  it("keeps a teacher to the homework they set when 'restricted'; admins see all", async () => {
    const mine = (await set(homework({ title: 'First teacher only' }))).body.data.id;
    const viaParent = (await submit({ student_id: childA, homework_id: mine, description: 'done' })).body.data.id;
    expect((await call('GET /homework/settings/')).body.data).toEqual({ teacher_access_mode: 'open' });
    expect((await call(`GET /homework/${mine}/`, undefined, teacher2)).status).toBe(200);

    expect((await call('POST /homework/settings/', { teacher_access_mode: 'restricted' })).status).toBe(403);
    expect((await call('POST /homework/settings/', { teacher_access_mode: 'closed' }, admin)).body.error).toBe('Teacher access must be open or restricted');
    expect((await call('POST /homework/settings/', { teacher_access_mode: 'restricted' }, admin)).body.message).toBe('Homework Settings Saved');
    expect((await call('GET /teacher/settings/', undefined, teacher2)).body.data.teacher_access_mode).toBe('restricted');

    const theirs = (await call('GET /homework/', undefined, teacher2)).body.data as Array<{ id: number }>;
    expect(theirs.some((h) => h.id === mine)).toBe(false);
    expect((await call(`GET /homework/subject/${mathsA}/`, undefined, teacher2)).body.data.some((h: { id: number }) => h.id === mine)).toBe(false);
    for (const c of [`GET /homework/${mine}/`, `GET /homework/${mine}/solutions/`, `DELETE /homework/${mine}/`]) {
      expect((await call(c, undefined, teacher2)).status, c).toBe(404);
    }
    expect((await call('POST /homework/solution/', { id: viaParent, homework_id: mine, remarks: 'Not mine' }, teacher2)).status).toBe(404);
    // Their own homework they still reach; the teacher who set it and the admins reach it too.
    const own = (await set(homework({ title: 'Second teacher' }), teacher2)).body.data.id;
    expect((await call('GET /homework/', undefined, teacher2)).body.data.map((h: { id: number }) => h.id)).toEqual([own]);
    expect((await call(`GET /homework/${mine}/`)).status).toBe(200);
    expect((await call(`GET /homework/${own}/`, undefined, admin)).status).toBe(200);
    expect((await call('GET /homework/', undefined, s.tokens['3']!)).body.data.some((h: { id: number }) => h.id === mine)).toBe(true);

    await call('POST /homework/settings/', { teacher_access_mode: 'open' }, admin);
    expect((await call(`GET /homework/${mine}/`, undefined, teacher2)).status).toBe(200);
  });
});
