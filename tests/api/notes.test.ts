/**
 * Notes (spec 3 Notes, §5, §6, §7; spec 4 §2.8): a teacher uploads a file of the notes' kind and
 * adds it to a class ('Note Added'); the class's list answers the spec's fields; only teachers
 * add, teachers and admins delete ('Note deleted'); a parent reads only their own children's
 * class, and another class is answered as missing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, PASSWORD, type TestApp, type TestSchool } from '../support/app.js';
import { admitStudent } from '../support/admit.js';
import { createRecord } from '../support/samples.js';
import { uploadAs } from '../support/upload.js';

let t: TestApp;
let s: TestSchool;
let admin: string;
let teacher: string;
let parentA: string;
let classA: number;
let classB: number;
let subjectA: number;
let subjectB: number;
let year: number;

const call = (c: string, body?: unknown, token = teacher) => t.call(s.code, c, body, token);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const upload = (name: string, bytes: Buffer | string, token = teacher) => uploadAs(t, s, token, 'notes', name, bytes);
const listOf = async (classId: number, token = teacher) => (await call(`GET /notes/${classId}/`, undefined, token)).body.data as Array<Record<string, any>>;

async function addNote(name: string, classId = classA, subjectId: number | null = subjectA) {
  const up = await upload(`${name}.pdf`, PDF);
  expect(up.body.success).toBe(true);
  const res = await call('PUT /notes/', { class_id: classId, subject_id: subjectId, name, description: `About ${name}`, url: up.body.data.path });
  expect(res.body).toMatchObject({ success: true, message: 'Note Added' });
  return res.body.data as { id: number; url: string };
}

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  admin = s.tokens['3']!;
  teacher = s.tokens['2']!;
  year = (await createRecord(t, s, 'acyears', { name: '2026-27' })).id;
  classA = (await createRecord(t, s, 'classes', { class: '5', section: 'A' })).id;
  classB = (await createRecord(t, s, 'classes', { class: '5', section: 'B' })).id;
  subjectA = (await createRecord(t, s, 'subjects', { class_id: classA, name: 'Science' })).id;
  subjectB = (await createRecord(t, s, 'subjects', { class_id: classB, name: 'History' })).id;
  const email = `ramesh@${s.code.toLowerCase()}.test`;
  const { user_id } = (await call('PUT /user/', { name: 'Ramesh', email, password: PASSWORD, role: 1 }, admin)).body.data;
  const child = await admitStudent(t, s, admin, { ac_year_id: year, class_id: classA, fullname: 'Ravi Kumar' }, 'NT');
  expect((await call('POST /user/link/student/', { student_id: child.id, user_id }, admin)).body.success).toBe(true);
  parentA = (await call('POST /login/', { email, password: PASSWORD }, '')).body.data.token;
});
afterAll(() => t?.close());

describe('adding a note', () => {
  it("stores the note and lists it with the spec's fields", async () => {
    const added = await addNote('Plants and their parts');
    const rows = await listOf(classA);
    const row = rows.find((r) => r.id === added.id)!;
    expect(row).toMatchObject({ class_id: classA, subject_id: subjectA, name: 'Plants and their parts', description: 'About Plants and their parts', subject_name: 'Science' });
    expect(row.url).toMatch(new RegExp(`^/api/${s.code}/files/[A-Za-z0-9_-]{32}/Plants_and_their_parts\\.pdf$`));
    expect(Number.isNaN(Date.parse(row.uploaded_on))).toBe(false);
    // The file downloads from the address the list gives.
    const file = await t.app.inject({ method: 'GET', url: row.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(await listOf(classB)).toEqual([]);
  });

  it("says the spec's messages for a missing class, name or file", async () => {
    const up = await upload('x.pdf', PDF);
    const url = up.body.data.path;
    const noClass = await call('PUT /notes/', { name: 'A', url });
    expect(noClass.status).toBe(400);
    expect(noClass.body.error).toBe('Class is required');
    expect((await call('PUT /notes/', { class_id: classA, url })).body.error).toBe('Name is required');
    expect((await call('PUT /notes/', { class_id: classA, name: '   ', url })).body.error).toBe('Name is required');
    expect((await call('PUT /notes/', { class_id: classA, name: 'A' })).body.error).toBe('File is required');
  });

  it("takes a teacher's plain POST /upload/ (spec 3 §7 names no kind) as a note's file", async () => {
    const up = await uploadAs(t, s, teacher, null, 'Plain upload.pdf', PDF);
    expect(up).toMatchObject({ status: 200, body: { success: true, data: { name: 'Plain_upload.pdf' } } });
    const res = await call('PUT /notes/', { class_id: classA, subject_id: subjectA, name: 'Plain upload', description: 'Sent without a kind', url: up.body.data.path });
    expect(res.body).toMatchObject({ success: true, message: 'Note Added' });
    // Judged by the notes' rule: a type notes do not take is refused with the notes' message.
    expect(await uploadAs(t, s, teacher, null, 'marks.csv', 'a,b\n1,2\n')).toMatchObject({ status: 400, body: { error: 'marks.csv file upload failed.' } });
  });

  it('takes only a file uploaded as a note, a subject of the class and a class that exists', async () => {
    const other = await uploadAs(t, s, admin, 'documents', 'x.pdf', PDF);
    expect(other.body.success).toBe(true);
    const wrongKind = await call('PUT /notes/', { class_id: classA, name: 'A', url: other.body.data.path });
    expect(wrongKind).toMatchObject({ status: 400, body: { success: false, error: 'The file was not uploaded here: upload it again' } });
    const made = await call('PUT /notes/', { class_id: classA, name: 'A', url: `/api/${s.code}/files/${'a'.repeat(32)}/x.pdf` });
    expect(made.body.error).toBe('The file was not uploaded here: upload it again');
    const up = await upload('y.pdf', PDF);
    expect((await call('PUT /notes/', { class_id: classA, subject_id: subjectB, name: 'A', url: up.body.data.path })).body.error)
      .toBe('The subject is not a subject of this class');
    expect(await call('PUT /notes/', { class_id: 999999, name: 'A', url: up.body.data.path })).toMatchObject({ status: 404, body: { error: 'Class not found' } });
    expect((await listOf(classA)).map((r) => r.name)).not.toContain('A');
  });

  it("accepts the spec's file types only, judged by the bytes too", async () => {
    for (const name of ['a.jpg', 'a.png', 'a.doc', 'a.docx', 'a.ppt', 'a.pptx', 'a.odt', 'a.odp', 'a.txt', 'a.rtf']) {
      const bytes = name.endsWith('.jpg') ? Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]) : name.endsWith('.png') ? Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]) : 'text';
      expect((await upload(name, bytes)).body.success, name).toBe(true);
    }
    const exe = await upload('tool.exe', 'MZ');
    expect(exe).toMatchObject({ status: 400, body: { success: false, error: 'tool.exe file upload failed.' } });
    const fake = await upload('fake.pdf', 'not a pdf');
    expect(fake.body.error).toBe('fake.pdf file upload failed.');
    const big = await upload('big.txt', Buffer.alloc(10 * 1024 * 1024 + 1, 97));
    expect(big.body.success).toBe(false);
  });
});

describe('who may do what', () => {
  it('lets only teachers upload and add notes (spec 3 §6)', async () => {
    for (const token of [admin, s.tokens['4']!, parentA]) {
      expect((await upload('n.pdf', PDF, token)).status).toBe(403);
    }
    const up = await upload('n.pdf', PDF);
    for (const token of [admin, s.tokens['4']!, parentA, s.tokens['7']!]) {
      const res = await call('PUT /notes/', { class_id: classA, name: 'Not allowed', url: up.body.data.path }, token);
      expect(res.status).toBe(403);
    }
    expect((await listOf(classA)).map((r) => r.name)).not.toContain('Not allowed');
  });

  it("lets teachers and admins delete: 'Note deleted', and the file goes with it", async () => {
    const notes = [await addNote('One'), await addNote('Two'), await addNote('Three')];
    expect((await call(`DELETE /notes/${notes[0]!.id}/`, undefined, parentA)).status).toBe(403);
    for (const [i, token] of [teacher, admin, s.tokens['4']!].entries()) {
      const res = await call(`DELETE /notes/${notes[i]!.id}/`, undefined, token);
      expect(res.body).toMatchObject({ success: true, message: 'Note deleted' });
    }
    const names = (await listOf(classA)).map((r) => r.name);
    for (const n of ['One', 'Two', 'Three']) expect(names).not.toContain(n);
    expect((await t.app.inject({ method: 'GET', url: notes[0]!.url })).statusCode).toBe(404);
    expect(await call(`DELETE /notes/${notes[0]!.id}/`)).toMatchObject({ status: 404, body: { error: 'Note not found' } });
  });

  it("lets a parent read their own child's class only, and download its notes", async () => {
    await addNote('For B', classB, subjectB);
    const mine = await call(`GET /notes/${classA}/`, undefined, parentA);
    expect(mine.status).toBe(200);
    const names = (mine.body.data as Array<{ name: string }>).map((r) => r.name);
    expect(names).toContain('Plants and their parts');
    expect(names).not.toContain('For B');
    const other = await call(`GET /notes/${classB}/`, undefined, parentA);
    expect([403, 404]).toContain(other.status);
    expect(other.body.success).toBe(false);
    expect(JSON.stringify(other.body)).not.toContain('For B');
    // Staff read every class.
    expect((await listOf(classB, admin)).map((r) => r.name)).toContain('For B');
  });
});
