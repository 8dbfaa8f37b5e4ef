import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { createRecord } from '../support/samples.js';

let t: TestApp;
let s: TestSchool;
let admin: string;
let y1: number;
let y2: number;
let y3: number;
let n = 0;

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  admin = s.tokens['4'];
  y1 = (await createRecord(t, s, 'acyears', { name: '2026-27', start_date: '2026-06-01', end_date: '2027-03-31' })).id;
  y2 = (await createRecord(t, s, 'acyears', { name: '2027-28', start_date: '2027-06-01', end_date: '2028-03-31' })).id;
  y3 = (await createRecord(t, s, 'acyears', { name: '2028-29', start_date: '2028-06-01', end_date: '2029-03-31' })).id;
});
afterAll(() => t?.close());

const call = (c: string, body?: unknown, token = admin) => t.call(s.code, c, body, token);
const db = () => schoolDb(t, s);

async function cls(name: string, section: string): Promise<number> {
  return (await createRecord(t, s, 'classes', { class: name, section })).id;
}

async function admit(classId: number, yearId = y1, fullname = `Pupil ${++n}`): Promise<number> {
  const r = await call('PUT /students/', {
    ac_year_id: yearId, class_id: classId, fullname, mobile: `97${String(n).padStart(8, '0')}`, dob: '2015-04-01',
    admission_no: `P${n}-${Date.now() % 100000}`, admission_date: '2026-06-01', roll_no: n,
  });
  if (!r.body.success) throw new Error(`admit: ${r.body.error}`);
  return r.body.data.id;
}

const history = (studentId: number) => db().selectFrom('student_year')
  .select(['ac_year_id', 'class_id', 'status', 'admission_type', 'roll_no'])
  .where('student_id', '=', studentId).orderBy('id').execute();
const student = (id: number) => db().selectFrom('student').select(['class_id', 'ac_year_id', 'status', 'roll_no']).where('id', '=', id).executeTakeFirstOrThrow();
const snapshot = async (ids: number[]) => Promise.all(ids.map(async (id) => ({ s: await student(id), h: await history(id) })));

