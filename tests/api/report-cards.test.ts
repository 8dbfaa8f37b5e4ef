/**
 * Report cards: the preparation sheet, the tests chosen per component (admins only), the
 * entries per student (the class teacher of the class and admins), publishing once the marks
 * are approved, the class's cards as one PDF (its pages read back with pdftotext), and a
 * parent's own child's published card, never another family's.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createIntegrations } from '../../src/server/integrations/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveFile } from '../../src/server/framework/files.js';
import { defaultDetails, putSetting } from '../../src/server/platform/settings.js';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { admitStudent } from '../support/admit.js';
import { createRecord } from '../support/samples.js';

let t: TestApp;
let s: TestSchool;
let admin: string;
let teacher: string;
let year: number;
let otherYear: number;
let klass: number;
let otherClass: number;
let nextClass: number;
const tests: Record<'ut' | 'nb' | 'se' | 'mid', number> = { ut: 0, nb: 0, se: 0, mid: 0 };
const kids: Array<{ id: number; fullname: string }> = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'report-cards-'));

const call = (c: string, body?: unknown, token = admin) => t.call(s.code, c, body, token);
const db = () => schoolDb(t, s);

/** Marks of each test for Mathematics and Science, by student: [maths, science] ('AB' absent). */
const MARKS: Record<keyof typeof tests, { max: number; marks: Array<[number | 'AB', number | 'AB']> }> = {
  ut: { max: 20, marks: [[18, 'AB'], [20, 4], [14, 12]] },
  nb: { max: 10, marks: [[8, 6], [10, 2], [7, 8]] },
  se: { max: 10, marks: [[10, 7], [10, 2], [7, 6]] },
  mid: { max: 100, marks: [[90, 50], [100, 30], [60, 75]] },
};

