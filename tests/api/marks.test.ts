/**
 * Marks (spec 2 Marks, spec 4 §3): the editor's sheet and save with the spec's messages, the
 * teacher's row scope, the viewer's totals and ranks, approval with its one SMS per family,
 * re-opening, the CSV round trip, and a parent's approved marks of their own children.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { admitStudent } from '../support/admit.js';
import { createRecord } from '../support/samples.js';
import { uploadAs } from '../support/upload.js';

let t: TestApp;
let s: TestSchool;
let admin: string;
let teacher: string;
let year: number;
let klass: number;
let test: number;
let maths: { id: number; subject_id: number };
let science: { id: number; subject_id: number };
let art: { id: number; subject_id: number };
const kids: Array<{ id: number; fullname: string; admission_no: string }> = [];

const call = (c: string, body?: unknown, token = admin) => t.call(s.code, c, body, token);
const db = () => schoolDb(t, s);
const sms = async () => (await db().selectFrom('outbox_sms').select(['mobile', 'message']).orderBy('id').execute());

async function testSubject(subjectName: string, marks_type: number, max_marks: number, teacherId: number | null) {
  const subject = await createRecord(t, s, 'subjects', { class_id: klass, name: subjectName, subject_teacher_id: teacherId });
  const ts = await createRecord(t, s, 'test-subjects', { test_id: test, class_id: klass, subject_id: subject.id, marks_type, max_marks, min_marks: 0 });
  return { id: ts.id as number, subject_id: subject.id as number };
}

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  admin = s.tokens['4'];
  teacher = s.tokens['2'];
  year = (await createRecord(t, s, 'acyears', { name: '2026-27' })).id;
  const me = await createRecord(t, s, 'teachers', {});
  await db().updateTable('teacher').set({ user_id: s.users['2'] }).where('id', '=', me.id).execute();
  const other = await createRecord(t, s, 'teachers', {});
  klass = (await createRecord(t, s, 'classes', { class: '8', section: 'C', class_teacher_id: other.id })).id;
  test = (await createRecord(t, s, 'tests', { name: 'Mid Term', ac_year: year, start_date: '2026-09-14', end_date: '2026-09-25' })).id;
  maths = await testSubject('Mathematics', 1, 80, me.id);
  science = await testSubject('Science', 1, 80, other.id);
  art = await testSubject('Art', 2, 0, me.id);
  for (const [i, name] of ['Asha Verma', 'Bharat Singh', 'Chitra Nair'].entries()) {
    const st = await admitStudent(t, s, admin, { ac_year_id: year, class_id: klass, fullname: name, mobile: `98765000${i}0`, roll_no: i + 1 }, 'MK');
    kids.push(st);
  }
  // The parent's own child is Asha.
  await db().updateTable('student').set({ user_id: s.users['1'] }).where('id', '=', kids[0]!.id).execute();
});
afterAll(() => t?.close());

const save = (ts: number, marks: Array<{ student_id: number; marks?: unknown; grade?: string | null }>, token = admin) =>
  call('PUT /update/marks/', { test_subject_id: ts, marks }, token);

describe('marks editor', () => {
  it('finds the test subject, or says "No test taken"', async () => {
    const found = await call(`GET /class/test/${test}/${klass}/${maths.subject_id}/`, undefined, teacher);
    expect(found.body.data).toEqual([expect.objectContaining({ id: maths.id, max_marks: 80 })]);
    const other = await createRecord(t, s, 'subjects', { class_id: klass, name: 'Hindi' });
    expect((await call(`GET /class/test/${test}/${klass}/${other.id}/`)).body.data).toEqual([]);
    const none = await call(`GET /update/marks/999999/${klass}/`);
    expect(none.status).toBe(404);
    expect(none.body.error).toBe('No test taken');
  });

  it('lists every student of the class and saves marks, AB apart from 0, grades from the scale', async () => {
    const saved = await save(maths.id, [
      { student_id: kids[0]!.id, marks: 76 }, { student_id: kids[1]!.id, marks: 'AB' }, { student_id: kids[2]!.id, marks: 0 },
    ], teacher);
    expect(saved.body).toMatchObject({ success: true, message: 'Marks Updated', data: { saved: 3 } });
    const sheet = await call(`GET /update/marks/${maths.id}/${klass}/${year}/`, undefined, teacher);
    expect(sheet.body.data.test_subject).toMatchObject({ subject_name: 'Mathematics', test_name: 'Mid Term', max_marks: 80 });
    expect(sheet.body.data.marks.map((m: any) => [m.fullname, m.marks_obtained, m.absent, m.grade])).toEqual([
      ['Asha Verma', 76, false, 'A1'], ['Bharat Singh', null, true, null], ['Chitra Nair', 0, false, 'E'],
    ]);
    expect(sheet.body.data.marks[0]).toMatchObject({ admission_no: kids[0]!.admission_no, marks_id: expect.any(Number), subject_name: 'Mathematics' });
  });

  it('refuses marks above max, negative or not a number, and writes none of the sheet', async () => {
    const over = await save(maths.id, [{ student_id: kids[0]!.id, marks: 50 }, { student_id: kids[2]!.id, marks: 81 }]);
    expect(over.status).toBe(400);
    expect(over.body.error).toBe('Marks obtained must be less than max marks');
    for (const bad of [-1, 'ten', '12']) {
      const res = await save(maths.id, [{ student_id: kids[0]!.id, marks: bad }]);
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.error).toBe('Marks must be a number from 0, or AB for absent');
    }
    const sheet = await call(`GET /update/marks/${maths.id}/${klass}/`);
    expect(sheet.body.data.marks[0].marks_obtained).toBe(76);
    expect((await save(maths.id, [{ student_id: 999999, marks: 5 }])).body.error).toBe('Student 999999 is not in this class');
  });

  it('takes a grade of the scale for a graded subject', async () => {
    expect((await save(art.id, [{ student_id: kids[0]!.id, grade: 'A2' }], teacher)).status).toBe(200);
    const bad = await save(art.id, [{ student_id: kids[0]!.id, grade: 'Z9' }], teacher);
    expect(bad.body.error).toBe("Grade Z9 is not on the school's grading scale");
  });

  it("lets a teacher write only the subjects they teach or the classes they lead", async () => {
    const refused = await save(science.id, [{ student_id: kids[0]!.id, marks: 60 }], teacher);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('You can enter marks only for the subjects and classes you teach');
    expect((await call(`GET /update/marks/${science.id}/${klass}/`, undefined, teacher)).status).toBe(403);
    expect((await save(science.id, [{ student_id: kids[0]!.id, marks: 60 }, { student_id: kids[1]!.id, marks: 70 }, { student_id: kids[2]!.id, marks: 35.5 }])).status).toBe(200);
    for (const who of ['1', '5', '6', '7']) expect((await save(maths.id, [], s.tokens[who])).status, who).toBe(403);
  });
});

describe('marks viewer and approval', () => {
  it('shows students by subjects with total, percentage, grade and rank', async () => {
    const res = await call(`GET /marks/${test}/${klass}/${year}/`, undefined, teacher);
    expect(res.body.data.subjects.map((x: any) => x.subject)).toEqual(['Art', 'Mathematics', 'Science']);
    const rows = res.body.data.students.map((r: any) => [r.fullname, r.total, r.max_total, r.percentage, r.grade, r.rank]);
    expect(rows).toEqual([
      ['Asha Verma', 136, 160, 85, 'A2', 1],
      ['Bharat Singh', 70, 160, 43.75, 'C2', 2],
      ['Chitra Nair', 35.5, 160, 22.19, 'E', 3],
    ]);
    expect(res.body.data.approval).toMatchObject({ approved: false });
    expect((await call(`GET /marks/${test}/${klass}/${year}/`, undefined, s.tokens['1'])).status).toBe(403);
  });

  it('approves once: one SMS to each family, then edits and a second approval are refused', async () => {
    const before = (await sms()).length;
    expect((await call(`GET /marks/approve/${test}/${klass}/`, undefined, teacher)).status).toBe(403);
    const ok = await call(`GET /marks/approve/${test}/${klass}/`);
    expect(ok.body).toMatchObject({ success: true, message: 'Marks approved and messages sent', data: { sms_sent: 3 } });
    const texts = (await sms()).slice(before);
    expect(texts.map((x) => x.mobile).sort()).toEqual(['9876500000', '9876500010', '9876500020']);
    expect(texts.find((x) => x.mobile === '9876500000')!.message).toContain('Asha Verma has scored 136/160 (85%) in Mid Term');

    const again = await call(`GET /marks/approve/${test}/${klass}/`);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('These marks are already approved');
    const locked = await save(maths.id, [{ student_id: kids[0]!.id, marks: 10 }]);
    expect(locked.status).toBe(409);
    expect(locked.body.error).toBe('These marks are approved. Ask an admin to re-open them to make changes.');

    // Re-opened, edited and approved again: families are not texted a second time.
    expect((await call(`POST /marks/reopen/${test}/${klass}/`, undefined, teacher)).status).toBe(403);
    expect((await call(`POST /marks/reopen/${test}/${klass}/`)).body.message).toBe('Marks re-opened for editing');
    expect((await save(maths.id, [{ student_id: kids[0]!.id, marks: 78 }])).status).toBe(200);
    const second = await call(`GET /marks/approve/${test}/${klass}/`);
    expect(second.body).toMatchObject({ success: true, message: 'Marks approved', data: { sms_sent: 0 } });
    expect((await sms()).length).toBe(before + 3);
  });

  it('approves without texting when the school has SMS switched off', async () => {
    const t2 = (await createRecord(t, s, 'tests', { name: 'Unit Test 1', ac_year: year, start_date: '2026-07-01', end_date: '2026-07-02' })).id;
    const ts = await createRecord(t, s, 'test-subjects', { test_id: t2, class_id: klass, subject_id: maths.subject_id, marks_type: 1, max_marks: 20, min_marks: 0 });
    expect((await call(`GET /marks/approve/${t2}/${klass}/`)).body.error).toBe('No marks entered for this test and class');
    await save(ts.id, [{ student_id: kids[0]!.id, marks: 18 }]);
    const switches = { sms: '0', smart_sms: '0', announcements_sms: '1', messages_sms: '1', fee_payment_sms: '1', attendance_sms: '1' };
    expect((await call('POST /settings/sms/', switches)).status).toBe(200);
    const before = (await sms()).length;
    const res = await call(`GET /marks/approve/${t2}/${klass}/`);
    expect(res.body).toMatchObject({ success: true, message: 'Marks approved' });
    expect((await sms()).length).toBe(before);
    await call('POST /settings/sms/', { ...switches, sms: '1' });
  });
});

describe("a parent's marks", () => {
  it('shows approved marks of their own child only', async () => {
    const parent = s.tokens['1'];
    const mine = await call(`GET /marks/${kids[0]!.id}/`, undefined, parent);
    expect(mine.status).toBe(200);
    const midTerm = mine.body.data.filter((r: any) => r.test_name === 'Mid Term');
    expect(midTerm.map((r: any) => [r.subject_name, r.marks_obtained, r.grade, r.max_marks])).toEqual([
      ['Art', null, 'A2', 0], ['Mathematics', 78, 'A1', 80], ['Science', 60, 'B1', 80],
    ]);
    expect((await call(`GET /marks/${kids[1]!.id}/`, undefined, parent)).status).toBe(404);
    // Marks not yet approved are not shown.
    const t3 = (await createRecord(t, s, 'tests', { name: 'Pre Board', ac_year: year, start_date: '2026-12-01', end_date: '2026-12-05' })).id;
    const ts = await createRecord(t, s, 'test-subjects', { test_id: t3, class_id: klass, subject_id: maths.subject_id, marks_type: 1, max_marks: 100, min_marks: 0 });
    await save(ts.id, [{ student_id: kids[0]!.id, marks: 91 }]);
    expect((await call(`GET /marks/${kids[0]!.id}/`, undefined, parent)).body.data.some((r: any) => r.test_name === 'Pre Board')).toBe(false);
    // The student details' marks grid: every mark for staff, approved tests only for the parent.
    const staffGrid = (await call(`GET /student/details/${kids[0]!.id}/${year}/`)).body.data.marks.marks;
    expect(staffGrid).toContainEqual({ test_id: t3, subject_id: maths.subject_id, marks: 91 });
    expect(staffGrid).toContainEqual({ test_id: test, subject_id: art.subject_id, marks: 'A2' });
    const parentGrid = (await call(`GET /student/details/${kids[0]!.id}/${year}/`, undefined, parent)).body.data.marks.marks;
    expect(parentGrid.some((m: any) => m.test_id === t3)).toBe(false);
    expect(parentGrid).toContainEqual({ test_id: test, subject_id: maths.subject_id, marks: 78 });
  });
});

describe('marks by file', () => {
  it('downloads the empty list and reads it back, saving good rows and naming bad ones', async () => {
    const t4 = (await createRecord(t, s, 'tests', { name: 'Half Yearly', ac_year: year, start_date: '2026-10-01', end_date: '2026-10-10' })).id;
    await createRecord(t, s, 'test-subjects', { test_id: t4, class_id: klass, subject_id: maths.subject_id, marks_type: 1, max_marks: 80, min_marks: 0 });
    await createRecord(t, s, 'test-subjects', { test_id: t4, class_id: klass, subject_id: science.subject_id, marks_type: 1, max_marks: 80, min_marks: 0 });
    const list = await call(`GET /export/empty_marks_list/${klass}/${year}/${t4}/`, undefined, teacher);
    expect(list.body.data).toMatchObject({ name: 'marks_Half_Yearly_8-C.csv', count: 3 });
    const csv = (await t.app.inject({ method: 'GET', url: list.body.data.path })).body.replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('student_id,admission_no,roll_no,fullname,Mathematics (max 80),Science (max 80)');
    expect(lines).toHaveLength(4);

    const filled = [lines[0], `${lines[1]}`.replace(/,,$/, ',71,'), `${lines[2]}`.replace(/,,$/, ',AB,'), `${lines[3]}`.replace(/,,$/, ',95,x')].join('\n');
    const up = await uploadAs(t, s, teacher, 'marks-csv', 'marks.csv', filled);
    expect(up.status).toBe(200);
    const res = await call('POST /import/marks/', { csv_file_path: up.body.data.path, test_id: t4, class_id: klass, ac_year_id: year }, teacher);
    expect(res.body.success).toBe(true);
    expect(res.body.data.saved).toBe(2);
    expect(res.body.data.errors).toEqual([
      { row: 4, message: 'Mathematics: Marks obtained must be less than max marks (80)' },
      { row: 1, message: 'Science: You can enter marks only for the subjects and classes you teach' },
    ]);
    const view = await call(`GET /marks/${t4}/${klass}/${year}/`);
    expect(view.body.data.students.map((r: any) => r.total)).toEqual([71, 0, null]);
  });

  it('refuses files that are not CSV with the spec\'s message, and paths that are not marks uploads', async () => {
    const pdf = await uploadAs(t, s, teacher, 'marks-csv', 'marks.pdf', '%PDF-1.4 x');
    expect(pdf.status).toBe(400);
    expect(pdf.body.error).toBe('Error uploading file, please check file format and size.');
    expect((await uploadAs(t, s, s.tokens['1'], 'marks-csv', 'marks.csv', 'a,b')).status).toBe(403);
    const doc = await uploadAs(t, s, admin, 'documents', 'marks.csv', 'student_id\n1\n');
    const res = await call('POST /import/marks/', { csv_file_path: doc.body.data.path, test_id: test, class_id: klass, ac_year_id: year });
    expect(res.body.error).toBe('Error uploading file, please check file format and size.');
  });
});