describe('promote', () => {
  it('moves the selected students to the To class and year, keeps the old year, leaves the others alone', async () => {
    const a = await cls('5', 'PA');
    const c = await cls('6', 'PA');
    const [s1, s2, s3] = [await admit(a), await admit(a), await admit(a)];
    const res = await call('POST /promote/students/', { from_class: a, from_ac_year: y1, to_class: c, to_ac_year: y2, students: [s1, s2] });
    expect(res.body).toMatchObject({ success: true, message: 'Students promoted', data: { count: 2, action: 'promoted' } });
    for (const id of [s1, s2]) {
      expect(await student(id)).toMatchObject({ class_id: c, ac_year_id: y2, status: 1, roll_no: null });
      expect(await history(id)).toEqual([
        expect.objectContaining({ ac_year_id: y1, class_id: a, status: 2, admission_type: 'NEW' }),
        { ac_year_id: y2, class_id: c, status: 1, admission_type: 'RE ADM.', roll_no: null },
      ]);
    }
    expect(await student(s3)).toMatchObject({ class_id: a, ac_year_id: y1, status: 1 });
    expect(await history(s3)).toEqual([expect.objectContaining({ ac_year_id: y1, class_id: a, status: 1, admission_type: 'NEW' })]);
    // The year's roll number stays in the history.
    expect((await history(s1))[0]!.roll_no).not.toBeNull();

    // Promoted students are no longer current in the From year: promoting them again is refused.
    const again = await call('POST /promote/students/', { from_class: a, from_ac_year: y1, to_class: c, to_ac_year: y2, students: [s1] });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatch(/^Not current students of the From class and academic year: Pupil/);

    // Never into a lower class: keeping a student back is its own action.
    const down = await call('POST /promote/students/', { from_class: c, from_ac_year: y2, to_class: a, to_ac_year: y3, students: [s1] });
    expect(down.status).toBe(400);
    expect(down.body.error).toBe('Students cannot be promoted to a lower class (6 to 5): use Year Back/Break, or the same class to detain them');

    // And a year later again: three years of history.
    const d = await cls('7', 'PA');
    const next = await call('POST /promote/students/', { from_class: c, from_ac_year: y2, to_class: d, to_ac_year: y3, students: [s1] });
    expect(next.body.success).toBe(true);
    expect((await history(s1)).map((h) => [h.ac_year_id, h.class_id, h.status])).toEqual([[y1, a, 2], [y2, c, 2], [y3, d, 1]]);
  });

  it('writes the students and their year rows through the service, each audited under the call\'s action', async () => {
    const a = await cls('5', 'AU');
    const c = await cls('6', 'AU');
    const ids = [await admit(a), await admit(a), await admit(a)];
    const res = await call('POST /promote/students/', { from_class: a, from_ac_year: y1, to_class: c, to_ac_year: y2, students: ids });
    expect(res.body.data).toMatchObject({ count: 3 });
    const audited = (resource: string, records: number[]) => db().selectFrom('audit').select('record_id')
      .where('action', '=', 'promote').where('resource', '=', resource).where('record_id', 'in', records.map(String)).orderBy('record_id').execute();
    expect(await audited('students', ids)).toHaveLength(3);
    // Each student's old year row (now Promoted) and new one (Current).
    const years = await db().selectFrom('student_year').select('id').where('student_id', 'in', ids).execute();
    expect(years).toHaveLength(6);
    expect(await audited('student-years', years.map((y) => y.id))).toHaveLength(6);
  });

  it('detains when the From and To class are the same', async () => {
    const a = await cls('5', 'DT');
    const [s1, s2] = [await admit(a), await admit(a)];
    const res = await call('POST /promote/students/', { from_class: a, from_ac_year: y1, to_class: a, to_ac_year: y2, students: [s1] });
    expect(res.body).toMatchObject({ success: true, message: 'Students promoted', data: { count: 1, action: 'detained' } });
    expect(await history(s1)).toEqual([
      expect.objectContaining({ ac_year_id: y1, class_id: a, status: -1, admission_type: 'NEW' }),
      { ac_year_id: y2, class_id: a, status: 1, admission_type: 'RE ADM.', roll_no: null },
    ]);
    expect(await student(s1)).toMatchObject({ class_id: a, ac_year_id: y2, status: 1 });
    expect(await history(s2)).toEqual([expect.objectContaining({ status: 1 })]);
  });

  it('answers every message of the promote screen', async () => {
    const a = await cls('5', 'MS');
    const c = await cls('6', 'MS');
    const s1 = await admit(a);
    const full = { from_class: a, from_ac_year: y1, to_class: c, to_ac_year: y2, students: [s1] };
    const expect400 = async (c2: string, body: unknown, msg: string) => {
      const r = await call(c2, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toMatchObject({ success: false, error: msg });
    };
    for (const k of ['from_class', 'from_ac_year', 'to_class', 'to_ac_year'] as const) {
      await expect400('POST /promote/students/', { ...full, [k]: undefined }, 'Select From class, academic year and To class, academic year');
      await expect400('POST /promote/students/', { ...full, [k]: null }, 'Select From class, academic year and To class, academic year');
      await expect400('POST /shuffle/students/', { ...full, to_ac_year: y1, [k]: undefined }, 'Select From class, academic year and To class, academic year');
    }
    await expect400('POST /promote/students/', { ...full, to_ac_year: y1 }, "Academic Year can't be same");
    await expect400('POST /promote/students/', { ...full, to_class: a, to_ac_year: y1 }, "Academic Year can't be same");
    await expect400('POST /promote/students/', { ...full, students: [] }, 'Please select students to be promoted');
    await expect400('POST /promote/students/', { ...full, students: undefined }, 'Please select students to be promoted');
    await expect400('POST /shuffle/students/', { ...full, to_ac_year: y1, students: [] }, 'Please select students to be promoted');
    for (const c2 of ['PUT /promote/students/', 'PATCH /promote/students/']) {
      await expect400(c2, { from_ac_year: y1, students: [s1] }, 'Select From class and academic year');
      await expect400(c2, { from_class: a, students: [s1] }, 'Select From class and academic year');
    }
    await expect400('PUT /promote/students/', { from_class: a, from_ac_year: y1, students: [] }, 'Please select students to be graduated');
    await expect400('PATCH /promote/students/', { from_class: a, from_ac_year: y1, students: [] }, 'Please select students to be marked for year back/break');
    // Malformed payloads.
    await expect400('POST /promote/students/', { ...full, students: ['x'] }, 'Students must be a list of student ids');
    await expect400('POST /promote/students/', { ...full, students: 5 }, 'Students must be a list of student ids');
    await expect400('POST /promote/students/', { ...full, from_class: '1' }, 'Invalid from class');
    await expect400('POST /promote/students/', { ...full, extra: 1 }, 'Unknown field: extra');
    await expect400('POST /promote/students/', [], 'The request body must be a JSON object');
    await expect400('POST /promote/students/', { ...full, to_class: 999999 }, 'To class not found');
    await expect400('POST /promote/students/', { ...full, to_ac_year: 999999 }, 'To academic year not found');
    // Backwards in time.
    const back = await call('POST /promote/students/', { ...full, from_ac_year: y1, to_ac_year: y2 });
    expect(back.body.success).toBe(true);
    await expect400('POST /promote/students/', { from_class: c, from_ac_year: y2, to_class: a, to_ac_year: y1, students: [s1] }, 'The To academic year must come after the From academic year');
    expect((await history(s1)).length).toBe(2);
  });

  it('refuses the whole request when one student is not in the From class and year', async () => {
    const a = await cls('5', 'TX');
    const b = await cls('5', 'TY');
    const c = await cls('6', 'TX');
    const ids = [await admit(a), await admit(a), await admit(a)];
    const elsewhere = await admit(b);
    const before = await snapshot([...ids, elsewhere]);
    for (const bad of [elsewhere, 999999]) {
      for (const [c2, body] of [
        ['POST /promote/students/', { from_class: a, from_ac_year: y1, to_class: c, to_ac_year: y2, students: [...ids, bad] }],
        ['PUT /promote/students/', { from_class: a, from_ac_year: y1, students: [bad, ...ids] }],
        ['PATCH /promote/students/', { from_class: a, from_ac_year: y1, students: [...ids, bad] }],
        ['POST /shuffle/students/', { from_class: a, from_ac_year: y1, to_class: b, to_ac_year: y1, students: [...ids, bad] }],
      ] as const) {
        const r = await call(c2, body);
        expect(r.status, c2).toBe(400);
        expect(r.body.error).toContain(bad === 999999 ? '#999999' : 'Pupil');
      }
    }
    expect(await snapshot([...ids, elsewhere])).toEqual(before);
  });

  it('refuses a student who already has a class in the To year', async () => {
    const a = await cls('5', 'AL');
    const c = await cls('6', 'AL');
    const s1 = await admit(a);
    const s2 = await admit(a);
    // s2 already has a place in the next year.
    await db().insertInto('student_year').values({ student_id: s2, ac_year_id: y2, class_id: c, status: 1, admission_type: 'NEW' }).execute();
    const r = await call('POST /promote/students/', { from_class: a, from_ac_year: y1, to_class: c, to_ac_year: y2, students: [s1, s2] });
    expect(r.status).toBe(409);
    expect(r.body.error).toMatch(/^Already in a class in 2027-28: Pupil/);
    expect(await history(s1)).toHaveLength(1);
  });
});

describe('graduate and year back/break', () => {
  it('graduates the selected students', async () => {
    const a = await cls('10', 'GR');
    const [s1, s2] = [await admit(a), await admit(a)];
    const r = await call('PUT /promote/students/', { from_class: a, from_ac_year: y1, students: [s1] });
    expect(r.body).toMatchObject({ success: true, message: 'Students marked as Graduates', data: { count: 1 } });
    expect(await student(s1)).toMatchObject({ status: 3, class_id: a, ac_year_id: y1 });
    expect(await history(s1)).toEqual([expect.objectContaining({ ac_year_id: y1, class_id: a, status: 3, admission_type: 'NEW' })]);
    expect(await student(s2)).toMatchObject({ status: 1 });
    // A graduate cannot be graduated, promoted or put on a break again.
    expect((await call('PUT /promote/students/', { from_class: a, from_ac_year: y1, students: [s1] })).status).toBe(400);
    expect((await call('PATCH /promote/students/', { from_class: a, from_ac_year: y1, students: [s1] })).status).toBe(400);
  });

  it('marks year back/break, and a student back from the break keeps it in the history', async () => {
    const a = await cls('7', 'YB');
    const [s1, s2] = [await admit(a), await admit(a)];
    const r = await call('PATCH /promote/students/', { from_class: a, from_ac_year: y1, students: [s1] });
    expect(r.body).toMatchObject({ success: true, message: 'Students marked for Year Back/Break', data: { count: 1 } });
    expect(await student(s1)).toMatchObject({ status: 0 });
    expect(await history(s1)).toEqual([expect.objectContaining({ status: 0 })]);
    expect(await student(s2)).toMatchObject({ status: 1 });
    // The next year the student comes back into the same class.
    const back = await call('POST /promote/students/', { from_class: a, from_ac_year: y1, to_class: a, to_ac_year: y2, students: [s1] });
    expect(back.body.success).toBe(true);
    expect(await student(s1)).toMatchObject({ status: 1, ac_year_id: y2 });
    expect((await history(s1)).map((h) => [h.ac_year_id, h.status, h.admission_type])).toEqual([[y1, 0, 'NEW'], [y2, 1, 'RE ADM.']]);
  });
});

describe('shuffle', () => {
  it('moves students to another class of the same year: Current there, Shuffled in the old class', async () => {
    const a = await cls('8', 'SA');
    const b = await cls('8', 'SB');
    const [s1, s2] = [await admit(a), await admit(a)];
    const r = await call('POST /shuffle/students/', { from_class: a, from_ac_year: y1, to_class: b, to_ac_year: y1, students: [s1] });
    expect(r.body).toMatchObject({ success: true, message: 'Students shuffled', data: { count: 1 } });
    expect(await student(s1)).toMatchObject({ class_id: b, ac_year_id: y1, status: 1, roll_no: null });
    expect(await history(s1)).toEqual([
      expect.objectContaining({ ac_year_id: y1, class_id: a, status: 4, admission_type: 'NEW' }),
      { ac_year_id: y1, class_id: b, status: 1, admission_type: 'NEW', roll_no: null },
    ]);
    expect(await student(s2)).toMatchObject({ class_id: a });
    // The record shows the live row, and editing the student moves that row only.
    const live = (await db().selectFrom('student_year').select('id').where('student_id', '=', s1).where('status', '=', 1).executeTakeFirstOrThrow()).id;
    expect((await call(`GET /student/${s1}/`)).body.data).toMatchObject({ class_id: b, acy_status: 1, aym_id: live });
    const edit = await call(`POST /student/${s1}/`, { roll_no: 7 });
    expect(edit.body).toMatchObject({ success: true, message: 'Student Data Updated' });
    expect((await history(s1)).map((h) => [h.class_id, h.status, h.roll_no])).toEqual([[a, 4, expect.anything()], [b, 1, 7]]);
    await call(`POST /student/${s1}/`, { roll_no: null });

    // Not from a class they were shuffled out of; and back again reopens the old row.
    expect((await call('POST /shuffle/students/', { from_class: a, from_ac_year: y1, to_class: b, to_ac_year: y1, students: [s1] })).status).toBe(400);
    const back = await call('POST /shuffle/students/', { from_class: b, from_ac_year: y1, to_class: a, to_ac_year: y1, students: [s1] });
    expect(back.body.success).toBe(true);
    expect((await history(s1)).map((h) => [h.class_id, h.status])).toEqual([[a, 1], [b, 4]]);
    expect(await student(s1)).toMatchObject({ class_id: a });

    // A shuffled student is promoted from the class they are current in.
    await call('POST /shuffle/students/', { from_class: a, from_ac_year: y1, to_class: b, to_ac_year: y1, students: [s1] });
    const c = await cls('9', 'SA');
    const p = await call('POST /promote/students/', { from_class: b, from_ac_year: y1, to_class: c, to_ac_year: y2, students: [s1] });
    expect(p.body.success).toBe(true);
    expect((await history(s1)).map((h) => [h.ac_year_id, h.class_id, h.status])).toEqual([[y1, a, 4], [y1, b, 2], [y2, c, 1]]);
  });

  it('stays within one year and needs another class', async () => {
    const a = await cls('8', 'SC');
    const s1 = await admit(a);
    const r1 = await call('POST /shuffle/students/', { from_class: a, from_ac_year: y1, to_class: a, to_ac_year: y1, students: [s1] });
    expect(r1.body.error).toBe('Choose a To class other than the From class');
    const r2 = await call('POST /shuffle/students/', { from_class: a, from_ac_year: y1, to_class: a, to_ac_year: y2, students: [s1] });
    expect(r2.body.error).toBe('Shuffle changes the class within one academic year: choose the same From and To academic year');
    expect(await history(s1)).toHaveLength(1);
  });
});

describe('who may promote', () => {
  it('refuses parents, teachers, librarians and admins without academics update access', async () => {
    const a = await cls('4', 'RL');
    const c = await cls('4', 'RM');
    const s1 = await admit(a);
    const bodies: Array<[string, unknown]> = [
      ['POST /promote/students/', { from_class: a, from_ac_year: y1, to_class: c, to_ac_year: y2, students: [s1] }],
      ['PUT /promote/students/', { from_class: a, from_ac_year: y1, students: [s1] }],
      ['PATCH /promote/students/', { from_class: a, from_ac_year: y1, students: [s1] }],
      ['POST /shuffle/students/', { from_class: a, from_ac_year: y1, to_class: c, to_ac_year: y1, students: [s1] }],
    ];
    for (const [c2, body] of bodies) {
      for (const who of ['1', '2', '5', '7', 'admin-none', 'admin-read']) {
        const r = await call(c2, body, s.tokens[who]);
        expect(r.status, `${c2} as ${who}`).toBe(403);
      }
      expect((await call(c2, body, '')).status).toBe(401);
    }
    expect(await history(s1)).toEqual([expect.objectContaining({ status: 1 })]);
    // An admin with the academics module may.
    const ok = await call('PATCH /promote/students/', { from_class: a, from_ac_year: y1, students: [s1] }, s.tokens['3']);
    expect(ok.body.success).toBe(true);
  });
});
