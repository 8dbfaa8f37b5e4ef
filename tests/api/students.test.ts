/**
 * The student record calls of the contract (.tmp/students-contract.md): lists, search, the
 * student and details pages, next numbers, attendance, logins, profile items, delete, messages,
 * text messages, pocket money, user pickers, the app-users report and file uploads.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, PASSWORD, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { createRecord } from '../support/samples.js';
import { multipart } from '../support/upload.js';

let t: TestApp;
let s: TestSchool;
let other: TestSchool;
let admin: string;
let parentId: number;
let y1: any, y2: any, classA: any, classB: any;
let aarav: any, diya: any, zoya: any, kabir: any;

const call = (c: string, body?: unknown, token = admin) => t.call(s.code, c, body, token);
const db = () => schoolDb(t, s);
let seq = 0;

/** Admits a student through the contract's own call (PUT /students/). */
async function admit(overrides: Record<string, unknown> = {}) {
  const res = await call('PUT /students/', {
    ac_year_id: y2.id, class_id: classA.id, fullname: `Student ${++seq}`, mobile: '9876543210', dob: '2015-04-01',
    admission_no: `S-${seq}-${Math.random().toString(36).slice(2, 7)}`, admission_date: '2026-06-01', ...overrides,
  });
  if (!res.body.success) throw new Error(`admit: ${res.status} ${res.body.error}`);
  return res.body.data;
}

const errorsOf = (res: { body: { error: string | null; errors?: string[] } }) => [res.body.error, ...(res.body.errors ?? [])];

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  other = await t.school();
  admin = s.tokens['4'];
  parentId = s.users['1']!;
  y1 = await createRecord(t, s, 'acyears', { name: '2025-26', start_date: '2025-06-01', end_date: '2026-03-31' });
  y2 = await createRecord(t, s, 'acyears', { name: '2026-27', start_date: '2026-06-01', end_date: '2027-03-31' });
  expect((await call(`PATCH /acyear/${y2.id}/`, { action: 'start' })).body.success).toBe(true);
  classA = await createRecord(t, s, 'classes', { class: '5', section: 'A' });
  classB = await createRecord(t, s, 'classes', { class: '5', section: 'B' });
  aarav = await admit({ fullname: 'Aarav Sharma', roll_no: 2, admission_no: '100', user_id: parentId, mobile: '9811111111' });
  diya = await admit({ fullname: 'Diya Patel', roll_no: 1, admission_no: '101', mobile: '9822222222' });
  zoya = await admit({ fullname: 'Zoya Khan', admission_no: '102' });
  kabir = await admit({ fullname: 'Kabir Singh', class_id: classB.id, admission_no: 'A-7' });
  // Aarav was in class 5 B the year before.
  await db().insertInto('student_year').values({ student_id: aarav.id, ac_year_id: y1.id, class_id: classB.id, roll_no: 9, status: 2, admission_type: 'NEW' }).execute();
});
afterAll(() => t?.close());

describe('students of a class', () => {
  it('lists the enabled year by default, every year status, by roll number then name, with the year fields', async () => {
    // A year status other than Current is still listed.
    await db().updateTable('student_year').set({ status: 4 }).where('student_id', '=', zoya.id).execute();
    const res = await call(`GET /students-list/${classA.id}/`);
    expect(res.status).toBe(200);
    const rows = res.body.data.filter((r: any) => [aarav.id, diya.id, zoya.id].includes(r.id));
    expect(rows.map((r: any) => r.fullname)).toEqual(['Diya Patel', 'Aarav Sharma', 'Zoya Khan']);
    expect(res.body.data.map((r: any) => r.id)).not.toContain(kabir.id);
    const a = rows[1];
    expect(a).toMatchObject({
      id: aarav.id, user_id: parentId, fullname: 'Aarav Sharma', mobile: '9811111111', dob: '2015-04-01', admission_no: '100',
      admission_date: '2026-06-01', roll_no: 2, status: 1, acy_status: 1, admission_type: 'NEW', class_id: classA.id,
      class: '5', section: 'A', ac_year_id: y2.id, ac_year: '2026-27',
    });
    expect(a.aym_id).toBeGreaterThan(0);
    for (const k of ['usn', 'aadhar_no', 'religion', 'caste', 'gender', 'blood_group', 'quota', 'profile_photo', 'extras']) expect(a).toHaveProperty(k);
    expect(rows[2].acy_status).toBe(4);
    await db().updateTable('student_year').set({ status: 1 }).where('student_id', '=', zoya.id).execute();
  });

  it('lists a chosen year: the class the student was in that year', async () => {
    const res = await call(`GET /students-list/${classB.id}/${y1.id}/`);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ id: aarav.id, class: '5', section: 'B', roll_no: 9, acy_status: 2, ac_year: '2025-26' });
    expect((await call(`GET /students-list/${classA.id}/${y1.id}/`)).body.data).toEqual([]);
  });

  it('answers 404 for an unknown class or year and 400 for a bad id', async () => {
    expect((await call('GET /students-list/999999/')).status).toBe(404);
    expect((await call(`GET /students-list/${classA.id}/999999/`)).status).toBe(404);
    expect((await call('GET /students-list/abc/')).status).toBe(400);
  });

  it('gives a parent only their own children, staff every student, and no one of another school', async () => {
    const parent = await call(`GET /students-list/${classA.id}/`, undefined, s.tokens['1']);
    expect(parent.body.data.map((r: any) => r.id)).toEqual([aarav.id]);
    for (const who of ['2', '3', '7']) expect((await call(`GET /students-list/${classA.id}/`, undefined, s.tokens[who])).body.data.length).toBeGreaterThanOrEqual(3);
    for (const who of ['5', '6', 'admin-none']) expect((await call(`GET /students-list/${classA.id}/`, undefined, s.tokens[who])).status).toBe(403);
    expect((await call(`GET /students-list/${classA.id}/`, undefined, other.tokens['4'])).status).toBe(401);
    expect((await call(`GET /students-list/${classA.id}/`, undefined, '')).status).toBe(401);
  });
});

