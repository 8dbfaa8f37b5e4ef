import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { admitStudent } from '../support/admit.js';
import { createRecord } from '../support/samples.js';

let t: TestApp;
let s: TestSchool;
let admin: string;

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  admin = s.tokens['4'];
});
afterAll(() => t?.close());

const call = (c: string, body?: unknown, token = admin) => t.call(s.code, c, body, token);

describe('academic years', () => {
  it('starts as UPCOMING; starting a year makes it the only enabled one; stop and delete by PATCH', async () => {
    const a = await createRecord(t, s, 'acyears', { name: '2030-31', start_date: '2030-06-01', end_date: '2031-03-31' });
    const b = await createRecord(t, s, 'acyears', { name: '2031-32', start_date: '2031-06-01', end_date: '2032-03-31' });
    expect(a.status).toBe(0);

    const started = await call(`PATCH /acyear/${a.id}/`, { action: 'start' });
    expect(started.body).toMatchObject({ success: true, message: 'Action Completed', data: { id: a.id, status: 1 } });
    await call(`PATCH /acyear/${b.id}/`, { action: 'start' });
    const years = (await call('GET /acyears/')).body.data;
    expect(years.filter((y: any) => y.status === 1).map((y: any) => y.id)).toEqual([b.id]);
    expect(years.find((y: any) => y.id === a.id).status).toBe(2);

    const refused = await call(`PATCH /acyear/${b.id}/`, { action: 'delete' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('The enabled academic year cannot be deleted; end it first');

    const stopped = await call(`PATCH /acyear/${b.id}/`, { action: 'stop' });
    expect(stopped.body.data.status).toBe(2);
    expect((await call(`PATCH /acyear/${b.id}/`, { action: 'stop' })).body.error).toBe('Only the enabled academic year can be ended');

    const deleted = await call(`PATCH /acyear/${b.id}/`, { action: 'delete' });
    expect(deleted.body).toMatchObject({ success: true, message: 'Action Completed' });
    expect((await call(`GET /acyear/${b.id}/`)).status).toBe(404);
  });

  it('refuses unknown actions, teachers and parents', async () => {
    const a = await createRecord(t, s, 'acyears');
    expect((await call(`PATCH /acyear/${a.id}/`, { action: 'explode' })).body.error).toBe('Unknown action');
    expect((await call(`PATCH /acyear/${a.id}/`, { action: 'start', extra: 1 })).status).toBe(400);
    expect((await call(`PATCH /acyear/${a.id}/`, [])).status).toBe(400);
    for (const who of ['1', '2', '7', 'admin-read']) expect((await call(`PATCH /acyear/${a.id}/`, { action: 'start' }, s.tokens[who])).status).toBe(403);
    expect((await call(`GET /acyear/${a.id}/`)).body.data.status).toBe(0);
  });

  it('keeps the end after the start', async () => {
    const res = await call('PUT /acyears/', { name: 'Backwards', syllabus: 'ICSE', start_date: '2030-06-01', end_date: '2030-01-01' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('End Date must be after Start Date');
    expect((await call('PUT /acyears/', { name: 'Bad date', syllabus: 'ICSE', start_date: '2030-13-45', end_date: '2031-01-01' })).status).toBe(400);
  });

  it('cannot delete a year that tests use', async () => {
    const test = await createRecord(t, s, 'tests');
    const res = await call(`PATCH /acyear/${test.ac_year}/`, { action: 'delete' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/used by 1 test/);
  });
});

describe('classes', () => {
  it('shows the class teacher name, branch code and the enabled year\'s student count', async () => {
    const teacher = await createRecord(t, s, 'teachers', { fullname: 'Meera Iyer' });
    const branch = await createRecord(t, s, 'branches', { code: 'NRTH' });
    const cls = await createRecord(t, s, 'classes', { class: '7', section: 'C', class_teacher_id: teacher.id, branch_id: branch.id });
    const last = await createRecord(t, s, 'acyears');
    const current = await createRecord(t, s, 'acyears');
    await call(`PATCH /acyear/${current.id}/`, { action: 'start' });
    // Two students of this year and one who was in the class last year only.
    for (const ac_year_id of [current.id, current.id, last.id]) await admitStudent(t, s, admin, { ac_year_id, class_id: cls.id }, 'count');
    const row = (await call('GET /classes-list/')).body.data.find((c: any) => c.id === cls.id);
    expect(row).toMatchObject({ class: '7', section: 'C', class_teacher_name: 'Meera Iyer', branch_code: 'NRTH', students_count: 2 });
    expect((await call(`GET /class/${cls.id}/`)).body.data.students_count).toBe(2);
    expect((await call(`GET /students-list/${cls.id}/`)).body.data).toHaveLength(2);
    // A class with students of any year cannot be deleted out from under them.
    const del = await call(`DELETE /class/${cls.id}/`);
    expect(del.status).toBe(409);
    expect(del.body.error).toBe('This class is used by 3 students; remove those first');
  });

  it('refuses a duplicate class and section, and a class teacher that does not exist', async () => {
    await createRecord(t, s, 'classes', { class: '8', section: 'A' });
    const dup = await call('PUT /class/', { class: '8', section: 'A' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('This class and section already exist');
    const ghost = await call('PUT /class/', { class: '8', section: 'Z', class_teacher_id: 999999 });
    expect(ghost.status).toBe(400);
    expect(ghost.body.error).toBe('Class Teacher not found');
  });

  it('clears the class teacher when the teacher is removed', async () => {
    const teacher = await createRecord(t, s, 'teachers');
    const cls = await createRecord(t, s, 'classes', { class_teacher_id: teacher.id });
    const del = await call(`DELETE /teacher/${teacher.id}/`);
    expect(del.body.message).toBe(`${teacher.fullname} is removed from teachers`);
    expect((await call(`GET /class/${cls.id}/`)).body.data).toMatchObject({ class_teacher_id: null, class_teacher_name: null });
  });
});

describe('subjects', () => {
  it('keeps elective sub-subjects and drops the single teacher for an elective', async () => {
    const cls = await createRecord(t, s, 'classes');
    const teacher = await createRecord(t, s, 'teachers');
    const res = await call('PUT /subjects/', {
      class_id: cls.id, name: 'Second Language', code: 'SL', subject_type: 3, marks_type: 1, subject_teacher_id: teacher.id,
      extras: { subjects: [{ subject_name: 'Hindi', subject_code: 'HIN', subject_teacher: teacher.id }, { subject_name: 'Sanskrit', subject_code: 'SAN', subject_teacher: null }] },
    });
    expect(res.body).toMatchObject({ success: true, message: 'New Subject Added' });
    expect(res.body.data.subject_teacher_id).toBeNull();
    expect(res.body.data.extras.subjects.map((x: any) => x.subject_name)).toEqual(['Hindi', 'Sanskrit']);
    const list = (await call(`GET /subjects/${cls.id}/`)).body.data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ class: cls.class, section: cls.section, name: 'Second Language' });
    // Turning it into a primary subject drops the rows.
    const upd = await call(`POST /subject/${res.body.data.id}/`, { subject_type: 1, subject_teacher_id: teacher.id });
    expect(upd.body.data).toMatchObject({ subject_type: 1, subject_teacher_id: teacher.id, teacher_name: teacher.fullname, extras: { subjects: [] } });
  });

  it("asks for each elective row's name ('Subject Name is required')", async () => {
    const cls = await createRecord(t, s, 'classes');
    const res = await call('PUT /subjects/', { class_id: cls.id, name: 'Elective', code: 'EL', subject_type: 3, extras: { subjects: [{ subject_code: 'X' }] } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Subject Name is required');
  });

  it('lists every subject on GET /subjects/ and one class on GET /subjects/{class}/', async () => {
    const a = await createRecord(t, s, 'subjects');
    const b = await createRecord(t, s, 'subjects');
    const all = (await call('GET /subjects/')).body.data.map((x: any) => x.id);
    expect(all).toEqual(expect.arrayContaining([a.id, b.id]));
    const one = (await call(`GET /subjects/${a.class_id}/`)).body.data.map((x: any) => x.id);
    expect(one).toContain(a.id);
    expect(one).not.toContain(b.id);
  });
});

describe('tests and test details', () => {
  it('adds subject-wise details for a class in one call, all or none', async () => {
    const cls = await createRecord(t, s, 'classes');
    const maths = await createRecord(t, s, 'subjects', { class_id: cls.id, name: 'Maths' });
    const science = await createRecord(t, s, 'subjects', { class_id: cls.id, name: 'Science' });
    const test = await createRecord(t, s, 'tests');
    const row = (subject_id: number, day: number) => ({ subject_id, marks_type: 1, min_marks: 35, max_marks: 100, start_time: `2026-09-${day}T04:30:00.000Z`, end_time: `2026-09-${day}T07:30:00.000Z`, invigilator: null });
    const res = await call('PUT /class/tests/', { test_id: test.id, class_id: cls.id, subjects: [row(maths.id, 14), row(science.id, 15)] });
    expect(res.body).toMatchObject({ success: true, message: 'New Test Item Added' });
    const list = (await call(`GET /class/test/${test.id}/${cls.id}/`)).body.data;
    expect(list.map((x: any) => [x.test, x.class, x.section, x.subject])).toEqual([[test.name, cls.class, cls.section, 'Maths'], [test.name, cls.class, cls.section, 'Science']]);

    // A bad second row writes neither row.
    const other = await createRecord(t, s, 'subjects');
    const test2 = await createRecord(t, s, 'tests');
    const bad = await call('PUT /class/tests/', { test_id: test2.id, class_id: cls.id, subjects: [row(maths.id, 14), row(other.id, 15)] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('This subject does not belong to the chosen class');
    expect((await call(`GET /class/test/${test2.id}/${cls.id}/`)).body.data).toEqual([]);
  });

  it('gives the per-row messages and refuses min above max', async () => {
    const entry = await createRecord(t, s, 'test-subjects');
    const { test_id, class_id, subject_id } = entry;
    const missing = await call('PUT /class/tests/', { test_id, class_id, subjects: [{ subject_id }] });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual(expect.arrayContaining(['Marks type is required!', 'Min marks is required!', 'Max marks is required!', 'Start time is required!', 'End time is required!']));
    expect((await call('PUT /class/tests/', { test_id, class_id, subjects: [] })).status).toBe(400);
    const upd = await call(`POST /class/test/${entry.id}/`, { min_marks: 200 });
    expect(upd.body.error).toBe('Min marks cannot be more than max marks');
    const ok = await call(`POST /class/test/${entry.id}/`, { min_marks: 40, max_marks: 80 });
    expect(ok.body).toMatchObject({ success: true, message: 'Test Subject Updated', data: { min_marks: 40, max_marks: 80, subject_id } });
    expect((await call(`POST /class/test/${entry.id}/`, { class_id: class_id + 1 })).body.error).toBe('Class cannot be changed');
  });

  it('answers the required-field message for an empty or null required value on update', async () => {
    const entry = await createRecord(t, s, 'test-subjects');
    for (const max_marks of ['', null]) {
      const res = await call(`POST /class/test/${entry.id}/`, { max_marks });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Max marks is required!');
    }
    expect((await call(`GET /class/test/${entry.id}/detail/`)).body.data.max_marks).toBe(100);
  });

  it('deletes a test together with its per-class details, and one detail from the details list', async () => {
    const first = await createRecord(t, s, 'test-subjects');
    const second = await createRecord(t, s, 'test-subjects', { test_id: first.test_id });
    const third = await createRecord(t, s, 'test-subjects', { test_id: first.test_id });
    const one = await call(`DELETE /class/test/${third.id}/`);
    expect(one.body).toMatchObject({ success: true, message: 'Test Item Deleted' });
    expect((await call(`GET /class/test/${first.test_id}/`)).body.data.map((x: any) => x.id)).toEqual([first.id, second.id]);

    const res = await call(`DELETE /test/${first.test_id}/`);
    expect(res.body).toMatchObject({ success: true, message: 'Test Deleted' });
    expect((await call(`GET /test/${first.test_id}/`)).status).toBe(404);
    for (const id of [first.id, second.id]) expect((await call(`GET /class/test/${id}/detail/`)).status).toBe(404);
    // The classes and subjects stay.
    expect((await call(`GET /class/${first.class_id}/`)).status).toBe(200);
  });

  it('lists tests of one academic year', async () => {
    const a = await createRecord(t, s, 'tests');
    const b = await createRecord(t, s, 'tests');
    const ids = (await call(`GET /tests/ac_year/${a.ac_year}/`)).body.data.map((x: any) => x.id);
    expect(ids).toContain(a.id);
    expect(ids).not.toContain(b.id);
  });
});

describe('teachers', () => {
  it('creates a teacher login with the given password; the email is fixed afterwards', async () => {
    const res = await call('PUT /teachers/', { fullname: 'Kavya Rao', email: 'Kavya.Rao@Example.com', mobile: '9876501234', password: 'Gen3rated' });
    expect(res.body).toMatchObject({ success: true, message: 'New Teacher Added', data: { fullname: 'Kavya Rao', email: 'kavya.rao@example.com' } });
    expect(res.body.data).not.toHaveProperty('password');
    const login = await t.call(s.code, 'POST /login/', { email: 'kavya.rao@example.com', password: 'Gen3rated' });
    expect(login.body.data.user.role).toBe(2);
    const change = await call(`POST /teacher/${res.body.data.id}/`, { email: 'other@example.com' });
    expect(change.status).toBe(400);
    expect(change.body.error).toBe('Email cannot be changed');
    const same = await call(`POST /teacher/${res.body.data.id}/`, { email: 'kavya.rao@example.com', job_title: 'HOD' });
    expect(same.body.data.job_title).toBe('HOD');
    const dup = await call('PUT /teachers/', { fullname: 'Copy', email: 'kavya.rao@example.com', mobile: '9876501235' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('Email already registered');
  });

  it('validates email and mobile with the spec messages', async () => {
    expect((await call('PUT /teachers/', { fullname: 'X', email: 'nope', mobile: '9876501234' })).body.error).toBe('Invalid email address');
    expect((await call('PUT /teachers/', { fullname: 'X', email: 'x@example.com', mobile: '12345' })).body.error).toBe('Enter valid mobile number');
  });

  it('removes the login with the teacher', async () => {
    const teacher = await createRecord(t, s, 'teachers', { password: 'Passw0rd!' });
    await call(`DELETE /teacher/${teacher.id}/`);
    expect((await t.call(s.code, 'POST /login/', { email: teacher.email, password: 'Passw0rd!' })).status).toBe(401);
  });
});

describe('audit', () => {
  it('records who changed what', async () => {
    const b = await createRecord(t, s, 'branches');
    await call(`POST /branch/${b.id}/`, { name: 'Renamed' });
    const rows = await schoolDb(t, s).selectFrom('audit').selectAll().where('resource', '=', 'branches').where('record_id', '=', String(b.id)).orderBy('id').execute();
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(rows[1]!.user_id).toBe(s.users['4']);
    expect(rows[1]!.data.changes).toEqual({ name: 'Renamed' });
  });

  it('never keeps a password', async () => {
    const teacher = await createRecord(t, s, 'teachers', { password: 'Secret#123' });
    await call(`POST /teacher/${teacher.id}/`, { password: 'Other#4567' });
    const rows = await schoolDb(t, s).selectFrom('audit').select('data').where('resource', '=', 'teachers').where('record_id', '=', String(teacher.id)).execute();
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toMatch(/Secret#123|Other#4567/);
    expect(rows[0]!.data.password).toBe('[hidden]');
  });
});
