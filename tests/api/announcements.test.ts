/**
 * Announcements (spec 2): making one for each audience with the spec's messages, who reads
 * which (a parent only their own children's classes, never the teachers'), the header
 * notifications each makes, a teacher's classes, attachments of the announcements' own upload
 * kind, and the web announcement kept sanitised.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, PASSWORD, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { admitStudent } from '../support/admit.js';
import { createRecord } from '../support/samples.js';

let t: TestApp;
let s: TestSchool;
let other: TestSchool;
let admin: string;
let parentA: string;
let parentB: string;
let classA: number;
let classB: number;
let year: number;

const call = (c: string, body?: unknown, token = admin) => t.call(s.code, c, body, token);
const make = (body: Record<string, unknown>, token = admin) => call('PUT /announcements/', body, token);
const listFor = async (token: string) => (await call('GET /announcements/', undefined, token)).body.data as Array<Record<string, any>>;
const titlesFor = async (token: string) => (await listFor(token)).map((a) => a.title);
const notesFor = async (token: string) => ((await call('GET /notifications/', undefined, token)).body.data as Array<{ title: string; body: string }>);

/** A multipart body with one file in the field "file". */
function multipart(filename: string, bytes: Buffer) {
  const boundary = `----ann${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /upload/?file_path=<kind>, as the announcement form does. */
async function upload(name: string, bytes: Buffer, kind = 'announcement-files', token = admin, school = s) {
  const { payload, headers } = multipart(name, bytes);
  const res = await t.app.inject({ method: 'POST', url: `/api/${school.code}/upload/?file_path=${kind}`, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json() };
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** A family login (role 1) with one child in the class, through the contract's own calls. */
async function familyIn(classId: number, name: string): Promise<string> {
  const email = `${name.toLowerCase()}@${s.code.toLowerCase()}.test`;
  const { user_id } = (await call('PUT /user/', { name, email, password: PASSWORD, role: 1 })).body.data;
  const child = await admitStudent(t, s, admin, { ac_year_id: year, class_id: classId, fullname: `${name} Junior` }, 'AN');
  expect((await call('POST /user/link/student/', { student_id: child.id, user_id })).body.success).toBe(true);
  return (await call('POST /login/', { email, password: PASSWORD }, '')).body.data.token;
}

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  other = await t.school();
  admin = s.tokens['4']!;
  year = (await createRecord(t, s, 'acyears', { name: '2026-27' })).id;
  // The signed-in teacher leads class A and teaches in no other.
  const me = await createRecord(t, s, 'teachers', {});
  await schoolDb(t, s).updateTable('teacher').set({ user_id: s.users['2'] }).where('id', '=', me.id).execute();
  classA = (await createRecord(t, s, 'classes', { class: '5', section: 'A', class_teacher_id: me.id })).id;
  classB = (await createRecord(t, s, 'classes', { class: '5', section: 'B', class_teacher_id: null })).id;
  parentA = await familyIn(classA, 'Ramesh');
  parentB = await familyIn(classB, 'Suresh');
});
afterAll(() => t?.close());

describe('making an announcement', () => {
  it("makes one for a class: 'New Announcement Made', a row per class with its class and section", async () => {
    const res = await make({ title: 'Sports Day', message: 'Sports day is on Friday. Wear house colours.', to: 5, class_ids: [classA, classB], files: [] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'New Announcement Made' });
    expect(res.body.data.ids).toHaveLength(2);
    const rows = (await listFor(admin)).filter((a) => a.title === 'Sports Day');
    expect(rows.map((r) => [r.class, r.section]).sort()).toEqual([['5', 'A'], ['5', 'B']]);
    expect(rows[0]).toMatchObject({ content: 'Sports day is on Friday. Wear house colours.', to_role: 5, files: [], sent_by: s.users['4'] });
    expect(typeof rows[0]!.timestamp).toBe('string');
  });

  it("says the spec's messages for what is missing, the same as the form", async () => {
    for (const [body, message] of [
      [{ title: 'T', message: 'M' }, 'To is required'],
      [{ title: 'T', message: 'M', to: 3 }, 'To is required'],
      [{ title: 'T', message: 'M', to: 5 }, 'Please select atleast one class'],
      [{ title: 'T', message: 'M', to: 5, class_ids: [] }, 'Please select atleast one class'],
      [{ message: 'M', to: 0 }, 'Title is required'],
      [{ title: '   ', message: 'M', to: 0 }, 'Title is required'],
      [{ title: 'T', to: 0 }, 'Message is required'],
      [{ title: 'T', message: '', to: 0 }, 'Message is required'],
      [{ title: 'T', message: 'M', to: 5, class_ids: [999999] }, 'Class not found'],
    ] as const) {
      const res = await make(body);
      expect(res.status, message).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toBe(message);
    }
  });

  it('is for teachers and the office only (roles 2, 3 and 4)', async () => {
    const body = { title: 'Not yours', message: 'M', to: 0 };
    for (const key of ['1', '5', '6', '7', 'admin-read', 'admin-none']) {
      expect((await make(body, s.tokens[key])).status, key).toBe(403);
    }
    expect((await make(body, parentA)).status).toBe(403);
    for (const key of ['2', '3', '4']) expect((await make({ ...body, title: `From ${key}` }, s.tokens[key])).status, key).toBe(200);
  });

  it("lets a teacher address only the classes they lead or teach, and offers just those", async () => {
    const teacher = s.tokens['2']!;
    expect((await call('GET /announcements/classes/', undefined, teacher)).body.data).toEqual([{ id: classA, class: '5', section: 'A' }]);
    expect((await call('GET /announcements/classes/')).body.data.map((c: any) => c.id)).toEqual([classA, classB]);
    expect((await call('GET /announcements/classes/', undefined, parentA)).status).toBe(403);

    const mine = await make({ title: 'Class test', message: 'Maths test on Monday', to: 5, class_ids: [classA] }, teacher);
    expect(mine.body.message).toBe('New Announcement Made');
    const notMine = await make({ title: 'Other class', message: 'M', to: 5, class_ids: [classA, classB] }, teacher);
    expect(notMine.status).toBe(403);
    expect(notMine.body.error).toBe('You can make announcements only to the classes you teach');
    expect(await titlesFor(admin)).not.toContain('Other class');
  });
});

describe('who reads which', () => {
  let forA: number;
  let forTeachers: number;

  beforeAll(async () => {
    forA = (await make({ title: 'Only 5 A', message: 'Picnic for 5 A', to: 5, class_ids: [classA] })).body.data.ids[0];
    forTeachers = (await make({ title: 'Staff meeting', message: 'At 4 pm in the staff room', to: 2 })).body.data.ids[0];
    await make({ title: 'Holiday', message: 'School is closed on Monday', to: 0 });
    await make({ title: 'Exams', message: 'Exam timetable is out', to: 1 });
  });

  it("shows a parent those for everyone, all students and their child's class, never another class's or the teachers'", async () => {
    const a = await titlesFor(parentA);
    expect(a).toEqual(expect.arrayContaining(['Only 5 A', 'Holiday', 'Exams']));
    expect(a).not.toContain('Staff meeting');
    const b = await titlesFor(parentB);
    expect(b).toEqual(expect.arrayContaining(['Holiday', 'Exams']));
    expect(b).not.toContain('Only 5 A');
    expect(b).not.toContain('Staff meeting');
    // Staff read them all, newest first.
    for (const key of ['2', '3', '4']) {
      const all = await titlesFor(s.tokens[key]!);
      expect(all.slice(0, 4), key).toEqual(['Exams', 'Holiday', 'Staff meeting', 'Only 5 A']);
    }
  });

  it('answers one announcement only to those it is for: another class or the teachers are a 404', async () => {
    const mine = await call(`GET /announcement/${forA}/`, undefined, parentA);
    expect(mine.body.data).toMatchObject({ id: forA, title: 'Only 5 A', content: 'Picnic for 5 A', class: '5', section: 'A' });
    for (const [id, token] of [[forA, parentB], [forTeachers, parentA], [forTeachers, parentB], [999999, admin]] as const) {
      const res = await call(`GET /announcement/${id}/`, undefined, token);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Announcement not found');
    }
    expect((await call(`GET /announcement/${forTeachers}/`, undefined, s.tokens['2'])).body.data.title).toBe('Staff meeting');
    // Another school's token is not this school's person.
    expect((await t.call(s.code, `GET /announcement/${forA}/`, undefined, other.tokens['4'])).status).toBe(401);
  });

  it("follows the child's class now: a child who has left makes the class's announcements unreadable", async () => {
    const db = schoolDb(t, s);
    const ids = (await db.selectFrom('student').select('id').where('class_id', '=', classA).execute()).map((r) => r.id);
    await db.updateTable('student').set({ status: 2 }).where('id', 'in', ids).execute();
    try {
      expect(await titlesFor(parentA)).not.toContain('Only 5 A');
      expect((await call(`GET /announcement/${forA}/`, undefined, parentA)).status).toBe(404);
    } finally {
      await db.updateTable('student').set({ status: 1 }).where('id', 'in', ids).execute();
    }
  });

  it('pages the list on request, with the total', async () => {
    const all = await listFor(parentA);
    const page = await call('GET /announcements/?page=1&page_size=2', undefined, parentA);
    expect(page.body.data.map((a: any) => a.id)).toEqual(all.slice(0, 2).map((a) => a.id));
    expect(page.body.meta).toEqual({ total: all.length });
    expect((await call('GET /announcements/?page=0')).body.error).toBe('Invalid page');
  });
});

describe('header notifications', () => {
  it("reach the class's parents and nobody else's", async () => {
    await make({ title: 'Bring crayons', message: 'Art class tomorrow: bring crayons.', to: 5, class_ids: [classA] });
    expect((await notesFor(parentA)).find((n) => n.title === 'Bring crayons')).toMatchObject({ body: 'Art class tomorrow: bring crayons.' });
    expect((await notesFor(parentB)).map((n) => n.title)).not.toContain('Bring crayons');
    expect((await notesFor(s.tokens['2']!)).map((n) => n.title)).not.toContain('Bring crayons');
  });

  it('reach the teachers, all families, or everyone, as the audience says', async () => {
    await make({ title: 'Teachers only', message: 'Submit marks by Friday', to: 2 });
    await make({ title: 'All families', message: 'PTA meeting on Saturday', to: 1 });
    await make({ title: 'Whole school', message: 'Annual day on 20 December', to: 0 });
    const teacher = (await notesFor(s.tokens['2']!)).map((n) => n.title);
    expect(teacher).toEqual(expect.arrayContaining(['Teachers only', 'Whole school']));
    expect(teacher).not.toContain('All families');
    for (const parent of [parentA, parentB]) {
      const titles = (await notesFor(parent)).map((n) => n.title);
      expect(titles).toEqual(expect.arrayContaining(['All families', 'Whole school']));
      expect(titles).not.toContain('Teachers only');
    }
    expect((await notesFor(s.tokens['7']!)).map((n) => n.title)).toContain('Whole school');
  });

  it('keep a long message short; the announcement holds it all', async () => {
    const long = 'Please note. '.repeat(60).trim();
    await make({ title: 'Long one', message: long, to: 1 });
    const note = (await notesFor(parentA)).find((n) => n.title === 'Long one')!;
    expect(note.body.length).toBe(300);
    expect(note.body.endsWith('…')).toBe(true);
    expect((await listFor(parentA)).find((a) => a.title === 'Long one')!.content).toBe(long);
  });
});

describe('attachments', () => {
  it("upload as 'announcement-files' in the spec's types, with its message for others", async () => {
    const ok = await upload('circular.pdf', PDF);
    expect(ok.body).toMatchObject({ success: true, data: { name: 'circular.pdf' } });
    for (const name of ['notes.txt', 'slides.pptx', 'letter.docx', 'sheet.odt', 'talk.odp', 'old.doc', 'old.ppt', 'note.rtf']) {
      expect((await upload(name, Buffer.from('some text'))).status, name).toBe(200);
    }
    for (const [name, bytes] of [['virus.exe', Buffer.from('MZ')], ['page.html', Buffer.from('<script>')], ['fake.pdf', Buffer.from('not a pdf')], ['photo.png', PDF]] as const) {
      const res = await upload(name, bytes);
      expect(res.status, name).toBe(400);
      expect(res.body.error).toBe(`${name} file upload failed.`);
    }
    // Those who may make an announcement may upload its files; a teacher may, a parent may not.
    expect((await upload('a.pdf', PDF, 'announcement-files', s.tokens['2']!)).status).toBe(200);
    expect((await upload('a.pdf', PDF, 'announcement-files', parentA)).status).toBe(403);
  });

  it('go with the announcement as path, name and address', async () => {
    const up = (await upload('timetable.pdf', PDF)).body.data;
    const res = await make({ title: 'Timetable', message: 'See the attachment', to: 1, files: [{ path: up.path, name: 'anything.pdf', url: 'https://elsewhere.example/x' }] });
    expect(res.body.message).toBe('New Announcement Made');
    const row = (await listFor(parentA)).find((a) => a.title === 'Timetable')!;
    expect(row.files).toEqual([{ path: up.path, name: 'timetable.pdf', url: up.path }]);
    const file = await t.app.inject({ method: 'GET', url: up.path });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
  });

  it("refuse a path that is not this school's upload of an announcement file", async () => {
    const document = (await upload('marks.csv', Buffer.from('a,b\n'), 'documents')).body.data.path;
    const elsewhere = (await upload('x.pdf', PDF, 'announcement-files', other.tokens['4']!, other)).body.data.path;
    const fake = `/api/${s.code}/files/${'A'.repeat(32)}/x.pdf`;
    for (const path of [document, elsewhere, fake, '/etc/passwd', 'https://evil.example/x.pdf']) {
      const res = await make({ title: 'With a file', message: 'M', to: 0, files: [{ path }] });
      expect(res.status, path).toBe(400);
      expect(res.body.error).toBe('An attachment was not uploaded here: upload it again');
    }
    expect(await titlesFor(admin)).not.toContain('With a file');
  });
});

describe('web announcement', () => {
  it("saves the admins' rich text sanitised: 'Announcement data saved', no script survives", async () => {
    expect((await call('GET /announcements/web/', undefined, parentA)).body.data).toEqual({ data: '' });
    const dirty = '<h2>Admissions open</h2><p onclick="steal()">Apply <a href="javascript:alert(1)">here</a> or <a href="https://school.example/apply">online</a>.</p>'
      + '<script>alert(1)</script><img src=x onerror="alert(1)"><iframe src="https://evil.example"></iframe><p style="position:fixed">Styled</p>';
    const res = await call('POST /announcements/web/', { data: dirty });
    expect(res.body).toMatchObject({ success: true, message: 'Announcement data saved' });
    const clean = '<h2>Admissions open</h2><p>Apply <a rel="noopener noreferrer">here</a> or <a rel="noopener noreferrer" href="https://school.example/apply">online</a>.</p><p>Styled</p>';
    expect(res.body.data.data).toBe(clean);
    const stored = await schoolDb(t, s).selectFrom('setting').select('value').where('key', '=', 'web_announcement').executeTakeFirstOrThrow();
    expect(stored.value).toEqual({ data: clean });
    for (const token of [parentA, s.tokens['2']!, admin]) expect((await call('GET /announcements/web/', undefined, token)).body.data).toEqual({ data: clean });
  });

  it('is sanitised when read too, whatever the store holds', async () => {
    await schoolDb(t, s).updateTable('setting').set({ value: JSON.stringify({ data: '<p>Hi<script>alert(1)</script></p>' }) }).where('key', '=', 'web_announcement').execute();
    expect((await call('GET /announcements/web/', undefined, parentB)).body.data).toEqual({ data: '<p>Hi</p>' });
  });

  it('is edited by admins only', async () => {
    for (const key of ['1', '2', '5', '6', '7', 'admin-read']) {
      expect((await call('POST /announcements/web/', { data: '<p>x</p>' }, s.tokens[key])).status, key).toBe(403);
    }
    expect((await call('POST /announcements/web/', { data: '<p>By the office</p>' }, s.tokens['3'])).body.message).toBe('Announcement data saved');
    expect((await call('POST /announcements/web/', {})).body.error).toBe('Announcement is required');
  });
});