describe('student search', () => {
  it('finds active students by part of the name, admission number or mobile', async () => {
    const byName = await call('GET /search/student/aarav/');
    expect(byName.body.data).toHaveLength(1);
    expect(byName.body.data[0]).toMatchObject({
      id: aarav.id, fullname: 'Aarav Sharma', class: '5', section: 'A', class_id: classA.id, ac_year_id: y2.id, admission_no: '100',
      mobile: '9811111111', admission_date: '2026-06-01', roll_no: 2, status: 1, user_id: parentId,
    });
    expect((await call('GET /search/student/A-7/')).body.data.map((r: any) => r.id)).toEqual([kabir.id]);
    expect((await call('GET /search/student/98222/')).body.data.map((r: any) => r.id)).toEqual([diya.id]);
    expect((await call('GET /search/students/?q=Patel')).body.data.map((r: any) => r.id)).toEqual([diya.id]);
    // Wildcards are plain text.
    expect((await call('GET /search/student/%25/')).body.data).toEqual([]);
    expect((await call('GET /search/students/?q=_')).body.data).toEqual([]);
  });

  it("finds students of every class by their father's name, names that start with the text first", async () => {
    const classC = await createRecord(t, s, 'classes', { class: '6', section: 'C' });
    const father = await admit({ fullname: 'Meera Iyer', class_id: classC.id, extras: { father_name: 'Raghavan Iyer' } });
    const named = await admit({ fullname: 'Raghav Rao', class_id: classC.id });
    const res = await call('GET /search/students/?q=raghav');
    expect(res.body.data.map((r: any) => r.id)).toEqual([named.id, father.id]);
    expect(res.body.data[1]).toMatchObject({ class: '6', section: 'C', father_name: 'Raghavan Iyer' });
    // A parent's search still reaches only their own children.
    expect((await call('GET /search/students/?q=raghav', undefined, s.tokens['1'])).body.data).toEqual([]);
  });

  it('is served by trigram indexes, so it stays fast in a school of thousands', async () => {
    const plan = await db().transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql.raw(`set local search_path to "${s.schema}", public`).execute(trx);
      return (await sql<{ 'QUERY PLAN': string }>`explain select id from student where fullname ilike '%rag%' or admission_no ilike '%rag%' or mobile ilike '%rag%' or (extras->>'father_name') ilike '%rag%'`.execute(trx)).rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    for (const ix of ['student_fullname_trgm', 'student_admission_no_trgm', 'student_mobile_trgm', 'student_extras_father_name_trgm']) expect(plan).toContain(ix);
  });

  it('finds an exact admission number', async () => {
    expect((await call('GET /search/students/?admission_no=101')).body.data.map((r: any) => r.id)).toEqual([diya.id]);
    expect((await call('GET /search/students/?admission_no=10')).body.data).toEqual([]);
  });

  it('asks for the search text', async () => {
    const noNo = await call('GET /search/students/?admission_no=');
    expect(noNo.status).toBe(400);
    expect(noNo.body.error).toBe('Enter admission number');
    for (const url of ['GET /search/students/?q=', 'GET /search/students/?q=%20%20', 'GET /search/students/']) {
      const res = await call(url);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Enter a name to search');
    }
  });

  it('returns at most 20 and only active students', async () => {
    await db().insertInto('student').values(Array.from({ length: 22 }, (_, i) => ({
      fullname: `Manyname ${String(i).padStart(2, '0')}`, class_id: classA.id, ac_year_id: y2.id, mobile: '9876543210', dob: '2015-01-01',
      admission_no: `MANY-${i}`, admission_date: '2026-06-01', status: i === 0 ? 2 : 1,
    }))).execute();
    const res = await call('GET /search/student/Manyname/');
    expect(res.body.data).toHaveLength(20);
    expect(res.body.data.map((r: any) => r.fullname)).not.toContain('Manyname 00');
  });

  it('shows a parent only their own children', async () => {
    expect((await call('GET /search/student/a/', undefined, s.tokens['1'])).body.data.map((r: any) => r.id)).toEqual([aarav.id]);
    expect((await call('GET /search/students/?admission_no=101', undefined, s.tokens['1'])).body.data).toEqual([]);
    expect((await call('GET /search/student/a/', undefined, other.tokens['4'])).status).toBe(401);
  });
});

describe('one student', () => {
  it('has the login and every academic year, oldest first', async () => {
    const res = await call(`GET /student/${aarav.id}/`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: aarav.id, fullname: 'Aarav Sharma', username: '9800000001', email: `parent@${s.code.toLowerCase()}.test`,
      class: '5', section: 'A', class_id: classA.id, ac_year_id: y2.id, ac_year: '2026-27', roll_no: 2, acy_status: 1, admission_type: 'NEW',
    });
    expect(res.body.data.academic_years).toEqual([
      expect.objectContaining({ ac_year_id: y1.id, ac_year: '2025-26', class_id: classB.id, class: '5', section: 'B', roll_no: 9, status: 2, admission_type: 'NEW' }),
      expect.objectContaining({ ac_year_id: y2.id, ac_year: '2026-27', class_id: classA.id, class: '5', section: 'A', roll_no: 2, status: 1, admission_type: 'NEW' }),
    ]);
    expect(res.body.data.academic_years[0].aym_id).toBeGreaterThan(0);
  });

  it('is readable by staff, by the parent of the child only (404 otherwise), and by no other school', async () => {
    for (const who of ['2', '3', '7', 'admin-read']) expect((await call(`GET /student/${diya.id}/`, undefined, s.tokens[who])).status).toBe(200);
    expect((await call(`GET /student/${aarav.id}/`, undefined, s.tokens['1'])).status).toBe(200);
    const notMine = await call(`GET /student/${diya.id}/`, undefined, s.tokens['1']);
    expect(notMine.status).toBe(404);
    expect(notMine.body).toMatchObject({ success: false, data: null, error: 'Student not found' });
    expect((await call('GET /student/999999/')).status).toBe(404);
    expect((await call(`GET /student/${aarav.id}/`, undefined, other.tokens['4'])).status).toBe(401);
    // The other school's own API does not know this student.
    expect((await t.call(other.code, `GET /student/${aarav.id}/`, undefined, other.tokens['4'])).status).toBe(404);
  });
});

