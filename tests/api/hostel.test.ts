/** The hostel module (spec 3): a declared module of two folders, schemas/hostel and resources/hostel. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, type TestApp, type TestSchool } from '../support/app.js';
import { admitStudent } from '../support/admit.js';
import { createRecord } from '../support/samples.js';

let t: TestApp;
let s: TestSchool;
let admin: string;
let year: number;
let nextYear: number;
let klass: number;

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  admin = s.tokens['4'];
  year = (await createRecord(t, s, 'acyears', { name: '2026-27' })).id;
  nextYear = (await createRecord(t, s, 'acyears', { name: '2027-28', start_date: '2027-06-01', end_date: '2028-03-31' })).id;
  klass = (await createRecord(t, s, 'classes', { class: '7', section: 'B' })).id;
});
afterAll(() => t?.close());

const call = (c: string, body?: unknown, token = admin) => t.call(s.code, c, body, token);
const admit = (name: string) => admitStudent(t, s, admin, { ac_year_id: year, class_id: klass, fullname: name }, 'HS');
const stay = (student_id: number, extra: Record<string, unknown> = {}) =>
  ({ ac_year_id: year, student_id, hostel_name: 'Ganga House', hostel_room: '12', join_date: '2026-06-10', end_date: null, ...extra });

describe('hostel students', () => {
  it('adds a student to the hostel and lists the year with name and pocket money balance', async () => {
    const st = await admit('Kavya Rao');
    await call('PUT /pocket-money/', { student_id: st.id, amount: 500.5, txn_type: 0, date: '2026-07-01T04:30:00.000Z', details: 'Deposit' });
    await call('PUT /pocket-money/', { student_id: st.id, amount: 120.25, txn_type: 1, date: '2026-07-02T04:30:00.000Z', details: 'Canteen' });

    const added = await call('PUT /simple-hostel/students/', stay(st.id));
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ success: true, message: 'Student Added to Hostel', data: { student_id: st.id, hostel_name: 'Ganga House', hostel_room: '12', fullname: 'Kavya Rao' } });

    const list = await call(`GET /simple-hostel/students/${year}/`);
    const row = list.body.data.find((r: any) => r.student_id === st.id);
    expect(row).toMatchObject({ ac_year_id: year, fullname: 'Kavya Rao', hostel_name: 'Ganga House', hostel_room: '12', join_date: '2026-06-10', end_date: null, pocket_money: 380.25 });
    expect((await call(`GET /simple-hostel/students/${nextYear}/`)).body.data.some((r: any) => r.student_id === st.id)).toBe(false);
  });

  it("says 'Required!' for a missing hostel or room, and names a missing student and year", async () => {
    const st = await admit('Rohan Das');
    for (const [body, message] of [
      [stay(st.id, { hostel_name: undefined }), 'Required!'],
      [stay(st.id, { hostel_room: '  ' }), 'Required!'],
      [stay(st.id, { hostel_name: '' }), 'Required!'],
      [{ ...stay(st.id), student_id: undefined }, 'Please select a student'],
      [{ ...stay(st.id), ac_year_id: undefined }, 'Please select academic year'],
      [stay(st.id, { join_date: '2026-06-10', end_date: '2026-06-01' }), 'The leaving date cannot be before the joining date'],
      [stay(st.id, { join_date: '2026-02-30' }), 'Joined On is not a valid date (YYYY-MM-DD)'],
      [stay(999999), 'Student not found'],
    ] as const) {
      const res = await call('PUT /simple-hostel/students/', JSON.parse(JSON.stringify(body)));
      expect(res.status, message).toBe(400);
      expect(res.body.error).toBe(message);
    }
    expect((await call(`GET /simple-hostel/students/${year}/`)).body.data.some((r: any) => r.student_id === st.id)).toBe(false);
  });

  it('keeps one stay per student and year', async () => {
    const st = await admit('Meera Iyer');
    expect((await call('PUT /simple-hostel/students/', stay(st.id))).status).toBe(200);
    const again = await call('PUT /simple-hostel/students/', stay(st.id, { hostel_room: '14' }));
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This student is already in the hostel this academic year');
    expect((await call('PUT /simple-hostel/students/', stay(st.id, { ac_year_id: nextYear }))).status).toBe(200);
  });

  it('records the leaving date, keeps the student and year fixed, and removes a stay', async () => {
    const st = await admit('Arjun Nair');
    const other = await admit('Dev Shah');
    const { id } = (await call('PUT /simple-hostel/students/', stay(st.id))).body.data;
    const left = await call(`POST /simple-hostel/student/${id}/`, { end_date: '2027-03-31', hostel_room: '15' });
    expect(left.body).toMatchObject({ success: true, message: 'Hostel Details Updated', data: { end_date: '2027-03-31', hostel_room: '15' } });
    expect((await call(`POST /simple-hostel/student/${id}/`, { student_id: other.id })).body.error).toBe('Student cannot be changed');
    const removed = await call(`DELETE /simple-hostel/student/${id}/`);
    expect(removed.body).toMatchObject({ success: true, message: 'Student Removed from Hostel' });
    expect((await call(`GET /simple-hostel/student/${id}/`)).status).toBe(404);
  });

  it('is for administrators only, with hostel module access, while the school has the module on', async () => {
    const st = await admit('Isha Menon');
    for (const who of ['1', '2', '7', 'admin-none']) {
      expect((await call(`GET /simple-hostel/students/${year}/`, undefined, s.tokens[who])).status, who).toBe(403);
      expect((await call('PUT /simple-hostel/students/', stay(st.id), s.tokens[who])).status, who).toBe(403);
    }
    expect((await call(`GET /simple-hostel/students/${year}/`, undefined, s.tokens['admin-read'])).status).toBe(200);
    expect((await call('PUT /simple-hostel/students/', stay(st.id), s.tokens['admin-read'])).status).toBe(403);
    expect((await call('PUT /simple-hostel/students/', stay(st.id), s.tokens['3'])).body.message).toBe('Student Added to Hostel');

    expect((await call('POST /settings/modules/', { modules: [{ module_key: 'hostel', enabled: false, hidden: false }] })).status).toBe(200);
    const off = await call(`GET /simple-hostel/students/${year}/`);
    expect(off.status).toBe(403);
    expect(off.body.error).toBe('This module is not enabled for your school');
    await call('POST /settings/modules/', { modules: [{ module_key: 'hostel', enabled: true, hidden: false }] });
    expect((await call(`GET /simple-hostel/students/${year}/`)).status).toBe(200);
  });
});