/** Downloads a stored file the app answered with, to a temp path. */
async function fetchFile(p: string, name: string) {
  const res = await t.app.inject({ method: 'GET', url: p });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const file = path.join(tmp, name);
  fs.writeFileSync(file, res.rawPayload);
  return file;
}
const pagesOf = (file: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
const pageText = (file: string, page: number) => execFileSync('pdftotext', ['-layout', '-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8' });
/** The line of a page's text that starts with a subject, its figures split on spaces. */
const subjectRow = (text: string, subject: string) => text.split('\n').find((l) => l.trim().startsWith(subject))!.trim().split(/\s+/).slice(subject.split(' ').length);

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  admin = s.tokens['4'];
  teacher = s.tokens['2'];
  year = (await createRecord(t, s, 'acyears', { name: '2026-27' })).id;
  otherYear = (await createRecord(t, s, 'acyears', { name: '2027-28' })).id;
  const me = await createRecord(t, s, 'teachers', { fullname: 'Kavita Rao' });
  await db().updateTable('teacher').set({ user_id: s.users['2'] }).where('id', '=', me.id).execute();
  klass = (await createRecord(t, s, 'classes', { class: '9', section: 'B', class_teacher_id: me.id })).id;
  otherClass = (await createRecord(t, s, 'classes', { class: '9', section: 'C' })).id;
  nextClass = (await createRecord(t, s, 'classes', { class: '10', section: 'B' })).id;
  const maths = await createRecord(t, s, 'subjects', { class_id: klass, name: 'Mathematics' });
  const science = await createRecord(t, s, 'subjects', { class_id: klass, name: 'Science' });
  const names = { ut: 'Unit Test 1', nb: 'Notebook Check 1', se: 'Enrichment Activity 1', mid: 'Half Yearly' };
  for (const [i, name] of ['Asha Verma', 'Bharat Singh', 'Chitra Nair'].entries()) {
    kids.push(await admitStudent(t, s, admin, { ac_year_id: year, class_id: klass, fullname: name, mobile: `98765100${i}0`, roll_no: i + 1 }, 'RC'));
  }
  for (const key of Object.keys(tests) as Array<keyof typeof tests>) {
    tests[key] = (await createRecord(t, s, 'tests', { name: names[key], ac_year: year, start_date: '2026-09-01', end_date: '2026-09-10' })).id;
    for (const [j, subject] of [maths, science].entries()) {
      const ts = await createRecord(t, s, 'test-subjects', { test_id: tests[key], class_id: klass, subject_id: subject.id, marks_type: 1, max_marks: MARKS[key].max, min_marks: 0 });
      const saved = await call('PUT /update/marks/', { test_subject_id: ts.id, marks: kids.map((k, i) => ({ student_id: k.id, marks: MARKS[key].marks[i]![j] })) });
      expect(saved.status).toBe(200);
    }
  }
  // The parent's own child is Asha.
  await db().updateTable('student').set({ user_id: s.users['1'] }).where('id', '=', kids[0]!.id).execute();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('report card preparation', () => {
  it('shows the plan (CBSE by default), the tests of the year and every student', async () => {
    const res = await call(`GET /report-cards/${klass}/${year}/`);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.plan.terms).toEqual(['Term 1', 'Term 2']);
    expect(d.plan.components.map((c: any) => [c.code, c.max_marks])).toEqual([['PT', 10], ['NB', 5], ['SE', 5], ['EX', 80]]);
    expect(d.plan.areas.map((a: any) => a.name)).toEqual(['Work Education', 'Art Education', 'Health & Physical Education']);
    expect(d.plan.discipline).toEqual({ name: 'Discipline', grades: ['A', 'B', 'C'] });
    expect(d.tests.map((x: any) => x.name).sort()).toEqual(['Enrichment Activity 1', 'Half Yearly', 'Notebook Check 1', 'Unit Test 1']);
    expect(d.students.map((x: any) => x.fullname)).toEqual(['Asha Verma', 'Bharat Singh', 'Chitra Nair']);
    expect(d).toMatchObject({ class: { name: '9 - B', class_teacher: 'Kavita Rao' }, year: { name: '2026-27' }, published: false, attendance: 'entered', components: [] });
  });

  it('lets the class teacher prepare their own class only, and refuses other roles', async () => {
    expect((await call(`GET /report-cards/${klass}/${year}/`, undefined, teacher)).status).toBe(200);
    const other = await call(`GET /report-cards/${otherClass}/${year}/`, undefined, teacher);
    expect(other.status).toBe(403);
    expect(other.body.error).toBe('Only the class teacher or an admin can prepare report cards for this class');
    for (const who of ['1', '5', '6', '7', 'admin-none']) expect((await call(`GET /report-cards/${klass}/${year}/`, undefined, s.tokens[who])).status, who).toBe(403);
    expect((await call(`GET /report-cards/999999/${year}/`)).body.error).toBe('Class not found');
  });

  it('takes the tests per component from an admin only, checking terms, components and year', async () => {
    const components = [
      { term: 'Term 1', component: 'PT', test_id: tests.ut }, { term: 'Term 1', component: 'NB', test_id: tests.nb },
      { term: 'Term 1', component: 'SE', test_id: tests.se }, { term: 'Term 1', component: 'EX', test_id: tests.mid },
      { term: 'Term 2', component: 'PT', test_id: null },
    ];
    const body = { class_id: klass, ac_year_id: year, components };
    const refused = await call('PUT /report-cards/setup/', body, teacher);
    expect(refused.status).toBe(403);
    expect((await call('PUT /report-cards/setup/', { ...body, components: [{ term: 'Term 3', component: 'PT', test_id: tests.ut }] })).body.error)
      .toBe("Term 3 is not one of the school's terms");
    expect((await call('PUT /report-cards/setup/', { ...body, components: [{ term: 'Term 1', component: 'XX', test_id: tests.ut }] })).body.error)
      .toBe("XX is not one of the school's assessment components");
    expect((await call('PUT /report-cards/setup/', { ...body, ac_year_id: otherYear })).body.error).toBe(`Test ${tests.ut} is not a test of this academic year`);
    expect((await call('PUT /report-cards/setup/', { ...body, components: [components[0], components[0]] })).body.error).toBe('PT of Term 1 is chosen twice');
    expect((await call('PUT /report-cards/setup/', { class_id: klass, ac_year_id: year })).body.error).toBe('Please choose the tests');
    const ok = await call('PUT /report-cards/setup/', body);
    expect(ok.body).toMatchObject({ success: true, message: 'Report card tests saved' });
    expect(ok.body.data.components).toHaveLength(4);
    expect((await call(`GET /report-cards/${klass}/${year}/`)).body.data.components).toEqual(components.slice(0, 4));
  });

  it('saves grades, attendance, remarks, result and promoted-to, from the class teacher too', async () => {
    const rows = kids.map((k, i) => ({
      student_id: k.id,
      co_scholastic: { 'Term 1': { 'Work Education': ['A', 'B', 'C'][i], 'Art Education': 'B', 'Health & Physical Education': 'A', Discipline: ['A', 'A', 'B'][i] } },
      days_present: 90 + i, working_days: 100,
      remarks: ['Asha is attentive and helps her classmates.', 'Bharat should practise Science every day.', null][i],
      result: (['Promoted', 'Needs improvement', 'Passed'] as const)[i], promoted_to_class_id: i === 1 ? null : nextClass,
    }));
    const res = await call('PUT /report-cards/students/', { class_id: klass, ac_year_id: year, students: rows }, teacher);
    expect(res.body).toMatchObject({ success: true, message: 'Report Cards Updated', data: { saved: 3 } });
    const sheet = (await call(`GET /report-cards/${klass}/${year}/`)).body.data.students;
    expect(sheet[0]).toMatchObject({ days_present: 90, working_days: 100, result: 'Promoted', promoted_to_class_id: nextClass, co_scholastic: rows[0]!.co_scholastic });

    const bad = (change: Record<string, unknown>) => call('PUT /report-cards/students/', { class_id: klass, ac_year_id: year, students: [{ student_id: kids[0]!.id, ...change }] });
    expect((await bad({ co_scholastic: { 'Term 1': { 'Work Education': 'A1' } } })).body.error).toBe('Grade A1 is not a grade of Work Education');
    expect((await bad({ co_scholastic: { 'Term 1': { Music: 'A' } } })).body.error).toBe('Music is not graded on the report card');
    expect((await bad({ co_scholastic: { Annual: { Discipline: 'A' } } })).body.error).toBe("Annual is not one of the school's terms");
    expect((await bad({ days_present: 101, working_days: 100 })).body.error).toBe('Days present cannot be more than working days');
    expect((await bad({ result: 'Failed' })).body.error).toBe('Result must be Passed, Promoted or Needs improvement');
    expect((await bad({ promoted_to_class_id: 999999 })).body.error).toBe('The class promoted to does not exist');
    const stranger = await admitStudent(t, s, admin, { ac_year_id: year, class_id: otherClass, fullname: 'Dev Other' }, 'RC');
    expect((await call('PUT /report-cards/students/', { class_id: klass, ac_year_id: year, students: [{ student_id: stranger.id, remarks: 'x' }] })).body.error)
      .toBe(`Student ${stranger.id} is not in this class`);
    const elsewhere = await call('PUT /report-cards/students/', { class_id: otherClass, ac_year_id: year, students: [] }, teacher);
    expect(elsewhere.status).toBe(403);
    // A field left out keeps its value.
    expect((await bad({ remarks: 'Asha is attentive and helps her classmates.' })).status).toBe(200);
    expect((await call(`GET /report-cards/${klass}/${year}/`)).body.data.students[0].result).toBe('Promoted');
  });
});