describe('student details', () => {
  it("has the year's tests and class subjects, attendance and its monthly sums", async () => {
    const unit = await createRecord(t, s, 'tests', { name: 'Unit Test 1', ac_year: y2.id });
    await createRecord(t, s, 'tests', { name: 'Old Test', ac_year: y1.id });
    const maths = await createRecord(t, s, 'subjects', { class_id: classA.id, name: 'Maths', code: 'M5' });
    await createRecord(t, s, 'subjects', { class_id: classB.id, name: 'Science', code: 'S5' });
    const day = (date: string, present: number, reason: string | null = null, year = y2.id) =>
      ({ student_id: aarav.id, class_id: classA.id, ac_year_id: year, date, present, reason });
    await db().insertInto('attendance').values([
      day('2026-07-01', 1), day('2026-07-02', 0, 'Fever'), day('2026-07-03', 1), day('2026-08-03', 1), day('2026-08-04', 0),
      day('2026-01-10', 1, null, y1.id),
    ]).execute();

    const res = await call(`GET /student/details/${aarav.id}/${y2.id}/`);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.student).toMatchObject({ id: aarav.id, fullname: 'Aarav Sharma', username: '9800000001' });
    expect(d.student.academic_years).toHaveLength(2);
    expect(d.marks.tests).toEqual([{ id: unit.id, name: 'Unit Test 1' }]);
    expect(d.marks.subjects).toEqual([{ id: maths.id, name: 'Maths', code: 'M5' }]);
    expect(d.marks.marks).toEqual([]);
    expect(d.attendance.map((a: any) => [a.date, a.present, a.reason])).toEqual([
      ['2026-07-01', 1, null], ['2026-07-02', 0, 'Fever'], ['2026-07-03', 1, null], ['2026-08-03', 1, null], ['2026-08-04', 0, null],
    ]);
    expect(d.attendance[0].id).toBeGreaterThan(0);
    expect(d.monthly_attendance).toEqual([{ month: '2026-07', present: 2, total: 3 }, { month: '2026-08', present: 1, total: 2 }]);

    // The year before: that year's class (5 B) subjects and attendance.
    const before = (await call(`GET /student/details/${aarav.id}/${y1.id}/`)).body.data;
    expect(before.marks.subjects.map((x: any) => x.name)).toEqual(['Science']);
    expect(before.marks.tests.map((x: any) => x.name)).toEqual(['Old Test']);
    expect(before.monthly_attendance).toEqual([{ month: '2026-01', present: 1, total: 1 }]);
  });

  it('is 404 for an unknown year, and for a parent asking about another child', async () => {
    expect((await call(`GET /student/details/${aarav.id}/999999/`)).status).toBe(404);
    expect((await call(`GET /student/details/${aarav.id}/${y2.id}/`, undefined, s.tokens['1'])).status).toBe(200);
    expect((await call(`GET /student/details/${diya.id}/${y2.id}/`, undefined, s.tokens['1'])).status).toBe(404);
  });
});

describe('next numbers', () => {
  it('suggests the next admission number: the highest number + 1, or 1 in a new school', async () => {
    const fresh = await t.school();
    const first = await t.call(fresh.code, 'GET /next/admission_no/', undefined, fresh.tokens['4']);
    expect(first.body).toMatchObject({ success: true, data: { admission_no: '1' } });
    const res = await call('GET /next/admission_no/');
    const numbers = (await db().selectFrom('student').select('admission_no').execute()).map((r) => r.admission_no).filter((n) => /^\d+$/.test(n)).map(Number);
    expect(res.body.data.admission_no).toBe(String(Math.max(...numbers) + 1));
    expect(Number(res.body.data.admission_no)).toBeGreaterThanOrEqual(103);
  });

  it('validates an admission number', async () => {
    expect((await call('GET /validate/admn_no/5000/')).body).toMatchObject({ success: true, data: { available: true } });
    expect((await call('GET /validate/admn_no/B-12/')).body.data).toEqual({ available: true });
    for (const bad of ['0', '-4']) {
      const res = await call(`GET /validate/admn_no/${bad}/`);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Invalid Admission Number');
    }
    const used = await call('GET /validate/admn_no/101/');
    expect(used.status).toBe(409);
    expect(used.body.error).toBe('Admission number already used');
    // The edit form checks the student's own number.
    expect((await call(`GET /validate/admn_no/101/?student_id=${diya.id}`)).status).toBe(200);
  });

  it('suggests the next roll number of a class in the enabled year', async () => {
    expect((await call(`GET /next/roll_no/${classA.id}/`)).body.data).toEqual({ roll_no: 3 });
    // Class 5 B: Aarav's roll no 9 was the year before; nobody has one this year.
    expect((await call(`GET /next/roll_no/${classB.id}/`)).body.data).toEqual({ roll_no: 1 });
    expect((await call('GET /next/roll_no/999999/')).status).toBe(404);
  });

  it('are for admins', async () => {
    for (const who of ['1', '2', '7']) {
      expect((await call('GET /next/admission_no/', undefined, s.tokens[who])).status).toBe(403);
      expect((await call(`GET /next/roll_no/${classA.id}/`, undefined, s.tokens[who])).status).toBe(403);
    }
    expect((await call('GET /validate/admn_no/1/', undefined, other.tokens['4'])).status).toBe(401);
  });
});

