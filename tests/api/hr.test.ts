/** HR (spec 3): employees, departments, holidays, leave types and leaves, the logins picker, employee attendance, and the absent days payroll reads. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { createRecord } from '../support/samples.js';
import { hrAbsentDays } from '../../src/server/modules/hr/absence.js';
import { schoolToday } from '../../src/server/framework/periods.js';

let t: TestApp;
let s: TestSchool;
let admin: string;
let year: number;
let teaching: number;

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  admin = s.tokens['4'];
  year = (await createRecord(t, s, 'acyears', { name: '2026-27', start_date: '2026-06-01', end_date: '2027-03-31' })).id;
  teaching = (await call('PUT /hr/departments/', { name: 'Teaching' })).body.data.id;
});
afterAll(() => t?.close());

const call = (c: string, body?: unknown, token = admin) => t.call(s.code, c, body, token);
const person = (extra: Record<string, unknown> = {}) => ({
  name: 'Anita Sharma', job_title: 'Teacher', hr_department_id: teaching, dob: '1985-04-12', hire_date: '2015-06-01', join_date: '2015-06-01', ...extra,
});
const hire = async (name: string, extra: Record<string, unknown> = {}) => {
  const res = await call('PUT /hr/employees/', person({ name, ...extra }));
  expect(res.status, res.body.error ?? '').toBe(200);
  return res.body.data.id as number;
};
const leaveType = async (name: string, leave_type: number) => (await call('PUT /hr/leave-types/', { name, leave_type })).body.data.id as number;
const take = (date: string, data: unknown[], token = admin) => call('PUT /employee/attendance', { date, data }, token);

describe('employees and departments', () => {
  it('adds, lists with the department, updates and deletes an employee, with the spec\'s messages', async () => {
    const added = await call('PUT /hr/employees/', person({ name: 'Rahul Verma' }));
    expect(added.body).toMatchObject({ success: true, message: 'New employee added', data: { name: 'Rahul Verma', department: 'Teaching', user_id: null } });
    const id = added.body.data.id;
    const list = await call('GET /hr/employees/');
    expect(list.body.data.find((e: any) => e.id === id)).toMatchObject({ id, name: 'Rahul Verma', job_title: 'Teacher', hr_department_id: teaching, department: 'Teaching' });

    const upd = await call(`POST /hr/employee/${id}/`, { job_title: 'Senior Teacher' });
    expect(upd.body).toMatchObject({ success: true, message: 'Updated employee details!', data: { job_title: 'Senior Teacher' } });
    const del = await call(`DELETE /hr/employee/${id}/`);
    expect(del.body).toMatchObject({ success: true, message: 'Employee Deleted' });
    expect((await call('GET /hr/employees/')).body.data.some((e: any) => e.id === id)).toBe(false);
  });

  it('requires name, job title, dates and department, each with its message, and stores nothing', async () => {
    for (const [field, message] of [
      ['name', 'Please enter name'], ['job_title', 'Please enter job title'], ['dob', 'Please select date of birth'],
      ['hire_date', 'Please select hire date'], ['join_date', 'Please select join date'], ['hr_department_id', 'Please select department'],
    ] as const) {
      const res = await call('PUT /hr/employees/', person({ name: 'Nobody Here', [field]: undefined }));
      expect(res.status, field).toBe(400);
      expect(res.body.error).toBe(message);
    }
    const early = await call('PUT /hr/employees/', person({ name: 'Nobody Here', hire_date: '2020-01-01', join_date: '2019-12-31' }));
    expect(early.body.error).toBe('The join date cannot be before the hire date');
    expect((await call('PUT /hr/employees/', person({ name: 'Nobody Here', hr_department_id: 99999 }))).body.error).toBe('Department not found');
    expect((await call('GET /hr/employees/')).body.data.some((e: any) => e.name === 'Nobody Here')).toBe(false);
  });

  it('adds and deletes departments, refusing a blank or repeated name and a department in use', async () => {
    const res = await call('PUT /hr/departments/', { name: 'Support' });
    expect(res.body).toMatchObject({ success: true, message: 'New Department Added', data: { name: 'Support' } });
    expect((await call('PUT /hr/departments/', { name: ' ' })).body.error).toBe('Please enter department name');
    expect((await call('PUT /hr/departments/', { name: 'Support' })).status).toBe(409);
    const emp = await hire('Manjunath B', { hr_department_id: res.body.data.id });
    expect((await call(`DELETE /hr/department/${res.body.data.id}/`)).status).toBe(409);
    await call(`DELETE /hr/employee/${emp}/`);
    const del = await call(`DELETE /hr/department/${res.body.data.id}/`);
    expect(del.body).toMatchObject({ success: true, message: 'Department Deleted' });
    expect((await call('GET /hr/departments/')).body.data.map((d: any) => d.name)).toEqual(['Teaching']);
  });

  it('links an employee to one staff login: GET /hr/users/ lists the free ones, ?all_users every staff login', async () => {
    const free = await call('GET /hr/users/');
    const ids = free.body.data.map((u: any) => u.id);
    expect(ids).toContain(s.users['2']);
    expect(ids).toContain(s.users['7']);
    expect(ids).not.toContain(s.users['1']);
    expect(free.body.data.find((u: any) => u.id === s.users['2'])).toMatchObject({ name: expect.any(String), role: 2 });

    const emp = await hire('Teacher Login', { user_id: s.users['2'] });
    expect((await call('GET /hr/users/')).body.data.some((u: any) => u.id === s.users['2'])).toBe(false);
    // The flag as spec 3 §7 writes it (bare), and spelled out: every staff login, the linked one too.
    for (const q of ['?all_users', '?all_users=', '?all_users=true', '?all_users=1']) {
      const all = await call(`GET /hr/users/${q}`);
      expect(all.status, q).toBe(200);
      expect(all.body.data.find((u: any) => u.id === s.users['2']), q).toMatchObject({ employee_id: emp });
    }
    for (const q of ['?all_users=false', '?all_users=0']) expect((await call(`GET /hr/users/${q}`)).body.data.some((u: any) => u.id === s.users['2']), q).toBe(false);
    const odd = await call('GET /hr/users/?all_users=maybe');
    expect(odd.status).toBe(400);
    expect(odd.body.error).toBe('All users is a flag: write ?all_users, or =true or =false');

    const twice = await call('PUT /hr/employees/', person({ name: 'Second', user_id: s.users['2'] }));
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('This login is already linked to Teacher Login');
    const parent = await call('PUT /hr/employees/', person({ name: 'Parent', user_id: s.users['1'] }));
    expect(parent.body.error).toBe('Only a staff login can be linked to an employee');
    expect((await call('PUT /hr/employees/', person({ name: 'Ghost', user_id: 999999 }))).body.error).toBe('Login not found');
    await call(`DELETE /hr/employee/${emp}/`);
  });

  it('is for administrators with HR access: other roles and an admin without the HR module are refused', async () => {
    for (const who of ['1', '2', '5', '6', '7', 'admin-none']) {
      for (const c of ['GET /hr/employees/', 'GET /hr/departments/', 'GET /hr/holidays/', 'GET /hr/leave-types/', 'GET /hr/users/', `GET /employee/attendance?date=${schoolToday()}`]) {
        const res = await call(c, undefined, s.tokens[who]);
        expect(res.status, `${who} ${c}`).toBe(403);
      }
      expect((await call('PUT /hr/employees/', person({ name: 'Refused' }), s.tokens[who])).status, who).toBe(403);
    }
    expect((await call('GET /hr/employees/', undefined, s.tokens['admin-none'])).body.error).toBe('You do not have access to this module');
    expect((await call('GET /hr/employees/', undefined, s.tokens['admin-read'])).status).toBe(200);
    expect((await call('PUT /hr/employees/', person({ name: 'Refused' }), s.tokens['admin-read'])).status).toBe(403);
    expect((await call('PUT /hr/employees/', person({ name: 'Office Hire' }), s.tokens['3'])).body.message).toBe('New employee added');
  });
});

describe('holidays, leave types and leaves', () => {
  it('adds holidays and lists them by date', async () => {
    const res = await call('PUT /hr/holidays/', { date: '2026-10-02', reason: 'Gandhi Jayanti' });
    expect(res.body).toMatchObject({ success: true, message: 'New Holiday Added', data: { date: '2026-10-02', reason: 'Gandhi Jayanti' } });
    expect((await call('PUT /hr/holidays/', { date: '2026-10-02', reason: 'Again' })).status).toBe(409);
    expect((await call('PUT /hr/holidays/', { reason: 'No date' })).body.error).toBe('Please select the date');
    expect((await call('PUT /hr/holidays/', { date: '2026-12-25', reason: '' })).body.error).toBe('Please enter the reason');
    expect((await call('GET /hr/holidays/')).body.data).toEqual([expect.objectContaining({ date: '2026-10-02', reason: 'Gandhi Jayanti' })]);
  });

  it('adds leave types of the four codes only, and deletes them', async () => {
    const res = await call('PUT /hr/leave-types/', { name: 'Maternity', leave_type: 4 });
    expect(res.body).toMatchObject({ success: true, message: 'New leave type added', data: { name: 'Maternity', leave_type: 4 } });
    expect((await call('PUT /hr/leave-types/', { name: 'Odd', leave_type: 3 })).body.error).toBe('Choose Loss of Pay, Casual, Sick or Others');
    expect((await call('PUT /hr/leave-types/', { name: 'Odd', leave_type: 0 })).status).toBe(400);
    expect((await call('PUT /hr/leave-types/', { leave_type: 1 })).body.error).toBe('Please enter leave type name');
    // The name alone makes one (spec 3 §3, §5): the type takes the schema's default, Casual.
    const named = await call('PUT /hr/leave-types/', { name: 'Study Leave' });
    expect(named.status, named.body.error ?? '').toBe(200);
    expect(named.body).toMatchObject({ success: true, message: 'New leave type added', data: { name: 'Study Leave', leave_type: 1 } });
    expect((await call('PUT /hr/leave-types/', { name: 'No Type', leave_type: null })).body.error).toBe('Choose Loss of Pay, Casual, Sick or Others');
    const del = await call(`DELETE /hr/leave-type/${res.body.data.id}/`);
    expect(del.body).toMatchObject({ success: true, message: 'Leave type deleted' });
  });

  it('assigns leave for a year: days required unless loss of pay, payment multiplier 1 by default', async () => {
    const emp = await hire('Leave Taker');
    const casual = await leaveType('Casual Leave', 1);
    const lop = await leaveType('Loss of Pay', -1);
    const base = { hr_employee_id: emp, ac_year_id: year };
    const noDays = await call(`PUT /hr/emp/${emp}/leaves/`, { ...base, hr_leave_type_id: casual, loss_of_pay: false });
    expect(noDays.status).toBe(400);
    expect(noDays.body.error).toBe('Please enter the number of days');
    // Loss of pay left out is its default, No: so the days are asked for.
    expect((await call(`PUT /hr/emp/${emp}/leaves/`, { ...base, hr_leave_type_id: casual })).body.error).toBe('Please enter the number of days');
    const added = await call(`PUT /hr/emp/${emp}/leaves/`, { ...base, hr_leave_type_id: casual, loss_of_pay: false, value: 12 });
    expect(added.body).toMatchObject({ success: true, message: 'Leave Added', data: { value: 12, payment_multiplier: 1, leave_type: 'Casual Leave' } });
    const lopLeave = await call(`PUT /hr/emp/${emp}/leaves/`, { ...base, hr_leave_type_id: lop, loss_of_pay: true });
    expect(lopLeave.body).toMatchObject({ success: true, data: { value: null, loss_of_pay: true, payment_multiplier: 1 } });
    for (const [field, message] of [['ac_year_id', 'Please select academic year'], ['hr_leave_type_id', 'Please select leave type'], ['loss_of_pay', 'Please choose loss of pay']] as const) {
      const res = await call(`PUT /hr/emp/${emp}/leaves/`, { ...base, hr_leave_type_id: casual, loss_of_pay: true, [field]: null });
      expect(res.body.error, field).toBe(message);
    }
    const other = await hire('Other Employee');
    const crossed = await call(`PUT /hr/emp/${other}/leaves/`, { ...base, hr_leave_type_id: casual, loss_of_pay: true });
    expect(crossed.status).toBe(400);
    expect(crossed.body.error).toBe('The Employee in the path and in the payload differ');
    const list = await call(`GET /hr/emp/${emp}/leaves/`);
    expect(list.body.data.map((l: any) => [l.leave_type, l.value, l.loss_of_pay])).toEqual([['Casual Leave', 12, false], ['Loss of Pay', null, true]]);
    expect((await call(`GET /hr/emp/${await hire('No Leaves')}/leaves/`)).body.data).toEqual([]);
  });
});

describe('employee attendance', () => {
  it("refuses a save without a date: 'Date is requried!'", async () => {
    const emp = await hire('Dateless');
    const res = await call('PUT /employee/attendance', { data: [{ emp_id: emp, present: 1 }] });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Date is requried!');
    expect((await call('GET /employee/attendance')).body.error).toBe('Date is requried!');
  });

  it('saves a day in one go, one row per employee; present clears the leave type; re-saving writes nothing twice', async () => {
    const a = await hire('Att Present');
    const b = await hire('Att Absent');
    const c = await hire('Att Leave');
    const date = '2026-09-01';
    const res = await take(date, [
      { emp_id: a, present: 1, leave_type: 2 }, { emp_id: b, present: 0 }, { emp_id: c, present: 0, leave_type: 2 },
    ]);
    expect(res.body).toMatchObject({ success: true, message: 'Employee attendance updated!', data: { created: 3 } });
    const day = (await call(`GET /employee/attendance?date=${date}`)).body.data;
    const of = (id: number) => day.find((r: any) => r.emp_id === id);
    expect(of(a)).toMatchObject({ name: 'Att Present', present: 1, leave_type: null, id: expect.any(Number) });
    expect(of(b)).toMatchObject({ present: 0, leave_type: null });
    expect(of(c)).toMatchObject({ present: 0, leave_type: 2 });
    // An employee not marked that day is listed with nothing saved.
    expect(day.find((r: any) => r.name === 'Dateless')).toMatchObject({ id: null, present: null, leave_type: null });

    // The sheet sent again as read (ids included) changes nothing and writes nothing twice.
    const again = await take(date, [a, b, c].map((id) => ({ emp_id: id, id: of(id).id, present: of(id).present, leave_type: of(id).leave_type })));
    expect(again.body.data).toMatchObject({ created: 0 });
    const rows = await schoolDb(t, s).selectFrom('hr_employee_attendance').selectAll().where('date', '=', date).where('emp_id', 'in', [a, b, c]).execute();
    expect(rows).toHaveLength(3);
  });

  it('keeps saved records locked: a change named by its id is refused, and so is a save that does not name them or names a wrong one', async () => {
    const a = await hire('Lock One');
    const b = await hire('Lock Two');
    const date = '2026-09-02';
    await take(date, [{ emp_id: a, present: 0, leave_type: 2 }]);
    const db = schoolDb(t, s);
    const saved = await db.selectFrom('hr_employee_attendance').selectAll().where('date', '=', date).where('emp_id', '=', a).executeTakeFirstOrThrow();

    // Sick leave turned into present, naming the record: refused whole, for an admin and the super admin alike, and nothing written.
    for (const token of [admin, s.tokens['3']]) {
      const change = await take(date, [{ emp_id: b, present: 1 }, { emp_id: a, id: saved.id, present: 1 }], token);
      expect(change.status).toBe(409);
      expect(change.body).toMatchObject({ success: false, error: 'Attendance of Lock One for this day is saved and locked: it cannot be changed' });
    }
    const leave = await take(date, [{ emp_id: a, id: saved.id, present: 0, leave_type: 1 }]);
    expect(leave.status).toBe(409);
    expect(await db.selectFrom('hr_employee_attendance').selectAll().where('date', '=', date).where('emp_id', 'in', [a, b]).execute()).toEqual([saved]);

    // The same save without the id is refused too.
    const stale = await take(date, [{ emp_id: b, present: 1 }, { emp_id: a, present: 1 }]);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('Attendance of Lock One for this day is already saved');
    expect(await db.selectFrom('hr_employee_attendance').selectAll().where('date', '=', date).where('emp_id', 'in', [a, b]).execute()).toEqual([saved]);
    const wrong = await take(date, [{ emp_id: b, id: saved.id, present: 1 }]);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(`Attendance record ${saved.id} is not Lock Two's for this day`);
  });

  it('lets an admin who may only take attendance take it and send a saved record back unchanged', async () => {
    const a = await hire('Grant One');
    const db = schoolDb(t, s);
    await db.updateTable('admin_module_access').set({ create: true, read: true, update: false }).where('user_id', '=', s.users['admin-read']!).where('module_key', '=', 'hr').execute();
    const token = s.tokens['admin-read'];
    const date = '2026-09-03';
    expect((await take(date, [{ emp_id: a, present: 1 }], token)).body.message).toBe('Employee attendance updated!');
    const id = (await db.selectFrom('hr_employee_attendance').select('id').where('emp_id', '=', a).where('date', '=', date).executeTakeFirstOrThrow()).id;
    expect((await take(date, [{ emp_id: a, id, present: 1 }], token)).status).toBe(200);
    expect((await take(date, [{ emp_id: a, id, present: 0 }], token)).status).toBe(409);
    await db.updateTable('admin_module_access').set({ create: false, update: false }).where('user_id', '=', s.users['admin-read']!).where('module_key', '=', 'hr').execute();
  });

  it('refuses a day to come, an employee twice or unknown, and a leave type outside the four', async () => {
    const a = await hire('Check One');
    expect((await take('2999-01-01', [{ emp_id: a, present: 1 }])).body.error).toBe('Attendance cannot be taken for a day still to come');
    expect((await take('2026-09-04', [{ emp_id: a, present: 1 }, { emp_id: a, present: 0 }])).body.error).toBe('Check One is listed twice');
    expect((await take('2026-09-04', [{ emp_id: 999999, present: 1 }])).body.error).toBe('Employee 999999 not found');
    expect((await take('2026-09-04', [{ emp_id: a, present: 0, leave_type: 3 }])).body.error).toBe('Choose Loss of Pay, Casual, Sick or Others');
    expect((await take('2026-09-04', [])).body.error).toBe('Mark at least one employee');
    expect(await schoolDb(t, s).selectFrom('hr_employee_attendance').select('id').where('emp_id', '=', a).execute()).toEqual([]);
  });
});

describe('hrAbsentDays', () => {
  it('counts absence without leave and loss-of-pay leave; paid leave only beyond the year\'s assigned days of its type; null without records', async () => {
    const emp = await hire('Absence Rules');
    const casualType = await leaveType('Casual A', 1);
    await call(`PUT /hr/emp/${emp}/leaves/`, { hr_employee_id: emp, ac_year_id: year, hr_leave_type_id: casualType, loss_of_pay: false, value: 2 });
    const db = schoolDb(t, s);
    expect(await hrAbsentDays(db, emp, '2026-07')).toBeNull();
    // July: one casual day (within the 2 assigned). August: two casual days (the 3rd of the year is beyond), one absent, one loss of pay, one sick (none assigned).
    await take('2026-07-10', [{ emp_id: emp, present: 0, leave_type: 1 }]);
    for (const [date, present, leave_type] of [
      ['2026-08-03', 1, null], ['2026-08-04', 0, 1], ['2026-08-05', 0, 1], ['2026-08-06', 0, null], ['2026-08-07', 0, -1], ['2026-08-10', 0, 2],
    ] as const) await take(date, [{ emp_id: emp, present, leave_type }]);
    expect(await hrAbsentDays(db, emp, '2026-07')).toBe(0);
    expect(await hrAbsentDays(db, emp, '2026-08')).toBe(4);
    // Paid leave before the academic year has no allowance.
    await take('2026-05-20', [{ emp_id: emp, present: 0, leave_type: 1 }]);
    expect(await hrAbsentDays(db, emp, '2026-05')).toBe(1);
    expect(await hrAbsentDays(db, emp, '2026-09')).toBeNull();
  });
});