describe('the class PDF', () => {
  it('is one A4 page a student with the subjects, scaled marks, totals and grades on the right pages', async () => {
    const res = await call(`GET /report-cards/${klass}/${year}/pdf/`, undefined, teacher);
    expect(res.body).toMatchObject({ success: true, message: 'Report cards ready', data: { name: 'Report-Cards-9-B-2026-27.pdf', pages: 3 } });
    const file = await fetchFile(res.body.data.path, 'class.pdf');
    expect(pagesOf(file)).toBe(3);
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Page size:\s+595.2\d? x 841.8\d? pts \(A4\)/);

    const [asha, bharat, chitra] = [1, 2, 3].map((p) => pageText(file, p));
    expect(asha).toContain('Asha Verma');
    expect(asha).not.toContain('Bharat Singh');
    expect(asha).toContain('REPORT CARD');
    expect(asha).toContain('Academic Year 2026-27');
    expect(asha).toContain(`School ${s.code}`);
    // PT NB SE EX Total Grade of Term 1, Term 2 empty, then overall % and grade.
    expect(subjectRow(asha, 'Mathematics')).toEqual(['9', '4', '5', '72', '90', 'A2', '-', '-', '-', '-', '-', '-', '90', 'A2']);
    expect(subjectRow(asha, 'Science')).toEqual(['AB', '3', '3.5', '40', '46.5', 'C2', '-', '-', '-', '-', '-', '-', '46.5', 'C2']);
    expect(subjectRow(bharat, 'Mathematics').slice(0, 6)).toEqual(['10', '5', '5', '80', '100', 'A1']);
    expect(subjectRow(bharat, 'Science').slice(0, 6)).toEqual(['2', '1', '1', '24', '28', 'E']);
    expect(subjectRow(chitra, 'Mathematics').slice(0, 6)).toEqual(['7', '3.5', '3.5', '48', '62', 'B2']);
    expect(subjectRow(chitra, 'Science').slice(0, 6)).toEqual(['6', '4', '3', '60', '73', 'B1']);

    expect(subjectRow(asha, 'Work Education')).toEqual(['A', '-']);
    expect(subjectRow(chitra, 'Work Education')).toEqual(['C', '-']);
    expect(subjectRow(chitra, 'Discipline').slice(0, 2)).toEqual(['B', '-']);
    expect(asha).toMatch(/Attendance:\s+90 \/ 100 days \(90%\)/);
    expect(asha).toContain('Asha is attentive and helps her classmates.');
    expect(asha).toMatch(/Result:\s+Promoted\s+Promoted to:\s+10 - B/);
    expect(bharat).toMatch(/Result:\s+Needs improvement\s+Promoted to:\s+-/);
    expect(asha).toContain('Kavita Rao');
    expect(asha).toMatch(/A1 91-100, A2 81-90.99/);
  });

  it('makes one student\'s card alone, and refuses a student of another class', async () => {
    const one = await call(`GET /report-cards/${klass}/${year}/pdf/?student_id=${kids[2]!.id}`);
    expect(one.body.data).toMatchObject({ name: 'Report-Card-Chitra-Nair-2026-27.pdf', pages: 1 });
    const file = await fetchFile(one.body.data.path, 'one.pdf');
    expect(pagesOf(file)).toBe(1);
    expect(pageText(file, 1)).toContain('Chitra Nair');
    expect((await call(`GET /report-cards/${klass}/${year}/pdf/?student_id=999999`)).body.error).toBe('Student 999999 is not in this class');
    expect((await call(`GET /report-cards/${klass}/${year}/pdf/?student_id=x`)).body.error).toBe('Invalid student id');
    expect((await call(`GET /report-cards/${otherClass}/${year}/pdf/`, undefined, teacher)).status).toBe(403);
    for (const who of ['1', '5', '6', '7']) expect((await call(`GET /report-cards/${klass}/${year}/pdf/`, undefined, s.tokens[who])).status, who).toBe(403);
    expect((await call(`GET /report-cards/${nextClass}/${year}/pdf/`)).body.error).toBe('No students in this class');
  });

  it('prints recorded attendance when the class takes it, and the school\'s logo and address', async () => {
    const dates = ['2026-07-01', '2026-07-02', '2026-07-03', '2026-07-04'];
    await db().insertInto('attendance').values(dates.flatMap((date, d) => kids.map((k, i) => ({
      student_id: k.id, class_id: klass, ac_year_id: year, date, present: i === 1 && d < 3 ? 0 : 1,
    })))).execute();
    const sheet = (await call(`GET /report-cards/${klass}/${year}/`)).body.data;
    expect(sheet.attendance).toBe('recorded');
    expect(sheet.students[1].recorded).toEqual({ present: 1, working: 4 });

    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const ctx = { db: db(), school: { code: s.code, name: `School ${s.code}`, schema: s.schema }, user: { id: s.users['4'] }, integrations: createIntegrations(t.config) } as any;
    const logo = await saveFile(ctx, { name: 'logo.png', contentType: 'image/png', bytes: png, kind: 'logo' });
    await putSetting(db(), 'school', { ...defaultDetails('Green Valley School'), school_logo: logo.path, school_address: '4, Temple Road, Mysuru' });

    const res = await call(`GET /report-cards/${klass}/${year}/pdf/`);
    const file = await fetchFile(res.body.data.path, 'attendance.pdf');
    const bharat = pageText(file, 2);
    expect(bharat).toMatch(/Attendance:\s+1 \/ 4 days \(25%\)/);
    expect(bharat).toContain('Green Valley School');
    expect(bharat).toContain('4, Temple Road, Mysuru');
    // One image (the logo) on each page; its transparency is a mask beside it.
    const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2).map((l) => l.trim().split(/\s+/));
    expect(images.filter((c) => c[2] === 'image').map((c) => c[0])).toEqual(['1', '2', '3']);
  });
});