describe('attendance of one day', () => {
  it('says when attendance was not taken (id null)', async () => {
    const res = await call(`GET /attendance/student/${diya.id}/2026-09-01/`);
    expect(res.body).toMatchObject({ success: true, data: { id: null, date: '2026-09-01', present: null, reason: null } });
  });

  it('refuses a date that is not YYYY-MM-DD', async () => {
    for (const bad of ['2026-13-01', '01-09-2026', '2026-02-30', 'today']) {
      const res = await call(`GET /attendance/student/${diya.id}/${bad}/`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error).toBe('Date must be YYYY-MM-DD');
    }
  });

  it('refuses a day that is not on the calendar when attendance is written', async () => {
    for (const bad of ['2026-02-29', '2026-09-31', '2026-9-1']) {
      const res = await call('POST /attendance/students/', { student_id: diya.id, present: 1, date: bad });
      expect([res.status, res.body.error], bad).toEqual([400, 'Date must be YYYY-MM-DD']);
    }
  });

  it('reads and corrects a taken day', async () => {
    const [row] = await db().insertInto('attendance').values({ student_id: diya.id, class_id: classA.id, ac_year_id: y2.id, date: '2026-09-02', present: 1 }).returning('id').execute();
    const read = await call(`GET /attendance/student/${diya.id}/2026-09-02/`);
    expect(read.body.data).toEqual({ id: row!.id, date: '2026-09-02', present: 1, reason: null });

    const res = await call('POST /attendance/students/', { id: row!.id, present: 0, reason: 'Sick', date: '2026-09-02' });
    expect(res.body).toMatchObject({ success: true, message: 'Attendance Updated', data: { id: row!.id, present: 0, reason: 'Sick', date: '2026-09-02' } });
    expect((await call(`GET /attendance/student/${diya.id}/2026-09-02/`)).body.data).toMatchObject({ present: 0, reason: 'Sick' });
    // A teacher takes attendance, so a teacher may correct it.
    expect((await call('POST /attendance/students/', { id: row!.id, present: 1, reason: null, date: '2026-09-02' }, s.tokens['2'])).body.message).toBe('Attendance Updated');
    const audit = await db().selectFrom('audit').selectAll().where('resource', '=', 'attendance').where('record_id', '=', String(row!.id)).execute();
    expect(audit.length).toBe(2);
  });

  it('records a day that was not taken, for the student and date', async () => {
    const res = await call('POST /attendance/students/', { student_id: diya.id, present: 0, reason: 'Wedding', date: '2026-09-03' });
    expect(res.body).toMatchObject({ success: true, message: 'Attendance Updated', data: { student_id: diya.id, class_id: classA.id, ac_year_id: y2.id, present: 0 } });
    expect((await call(`GET /attendance/student/${diya.id}/2026-09-03/`)).body.data.id).toBe(res.body.data.id);
  });

  it('needs present, a known record, and an editor', async () => {
    const missing = await call('POST /attendance/students/', { id: 1, reason: '', date: '2026-09-02' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Attendance is required');
    expect((await call('POST /attendance/students/', { id: 1, present: 5, date: '2026-09-02' })).body.error).toBe('Attendance is required');
    const unknown = await call('POST /attendance/students/', { id: 999999, present: 1, reason: '', date: '2026-09-02' });
    expect(unknown.status).toBe(404);
    expect((await call('POST /attendance/students/', { id: 1, present: 1, date: '2026-09-02', extra: 1 })).body.error).toBe('Unknown field: extra');
    expect((await call('POST /attendance/students/', { id: 1, present: 1, date: '2026-99-02' })).status).toBe(400);
    for (const who of ['1', '7', 'admin-read']) expect((await call('POST /attendance/students/', { id: 1, present: 1, date: '2026-09-02' }, s.tokens[who])).status).toBe(403);
    expect((await call(`GET /attendance/student/${diya.id}/2026-09-02/`, undefined, s.tokens['1'])).status).toBe(404);
    expect((await call(`GET /attendance/student/${aarav.id}/2026-09-02/`, undefined, s.tokens['1'])).status).toBe(200);
  });
});

describe('parent and student logins', () => {
  it('creates a role-1 user who can log in', async () => {
    const res = await call('PUT /user/', { name: 'Ravi Kumar', email: 'Ravi.Kumar@example.com', password: 'Secret123', role: 1 });
    expect(res.body).toMatchObject({ success: true, message: 'User Created' });
    const id = res.body.data.user_id;
    const user = await db().selectFrom('user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ name: 'Ravi Kumar', email: 'ravi.kumar@example.com', role: 1 });
    expect(user.password_hash).not.toContain('Secret123');
    expect((await call('POST /login/', { email: 'ravi.kumar@example.com', password: 'Secret123' }, '')).body.success).toBe(true);
    const audit = await db().selectFrom('audit').selectAll().where('resource', '=', 'users').where('record_id', '=', String(id)).executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.data)).not.toContain('Secret123');
  });

  it('answers each missing or wrong field with its message', async () => {
    const good = { name: 'X', email: 'x1@example.com', password: 'Secret123', role: 1 };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...good, name: undefined }, 'Please enter name'],
      [{ ...good, name: '' }, 'Please enter name'],
      [{ ...good, email: undefined }, 'Please enter email'],
      [{ ...good, email: '' }, 'Please enter email'],
      [{ ...good, email: 'not-an-email' }, 'Invalid email address'],
      [{ ...good, password: undefined }, 'Please enter password'],
      [{ ...good, password: '' }, 'Please enter password'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('PUT /user/', body);
      expect(res.status, msg).toBe(400);
      expect(errorsOf(res), JSON.stringify(body)).toContain(msg);
    }
    // The add-student wizard's login: the mobile (and a username) instead of an e-mail.
    const byMobile = await call('PUT /user/', { name: 'Mobile Login', password: 'Secret123', role: 1, mobile: '9700000001', username: '9700000001' });
    expect(byMobile.body).toMatchObject({ success: true, message: 'User Created' });
    expect((await call('POST /login/', { email: '9700000001', password: 'Secret123' }, '')).body.success).toBe(true);
    expect((await call('PUT /user/', { ...good, mobile: '12345' })).body.error).toBe('Enter valid mobile number');
    expect((await call('PUT /user/', { ...good, role: 3 })).status).toBe(400);
    expect((await call('PUT /user/', { ...good, password: 'short' })).body.error).toBe('Password must be atleast 8 characters');
    expect((await call('PUT /user/', { ...good, is_admin: true })).body.error).toBe('Unknown field: is_admin');
    const email = await call('PUT /user/', { ...good, email: `PARENT@${s.code.toLowerCase()}.test` });
    expect(email.status).toBe(409);
    expect(email.body.error).toBe('Email already registered');
    const username = await call('PUT /user/', { ...good, username: '9800000001' });
    expect(username.status).toBe(409);
    expect(username.body.error).toBe('Username already taken');
    expect(await db().selectFrom('user').select('id').where('email', '=', 'x1@example.com').executeTakeFirst()).toBeUndefined();
  });

  it('links a user to a student', async () => {
    const u = (await call('PUT /user/', { name: 'Link Me', email: 'link.me@example.com', password: 'Secret123', role: 1 })).body.data.user_id;
    const st = await admit();
    const res = await call('POST /user/link/student/', { user_id: u, student_id: st.id });
    expect(res.body).toMatchObject({ success: true, message: 'User Linked to Student' });
    expect((await call(`GET /student/${st.id}/`)).body.data).toMatchObject({ user_id: u, email: 'link.me@example.com' });
    // Only role-1 logins, only existing students.
    expect((await call('POST /user/link/student/', { user_id: s.users['2'], student_id: st.id })).status).toBe(400);
    expect((await call('POST /user/link/student/', { user_id: 999999, student_id: st.id })).status).toBe(400);
    expect((await call('POST /user/link/student/', { user_id: u, student_id: 999999 })).status).toBe(404);
    expect((await call('POST /user/link/student/', { user_id: u })).status).toBe(400);
  });

  it('changes the username of the student\'s login', async () => {
    const st = await admit({ user_id: (await call('PUT /user/', { name: 'U', email: 'u.name@example.com', password: 'Secret123', role: 1 })).body.data.user_id });
    const res = await call('POST /user/update/username/?type=username', { username: 'student.one', student_id: st.id });
    expect(res.body).toMatchObject({ success: true, message: 'Username updated' });
    expect((await call(`GET /student/${st.id}/`)).body.data.username).toBe('student.one');
    for (const empty of ['', '   ']) {
      const r = await call('POST /user/update/username/?type=username', { username: empty, student_id: st.id });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe("Username can't be empty");
    }
    expect((await call('POST /user/update/username/?type=username', { student_id: st.id })).body.error).toBe("Username can't be empty");
    const taken = await call('POST /user/update/username/?type=username', { username: '9800000001', student_id: st.id });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('Username already taken');
    const noUser = await call('POST /user/update/username/?type=username', { username: 'whoever', student_id: diya.id });
    expect(noUser.status).toBe(400);
    expect(noUser.body.error).toBe('The student has no registered user');
  });

  it('keeps a password that is still the username unhashed, follows a new username, and ends at the first change', async () => {
    const login = (email: string, password: string) => call('POST /login/', { email, password }, '');
    const made = await call('PUT /user/', { name: 'Family', password: '9733333333', role: 1, mobile: '9733333333', username: '9733333333' });
    const userId = made.body.data.user_id;
    const stored = () => db().selectFrom('user').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
    expect((await stored()).password_hash).toBe('=username');
    const first = await login('9733333333', '9733333333');
    expect(first.body.data.user).toMatchObject({ id: userId, password_is_username: true });
    expect((await call('GET /auth/', undefined, first.body.data.token)).body.data).toMatchObject({ password_is_username: true });
    expect((await login('9733333333', '=username')).status).toBe(401);

    // A new username is the new password; the old username no longer opens the login.
    const st = await admit({ user_id: userId });
    await call('POST /user/update/username/?type=username', { username: '9744444444', student_id: st.id });
    expect((await login('9744444444', '9744444444')).body.success).toBe(true);
    expect((await login('9744444444', '9733333333')).status).toBe(401);
    expect((await login('9733333333', '9733333333')).status).toBe(401);

    // The family's own change: the old password is the username, the new one is hashed, the prompt ends.
    const token = (await login('9744444444', '9744444444')).body.data.token;
    expect((await call('POST /user/change-password/', { old_password: '9733333333', new_password: 'Family@2026', confirm_password: 'Family@2026' }, token)).body.error).toBe('Old password is incorrect');
    const changed = await call('POST /user/change-password/', { old_password: '9744444444', new_password: 'Family@2026', confirm_password: 'Family@2026' }, token);
    expect(changed.body.success).toBe(true);
    expect((await stored()).password_hash).toMatch(/^\$argon2id\$/);
    expect((await call('GET /auth/', undefined, token)).body.data).not.toHaveProperty('password_is_username');
    expect((await login('9744444444', '9744444444')).status).toBe(401);
    const after = await login('9744444444', 'Family@2026');
    expect(after.body.data.user).not.toHaveProperty('password_is_username');
    // Renaming now leaves the chosen password as it is.
    await call('POST /user/update/username/?type=username', { username: 'family.patil', student_id: st.id });
    expect((await login('family.patil', 'Family@2026')).body.success).toBe(true);
    expect((await login('family.patil', 'family.patil')).status).toBe(401);
  });

  it('resets the password of a student\'s login and ends its sessions', async () => {
    const u = (await call('PUT /user/', { name: 'Reset', email: 'reset.me@example.com', password: 'Secret123', role: 1 })).body.data.user_id;
    await admit({ user_id: u });
    const login = await call('POST /login/', { email: 'reset.me@example.com', password: 'Secret123' }, '');
    const oldToken = login.body.data.token;
    const res = await call('PATCH /user/change-password/', { password: 'NewPass99', user_id: u });
    expect(res.body).toMatchObject({ success: true, message: 'Password reset' });
    expect((await call('POST /login/', { email: 'reset.me@example.com', password: 'NewPass99' }, '')).body.success).toBe(true);
    expect((await call('POST /login/', { email: 'reset.me@example.com', password: 'Secret123' }, '')).status).toBe(401);
    expect((await call(`GET /students-list/${classA.id}/`, undefined, oldToken)).status).toBe(401);
    // A staff user, a role-1 user with no student, an unknown user: not a student's login.
    const lonely = (await call('PUT /user/', { name: 'Lonely', email: 'lonely@example.com', password: 'Secret123', role: 1 })).body.data.user_id;
    for (const id of [s.users['2'], lonely, 999999]) {
      const r = await call('PATCH /user/change-password/', { password: 'NewPass99', user_id: id });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('The student has no registered user');
    }
    expect((await call('PATCH /user/change-password/', { password: '', user_id: u })).body.error).toBe('Please enter password');
  });

  it('are managed by admins only', async () => {
    const body = { name: 'T', email: 'teacher.try@example.com', password: 'Secret123', role: 1 };
    for (const who of ['1', '2', '7', 'admin-read']) {
      expect((await call('PUT /user/', body, s.tokens[who])).status, who).toBe(403);
      expect((await call('POST /user/link/student/', { user_id: parentId, student_id: diya.id }, s.tokens[who])).status, who).toBe(403);
      expect((await call('POST /user/update/username/?type=username', { username: 'hacked', student_id: aarav.id }, s.tokens[who])).status, who).toBe(403);
      expect((await call('PATCH /user/change-password/', { password: 'Hacked999', user_id: parentId }, s.tokens[who])).status, who).toBe(403);
    }
    expect((await call('PATCH /user/change-password/', { password: 'Hacked999', user_id: parentId }, other.tokens['4'])).status).toBe(401);
    expect((await db().selectFrom('student').select('user_id').where('id', '=', diya.id).executeTakeFirstOrThrow()).user_id).toBeNull();
    expect((await call('POST /login/', { email: '9800000001', password: PASSWORD }, '')).body.success).toBe(true);
  });
});