describe('publishing and the parent\'s download', () => {
  it('publishes only approved marks, once, by an admin', async () => {
    const body = { class_id: klass, ac_year_id: year };
    expect((await call('POST /report-cards/publish/', body, teacher)).status).toBe(403);
    expect((await call('POST /report-cards/publish/', { class_id: otherClass, ac_year_id: year })).body.error).toBe('Choose the tests for the report card first');
    const early = await call('POST /report-cards/publish/', body);
    expect(early.status).toBe(400);
    expect(early.body.error).toMatch(/^Approve the marks of (Unit Test 1|Notebook Check 1|Enrichment Activity 1|Half Yearly) for this class before publishing$/);
    for (const id of Object.values(tests)) expect((await call(`GET /marks/approve/${id}/${klass}/`)).body.success).toBe(true);
    expect((await call('POST /report-cards/publish/', body)).body).toMatchObject({ success: true, message: 'Report cards published', data: { published: true } });
    const again = await call('POST /report-cards/publish/', body);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('These report cards are already published');
    expect((await call(`GET /report-cards/${klass}/${year}/`)).body.data.published).toBe(true);
  });

  it('lets a parent download their own child\'s published card and no other', async () => {
    const parent = s.tokens['1'];
    const list = await call(`GET /report-cards/student/${kids[0]!.id}/`, undefined, parent);
    expect(list.body.data).toEqual([expect.objectContaining({ ac_year_id: year, year: '2026-27', class: '9 - B' })]);
    const res = await call(`GET /report-cards/student/${kids[0]!.id}/${year}/pdf/`, undefined, parent);
    expect(res.body).toMatchObject({ success: true, message: 'Report card ready', data: { name: 'Report-Card-Asha-Verma-2026-27.pdf', pages: 1 } });
    const file = await fetchFile(res.body.data.path, 'parent.pdf');
    expect(pagesOf(file)).toBe(1);
    const text = pageText(file, 1);
    expect(text).toContain('Asha Verma');
    expect(subjectRow(text, 'Mathematics').slice(0, 6)).toEqual(['9', '4', '5', '72', '90', 'A2']);

    // Another family's child is answered like a missing one.
    for (const c of [`GET /report-cards/student/${kids[1]!.id}/`, `GET /report-cards/student/${kids[1]!.id}/${year}/pdf/`]) {
      const other = await call(c, undefined, parent);
      expect(other.status, c).toBe(404);
      expect(other.body.error).toBe('Student not found');
    }
    // Staff use the class's calls, not these.
    for (const who of ['2', '3', '4', '5']) expect((await call(`GET /report-cards/student/${kids[0]!.id}/`, undefined, s.tokens[who])).status, who).toBe(403);
    // A year without a published card.
    const none = await call(`GET /report-cards/student/${kids[0]!.id}/${otherYear}/pdf/`, undefined, parent);
    expect(none.status).toBe(404);
    expect(none.body.error).toBe('The report card is not published yet');
  });

  it('takes the cards away from families when withdrawn', async () => {
    const body = { class_id: klass, ac_year_id: year };
    expect((await call('POST /report-cards/unpublish/', body, teacher)).status).toBe(403);
    expect((await call('POST /report-cards/unpublish/', body)).body).toMatchObject({ success: true, message: 'Report cards withdrawn' });
    expect((await call('POST /report-cards/unpublish/', body)).body.error).toBe('These report cards are not published');
    const parent = s.tokens['1'];
    expect((await call(`GET /report-cards/student/${kids[0]!.id}/`, undefined, parent)).body.data).toEqual([]);
    const refused = await call(`GET /report-cards/student/${kids[0]!.id}/${year}/pdf/`, undefined, parent);
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe('The report card is not published yet');
  });
});