describe('admission type and profile items', () => {
  it('sets and clears the admission type of a year', async () => {
    const st = await admit();
    const aym = (await call(`GET /student/${st.id}/`)).body.data.aym_id;
    const res = await call('POST /student/admission-type/', { admission_type: 'RE ADM.', aym_id: aym });
    expect(res.body).toMatchObject({ success: true, message: 'Admission type updated!' });
    expect((await call(`GET /student/${st.id}/`)).body.data.admission_type).toBe('RE ADM.');
    expect((await call('POST /student/admission-type/', { admission_type: null, aym_id: aym })).body.success).toBe(true);
    expect((await call(`GET /student/${st.id}/`)).body.data.academic_years[0].admission_type).toBeNull();
    expect((await call('POST /student/admission-type/', { admission_type: 'OLD', aym_id: aym })).body.error).toBe('Admission type must be NEW or RE ADM.');
    expect((await call('POST /student/admission-type/', { admission_type: 'NEW', aym_id: 999999 })).status).toBe(404);
    expect((await call('POST /student/admission-type/', { admission_type: 'NEW', aym_id: aym }, s.tokens['2'])).status).toBe(403);
  });

  it('updates one profile item', async () => {
    const st = await admit();
    const res = await call('POST /student/profile/item/', { student_id: st.id, name: 'religion', value: 'Hindu' });
    expect(res.body).toMatchObject({ success: true, message: 'Student profile item updated' });
    expect((await call('POST /student/profile/item/', { student_id: st.id, name: 'gender', value: 'Female' })).body.success).toBe(true);
    expect((await call(`GET /student/${st.id}/`)).body.data).toMatchObject({ religion: 'Hindu', gender: 'Female' });
    expect((await call('POST /student/profile/item/', { student_id: st.id, name: 'gender', value: 'Robot' })).status).toBe(400);
    expect((await call('POST /student/profile/item/', { student_id: st.id, name: 'blood_group', value: 'X'.repeat(11) })).status).toBe(400);
    expect((await call('POST /student/profile/item/', { student_id: st.id, name: 'fullname', value: 'Renamed' })).status).toBe(400);
    expect((await call('POST /student/profile/item/', { student_id: 999999, name: 'caste', value: 'X' })).status).toBe(404);
    for (const who of ['1', '2', 'admin-read']) expect((await call('POST /student/profile/item/', { student_id: aarav.id, name: 'caste', value: 'X' }, s.tokens[who])).status).toBe(403);
  });

  it('sets the photo only from a profile upload', async () => {
    const st = await admit();
    const photo = await upload('profile', 'face.jpg', jpg(5000));
    const res = await call('POST /student/profile/item/', { student_id: st.id, name: 'profile_photo', value: photo.body.data.path });
    expect(res.body).toMatchObject({ success: true, message: 'Student Pic Updated!' });
    expect((await call(`GET /student/${st.id}/`)).body.data.profile_photo).toBe(photo.body.data.path);
    const doc = await upload('documents', 'list.csv', Buffer.from('a,b\n1,2\n'));
    for (const value of ['https://evil.example/x.png', doc.body.data.path, `/api/${s.code}/files/${'A'.repeat(32)}/x.png`]) {
      expect((await call('POST /student/profile/item/', { student_id: st.id, name: 'profile_photo', value })).status, value).toBe(400);
    }
  });
});

describe('deleting a student', () => {
  async function withEverything(userId?: number) {
    const st = await admit(userId ? { user_id: userId } : {});
    await call('PUT /student/contacts/', { student_id: st.id, contact_name: 'Father', mobile: '9876500000' });
    await call('PUT /pocket-money/', { student_id: st.id, amount: 50, txn_type: 0, date: '2026-07-01T04:30:00.000Z', details: 'Deposit' });
    await call('PUT /messages/', { subject: 'Hello', message: 'About the trip', student_id: st.id });
    await db().insertInto('attendance').values({ student_id: st.id, class_id: classA.id, ac_year_id: y2.id, date: '2026-07-01', present: 1 }).execute();
    return st;
  }
  const countFor = async (table: string, id: number) =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('student_id', '=', id).executeTakeFirstOrThrow()).n);
  const TABLES = ['student_year', 'student_contact', 'pocket_money', 'message', 'attendance'];

  it('reason 2 (TC) keeps the record and its history with status 2', async () => {
    const st = await withEverything();
    const res = await call(`DELETE /student/${st.id}/2/`);
    expect(res.body).toMatchObject({ success: true, message: 'Student Deleted' });
    expect((await call(`GET /student/${st.id}/`)).body.data.status).toBe(2);
    for (const table of TABLES) expect(await countFor(table, st.id), table).toBe(1);
    expect((await call('GET /search/student/' + encodeURIComponent(st.fullname) + '/')).body.data).toEqual([]);
  });

  it('reason 1 removes the record, everything hanging off it and its unshared login', async () => {
    const u = (await call('PUT /user/', { name: 'Gone', email: 'gone@example.com', password: 'Secret123', role: 1 })).body.data.user_id;
    const st = await withEverything(u);
    const res = await call(`DELETE /student/${st.id}/1/`);
    expect(res.body).toMatchObject({ success: true, message: 'Student Deleted' });
    expect((await call(`GET /student/${st.id}/`)).status).toBe(404);
    for (const table of TABLES) expect(await countFor(table, st.id), table).toBe(0);
    expect(await db().selectFrom('user').select('id').where('id', '=', u).executeTakeFirst()).toBeUndefined();
    const audit = await db().selectFrom('audit').selectAll().where('resource', '=', 'students').where('action', '=', 'remove').where('record_id', '=', String(st.id)).executeTakeFirstOrThrow();
    expect(audit.user_id).toBe(s.users['4']);
    expect((await call(`DELETE /student/${st.id}/1/`)).status).toBe(404);
  });

  it('keeps a login that a brother or sister still uses', async () => {
    const u = (await call('PUT /user/', { name: 'Shared', email: 'shared@example.com', password: 'Secret123', role: 1 })).body.data.user_id;
    const elder = await withEverything(u);
    const younger = await admit({ user_id: u });
    expect((await call(`DELETE /student/${elder.id}/1/`)).body.success).toBe(true);
    expect(await db().selectFrom('user').select('id').where('id', '=', u).executeTakeFirst()).toBeTruthy();
    expect((await call(`GET /student/${younger.id}/`)).body.data.user_id).toBe(u);
  });

  it('refuses other reasons, teachers, parents and read-only admins', async () => {
    for (const reason of ['3', '0', 'x', 'tc']) {
      const res = await call(`DELETE /student/${diya.id}/${reason}/`);
      expect(res.status, reason).toBe(400);
      expect(res.body.error).toBe('Invalid reason');
    }
    for (const who of ['1', '2', '7', 'admin-read']) {
      for (const reason of ['1', '2']) expect((await call(`DELETE /student/${aarav.id}/${reason}/`, undefined, s.tokens[who])).status, who).toBe(403);
    }
    expect((await call(`DELETE /student/${aarav.id}/1/`, undefined, other.tokens['4'])).status).toBe(401);
    expect((await call(`DELETE /student/${aarav.id}/1/`, undefined, '')).status).toBe(401);
    expect((await call('DELETE /student/999999/2/')).status).toBe(404);
    expect((await call(`GET /student/${aarav.id}/`)).body.data.status).toBe(1);
  });
});

describe('messages', () => {
  it('are sent by the signed-in person, now, to the student\'s login unless someone is named', async () => {
    const before = Date.now();
    const res = await call('PUT /messages/', { subject: 'PTM', message: 'Meeting on Saturday', reply_enabled: true, to_id: null, student_id: aarav.id }, s.tokens['2']);
    expect(res.body).toMatchObject({ success: true, message: 'Message Sent', data: { sent_by: s.users['2'], to_id: parentId, student_id: aarav.id, reply_enabled: true } });
    const at = new Date(res.body.data.timestamp).getTime();
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    const named = await call('PUT /messages/', { subject: 'Hi', message: 'x', to_id: s.users['7'], student_id: null });
    expect(named.body.data).toMatchObject({ sent_by: s.users['4'], to_id: s.users['7'] });
  });

  it('refuses a made-up sender, time or recipient, and an unknown student', async () => {
    expect((await call('PUT /messages/', { subject: 'S', message: 'M', sent_by: s.users['3'] })).body.error).toBe('Unknown field: sent_by');
    expect((await call('PUT /messages/', { subject: 'S', message: 'M', timestamp: '2020-01-01T00:00:00Z' })).body.error).toBe('Unknown field: timestamp');
    const to = await call('PUT /messages/', { subject: 'S', message: 'M', to_id: 999999 });
    expect(to.status).toBe(400);
    expect(to.body.error).toBe('The recipient is not a user of this school');
    expect((await call('PUT /messages/', { subject: 'S', message: 'M', student_id: 999999 })).status).toBeGreaterThanOrEqual(400);
    expect((await call('PUT /messages/', { message: 'M' })).body.error).toBe('Please enter subject!');
    expect((await call('PUT /messages/', { subject: 'S', message: 'M', student_id: aarav.id }, s.tokens['1'])).status).toBe(403);
    // A user of another school is not a recipient here.
    expect((await call('PUT /messages/', { subject: 'S', message: 'M', to_id: other.users['4']! + 100000 })).status).toBe(400);
  });
});

describe('pocket money', () => {
  const balance = async (id: number) => {
    const rows = (await call(`GET /pocket-money/${id}/`)).body.data as Array<{ amount: number; txn_type: number }>;
    return rows.reduce((sum, r) => sum + (r.txn_type === 0 ? r.amount : -r.amount), 0);
  };
  const txn = (student_id: number, amount: number, txn_type: 0 | 1) =>
    call('PUT /pocket-money/', { student_id, amount, txn_type, date: '2026-07-01T04:30:00.000Z', details: txn_type ? 'Canteen' : 'Deposit' });

  it('never lets a debit take the balance below zero', async () => {
    const st = await admit();
    const first = await txn(st.id, 10, 1);
    expect(first.status).toBe(400);
    expect(first.body.error).toBe('Insufficient pocket money balance');
    expect((await txn(st.id, 100.5, 0)).body.message).toBe('Transaction added!');
    expect((await txn(st.id, 100.5, 1)).body.success).toBe(true);
    expect(await balance(st.id)).toBe(0);
    expect((await txn(st.id, 0.01, 1)).body.error).toBe('Insufficient pocket money balance');
  });

  it('takes concurrent debits one at a time: 10 debits on a balance for 3 leave it at 0', async () => {
    const st = await admit();
    await txn(st.id, 30, 0);
    const results = await Promise.all(Array.from({ length: 10 }, () => txn(st.id, 10, 1)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(r.body.error).toBe('Insufficient pocket money balance');
    expect(await balance(st.id)).toBe(0);
  });

  it('needs an existing student', async () => {
    const res = await txn(999999, 10, 0);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.error).toMatch(/Student not found/);
  });
});

describe('text messages', () => {
  const sms = async () => db().selectFrom('outbox_sms').selectAll().orderBy('id').execute();

  it('sends one SMS per number through the SMS provider and logs it', async () => {
    const before = (await sms()).length;
    const res = await call('PUT /text-message/', { mobile_nos: ['9811111111', '9822222222', '9811111111'], message: 'School closed tomorrow' });
    expect(res.body).toMatchObject({ success: true, message: 'Messages Sent' });
    const sent = (await sms()).slice(before);
    expect(sent.map((r) => r.mobile).sort()).toEqual(['9811111111', '9822222222']);
    expect(sent.every((r) => r.message === 'School closed tomorrow' && r.provider === 'outbox')).toBe(true);
  });

  it('answers each missing or wrong field with its message and sends nothing', async () => {
    const before = (await sms()).length;
    const cases: Array<[unknown, string]> = [
      [{ message: 'Hi' }, 'Mobile Nos is required!'],
      [{ mobile_nos: [], message: 'Hi' }, 'Mobile Nos is required!'],
      [{ mobile_nos: ['9811111111'] }, 'Message is required!'],
      [{ mobile_nos: ['9811111111'], message: '' }, 'Message is required!'],
      [{ mobile_nos: ['9811111111'], message: '   ' }, 'Message is required!'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('PUT /text-message/', body);
      expect(res.status).toBe(400);
      expect(errorsOf(res), JSON.stringify(body)).toContain(msg);
    }
    for (const bad of ['12345', '5811111111', '98111111112', '+919811111111']) {
      expect((await call('PUT /text-message/', { mobile_nos: ['9811111111', bad], message: 'Hi' })).status, bad).toBe(400);
    }
    const many = Array.from({ length: 501 }, (_, i) => `9${String(i).padStart(9, '0')}`);
    expect((await call('PUT /text-message/', { mobile_nos: many, message: 'Hi' })).body.error).toBe('At most 500 mobile numbers at a time');
    expect((await call('PUT /text-message/', { mobile_nos: ['9811111111'], message: 'x'.repeat(1001) })).body.error).toBe('Message must be at most 1000 characters');
    for (const who of ['1', '2', '7']) expect((await call('PUT /text-message/', { mobile_nos: ['9811111111'], message: 'Hi' }, s.tokens[who])).status).toBe(403);
    expect((await call('PUT /text-message/', { mobile_nos: ['9811111111'], message: 'Hi' }, other.tokens['4'])).status).toBe(401);
    expect((await sms()).length).toBe(before);
    expect((await call('PUT /text-message/', { mobile_nos: many.slice(0, 500), message: 'x'.repeat(1000) })).body.success).toBe(true);
    expect((await sms()).length).toBe(before + 500);
  });
});

describe('user pickers', () => {
  it('lists staff logins, or one role\'s, with a search', async () => {
    const staff = (await call('GET /search/email/')).body.data;
    expect(new Set(staff.map((u: any) => u.role))).toEqual(new Set([2, 3, 4, 5, 6, 7]));
    expect(Object.keys(staff[0]).sort()).toEqual(['email', 'id', 'name', 'role', 'username']);
    expect((await call('GET /search/email/?q=teacher')).body.data.map((u: any) => u.id)).toEqual([s.users['2']]);
    const parents = (await call('GET /search/email/1/')).body.data;
    expect(parents.length).toBeGreaterThan(0);
    expect(parents.every((u: any) => u.role === 1)).toBe(true);
    expect((await call('GET /search/email/1/?q=9800000001')).body.data.map((u: any) => u.id)).toEqual([parentId]);
    expect((await call('GET /search/email/7/')).body.data.map((u: any) => u.id)).toEqual([s.users['7']]);
    expect((await call('GET /search/email/9/')).status).toBe(400);
  });

  it('returns at most 50 and only to admins', async () => {
    await db().insertInto('user').values(Array.from({ length: 55 }, (_, i) => ({ name: `Bulk ${i}`, email: `bulk${i}@example.com`, role: 1, password_hash: 'x' }))).execute();
    expect((await call('GET /search/email/1/')).body.data).toHaveLength(50);
    for (const who of ['1', '2', '7']) expect((await call('GET /search/email/', undefined, s.tokens[who])).status).toBe(403);
  });
});

describe('app users report', () => {
  it('lists current students with whether they have a login', async () => {
    const res = await call('GET /reports/app-users/');
    expect(res.status).toBe(200);
    const a = res.body.data.find((r: any) => r.id === aarav.id);
    const d = res.body.data.find((r: any) => r.id === diya.id);
    expect(a).toMatchObject({ fullname: 'Aarav Sharma', class: '5', section: 'A', app_user: true });
    expect(d).toMatchObject({ fullname: 'Diya Patel', app_user: false });
    expect(typeof a.created_on).toBe('string');
    expect(res.body.data.every((r: any) => 'app_user' in r && 'created_on' in r)).toBe(true);
    const tc = await admit({ fullname: 'Left School' });
    await call(`DELETE /student/${tc.id}/2/`);
    expect((await call('GET /reports/app-users/')).body.data.map((r: any) => r.id)).not.toContain(tc.id);
  });

  it('orders classes as the classes list does (LKG, UKG, 1 … 10), not as text', async () => {
    const names = ['LKG', 'UKG', '1', '2', '10'];
    const made: any[] = [];
    for (const name of names) made.push(await createRecord(t, s, 'classes', { class: name, section: 'Q' }));
    // Admitted in another order, so neither admission nor name order could pass for the class order.
    for (const c of [...made].reverse()) await admit({ class_id: c.id, fullname: `Order ${c.class}` });
    const ids = new Set(made.map((c) => c.id));
    const listed = (await call('GET /classes-list/')).body.data.filter((c: any) => ids.has(c.id)).map((c: any) => c.class);
    expect(listed).toEqual(names);
    const report = (await call('GET /reports/app-users/')).body.data.filter((r: any) => ids.has(r.class_id)).map((r: any) => r.class);
    expect(report).toEqual(names);
  });

  it('filters by class and is for staff', async () => {
    const b = (await call(`GET /reports/app-users/?class_id=${classB.id}`)).body.data;
    expect(b.map((r: any) => r.id)).toEqual([kabir.id]);
    expect((await call('GET /reports/app-users/?class_id=abc')).status).toBe(400);
    expect((await call('GET /reports/app-users/', undefined, s.tokens['2'])).status).toBe(200);
    expect((await call('GET /reports/app-users/', undefined, s.tokens['1'])).status).toBe(403);
    expect((await call('GET /reports/app-users/', undefined, other.tokens['4'])).status).toBe(401);
  });
});

/** A multipart body with one part named `field`. */

const PNG_HEADER = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (size: number) => Buffer.concat([PNG_HEADER, Buffer.alloc(size - PNG_HEADER.length, 7)]);
const jpg = (size: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4, 1)]);

async function upload(kind: string, filename: string, bytes: Buffer, token: string = admin, opts: { code?: string; field?: string; type?: string } = {}) {
  const { payload, headers } = multipart(filename, bytes, opts.type, opts.field);
  const res = await t.app.inject({
    method: 'POST', url: `/api/${opts.code ?? s.code}/upload/?file_path=${kind}`, payload,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.statusCode, body: res.json() };
}
const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('files', () => {
  it('stores a profile photo and serves it by an unguessable address without a token', async () => {
    const bytes = png(2000);
    const res = await upload('profile', 'my photo.png', bytes);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'my_photo.png', size: 2000 });
    expect(res.body.data.path).toMatch(new RegExp(`^/api/${s.code}/files/[A-Za-z0-9_-]{32}/my_photo\\.png$`));
    const got = await get(res.body.data.path);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(String(got.headers['content-disposition'])).toMatch(/^inline/);
    expect(got.rawPayload.equals(bytes)).toBe(true);
    const again = await upload('profile', 'my photo.png', bytes);
    expect(again.body.data.path).not.toBe(res.body.data.path);
  });

  it('accepts only JPG or PNG content under 256 kB as a profile photo', async () => {
    const text = await upload('profile', 'photo.png', Buffer.from('this is not a picture at all'), admin, { type: 'image/png' });
    expect(text.status).toBe(400);
    expect(text.body.error).toBe('You can only upload JPG/PNG file!');
    const gif = await upload('profile', 'photo.jpg', Buffer.from('GIF89a........'), admin, { type: 'image/jpeg' });
    expect(gif.body.error).toBe('You can only upload JPG/PNG file!');
    const big = await upload('profile', 'big.png', png(300 * 1024));
    expect(big.status).toBe(400);
    expect(big.body.error).toBe('Image must smaller than 256 kB!');
    expect((await upload('profile', 'edge.png', png(256 * 1024))).body.error).toBe('Image must smaller than 256 kB!');
    expect((await upload('profile', 'ok.jpg', jpg(256 * 1024 - 1))).status).toBe(200);
  });

  it('stores documents up to 10 MB, downloaded as attachments and never run as pages', async () => {
    const csv = await upload('documents', 'students.csv', Buffer.from('fullname,mobile\nA,9811111111\n'));
    expect(csv.body).toMatchObject({ success: true, data: { name: 'students.csv', size: 29 } });
    const got = await get(csv.body.data.path);
    expect(got.headers['content-type']).toMatch(/^text\/csv/);
    expect(got.headers['content-disposition']).toBe('attachment; filename="students.csv"');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.body).toBe('fullname,mobile\nA,9811111111\n');

    const html = await upload('documents', 'page.html', Buffer.from('<script>alert(1)</script>'), admin, { type: 'text/html' });
    const page = await get(html.body.data.path);
    expect(page.headers['content-type']).toBe('application/octet-stream');
    expect(String(page.headers['content-disposition'])).toMatch(/^attachment/);

    const tooBig = await upload('documents', 'huge.pdf', Buffer.alloc(10 * 1024 * 1024 + 1, 1));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.success).toBe(false);
    expect((await upload('documents', 'max.bin', Buffer.alloc(10 * 1024 * 1024, 1))).status).toBe(200);
  });

  it('refuses a missing kind, a missing file and people who may not upload', async () => {
    expect((await upload('secrets', 'a.csv', Buffer.from('x'))).status).toBe(400);
    expect((await upload('documents', 'a.csv', Buffer.from('x'), admin, { field: 'other' })).status).toBe(400);
    const json = await call('POST /upload/?file_path=documents', { file: 'x' });
    expect(json.status).toBe(400);
    for (const who of ['1', '2', '7', 'admin-read']) expect((await upload('documents', 'a.csv', Buffer.from('x'), s.tokens[who])).status, who).toBe(403);
    expect((await upload('documents', 'a.csv', Buffer.from('x'), '')).status).toBe(401);
    expect((await upload('documents', 'a.csv', Buffer.from('x'), other.tokens['4'])).status).toBe(401);
  });

  it('serves a file only under its own school, key and name', async () => {
    const res = await upload('documents', 'report.csv', Buffer.from('a\n'));
    const path: string = res.body.data.path;
    const key = path.split('/')[4]!;
    expect((await get(path)).statusCode).toBe(200);
    expect((await get(path.replace(`/api/${s.code}/`, `/api/${other.code}/`))).statusCode).toBe(404);
    expect((await get(path.replace('report.csv', 'other.csv'))).statusCode).toBe(404);
    expect((await get(path.replace(key, key.slice(0, 31) + (key[31] === 'A' ? 'B' : 'A')))).statusCode).toBe(404);
    expect((await get(`/api/${s.code}/files/Short-Key/report.csv`)).statusCode).toBe(404);
    // A lower-case name that is no key is a folder of the files browser, which needs a login.
    expect((await get(`/api/${s.code}/files/short/report.csv`)).statusCode).toBe(401);
  });
});
