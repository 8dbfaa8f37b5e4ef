/** Simple payroll (spec 2): salary structures, payroll entries, payslips, installments paid through finance, the dashboard, an employee's own payslips. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { createRecord } from '../support/samples.js';

let t: TestApp;
let s: TestSchool;
let admin: string;
let dept: number;
let bank: number;
let mode: number;
let category: number;

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  admin = s.tokens['4'];
  dept = (await createRecord(t, s, 'departments', { name: 'Teaching' })).id;
  bank = (await createRecord(t, s, 'finance-accounts', { name: 'State Bank', type: 'bank' })).id;
  mode = (await createRecord(t, s, 'finance-payment-modes', { name: 'Bank Transfer' })).id;
  category = (await createRecord(t, s, 'finance-expense-categories', { name: 'Salaries' })).id;
});
afterAll(() => t?.close());

const call = (c: string, body?: unknown, token = admin) => t.call(s.code, c, body, token);
let n = 0;
const employee = async (extra: Record<string, unknown> = {}) => (await createRecord(t, s, 'employees', {
  name: `Employee ${++n}`, job_title: 'Teacher', hr_department_id: dept, dob: '1990-01-01', hire_date: '2020-06-01', join_date: '2020-06-01', user_id: null, ...extra,
})).id as number;
const STRUCTURE = [
  { item_name: 'Basic', type: 0, value: 20000 },
  { item_name: 'HRA', type: 0, value: 12000 },
  { item_name: 'PF', type: 1, value: 2000 },
];
const setSalary = (employee_id: number, ctc = 30000, salary = STRUCTURE) => call('PUT /simple/payroll/salary/', { employee_id, ctc, salary });
const entry = (employee_id: number, extra: Record<string, unknown> = {}) => call('PUT /simple/payroll/', { employee_id, month_year: '2026-09-01', total_days: 30, absent_days: 0, ...extra });
const pay = (payment_id: number, amount_paid: number, extra: Record<string, unknown> = {}, token = admin) => call('PUT /simple/payroll/installment/', {
  payment_id, amount_paid, payment_date: '2026-10-05', exp_debit_account: bank, exp_payment_mode: mode, exp_category: category, payment_mode_details: 'NEFT', ...extra,
}, token);
const accountDebit = async (id = bank) => Number((await schoolDb(t, s).selectFrom('fin_account').select('debit').where('id', '=', id).executeTakeFirstOrThrow()).debit);

describe('salary structures', () => {
  it('sets a salary, answers it with its items as text, and lists employees with their CTC', async () => {
    const id = await employee({ name: 'Anita Desai' });
    const set = await setSalary(id);
    expect(set.body).toMatchObject({ success: true, message: 'Employee Salary Items Added', data: { employee_id: id, ctc: 30000 } });
    const got = await call(`GET /simple/payroll/employee/${id}/salary/`);
    expect(got.body.data.ctc).toBe(30000);
    expect(JSON.parse(got.body.data.salary)).toEqual(STRUCTURE);
    for (const path of ['GET /simple/payroll/employees/', 'GET /simple/payroll/employees/?type=simple_payroll']) {
      const list = await call(path);
      expect(list.body.data.find((e: any) => e.id === id)).toMatchObject({ name: 'Anita Desai', job_title: 'Teacher', ctc: 30000 });
    }
    // Setting it again replaces it.
    expect((await setSalary(id, 25000, [{ item_name: 'Basic', type: 0, value: 25000 }])).status).toBe(200);
    expect(JSON.parse((await call(`GET /simple/payroll/employee/${id}/salary/`)).body.data.salary)).toEqual([{ item_name: 'Basic', type: 0, value: 25000 }]);
  });

  it('refuses a structure whose items do not add up to the CTC, and missing fields by the spec', async () => {
    const id = await employee();
    const bad = await setSalary(id, 31000);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('The salary items must add up to the CTC: credits ₹32,000.00 − debits ₹2,000.00 = ₹30,000.00, CTC ₹31,000.00');
    for (const [body, message] of [
      [{ ctc: 1000, salary: [] }, 'Employee is required'],
      [{ employee_id: id, salary: [] }, 'CTC is required'],
      [{ employee_id: id, ctc: 1000, salary: [{ type: 0, value: 1000 }] }, 'Item name is required'],
      [{ employee_id: id, ctc: 1000, salary: [{ item_name: 'Basic', value: 1000 }] }, 'Type is required'],
      [{ employee_id: id, ctc: 1000, salary: [{ item_name: 'Basic', type: 0 }] }, 'Value is required'],
      [{ employee_id: id, ctc: 1000.5, salary: [] }, 'CTC must be in whole rupees'],
    ] as const) {
      const res = await call('PUT /simple/payroll/salary/', body);
      expect(res.status, message).toBe(400);
      expect(res.body.error).toBe(message);
    }
    const none = await call(`GET /simple/payroll/employee/${id}/salary/`);
    expect(none.status).toBe(404);
    expect(none.body.error).toBe('Employee salary is not set');
    expect((await call('PUT /simple/payroll/salary/', { employee_id: 999999, ctc: 1000, salary: [] })).status).toBe(404);
  });
});

describe('payroll entries', () => {
  it('computes the salary and the payslip on the server: 2 absent days add a Loss of Pay debit and the total is the salary amount', async () => {
    const id = await employee({ name: 'Ravi Shankar' });
    await setSalary(id);
    const res = await entry(id, { absent_days: 2, month_year: '2026-09-17' });
    expect(res.body).toMatchObject({ success: true, message: 'New payroll entry is added' });
    expect(res.body.data).toMatchObject({ employee_id: id, month_year: '2026-09-01', absent_days: 2, total_days: 30, present_days: 28, salary_amount: 28000, amount_paid: 0, emp_name: 'Ravi Shankar' });
    const slip = (await call(`GET /simple/payroll/${res.body.data.id}/`)).body.data;
    expect(slip.extras.payslip).toEqual([
      { key: 'item-1', item_name: 'Basic', type: 0, value: 20000 },
      { key: 'item-2', item_name: 'HRA', type: 0, value: 12000 },
      { key: 'item-3', item_name: 'PF', type: 1, value: 2000 },
      { key: 'loss-of-pay', item_name: 'Loss of Pay', type: 1, value: 2000 },
    ]);
    expect(slip).toMatchObject({ total_credit: 32000, total_debit: 4000, total: 28000, salary_amount: 28000, pending: 28000, can_pay: true, installments: [] });
  });

  it('rounds the salary up to the rupee; negative absent days add Overtime; total days default to the month', async () => {
    const id = await employee();
    await setSalary(id);
    const odd = (await entry(id, { month_year: '2026-10-01', total_days: 31, absent_days: 2 })).body.data;
    expect(odd.salary_amount).toBe(28065); // 30000 × 29/31 = 28064.51…
    const over = (await entry(id, { month_year: '2026-08-01', total_days: 30, absent_days: -3 })).body.data;
    expect(over.salary_amount).toBe(33000);
    const slip = (await call(`GET /simple/payroll/${over.id}/`)).body.data;
    expect(slip.extras.payslip.at(-1)).toEqual({ key: 'overtime', item_name: 'Overtime', type: 0, value: 3000 });
    expect(slip.total).toBe(33000);
    const fallback = (await call('PUT /simple/payroll/', { employee_id: id, month_year: '2026-02-01', absent_days: 0 })).body.data;
    expect(fallback).toMatchObject({ total_days: 28, month_year: '2026-02-01', salary_amount: 30000 });
  });

  it("takes absent days left empty from HR's attendance for the month, and 0 when HR has none", async () => {
    const id = await employee({ name: 'Suresh Babu' });
    await setSalary(id);
    for (const [date, present] of [['2026-07-06', 0], ['2026-07-07', 0], ['2026-07-08', 1]] as const) {
      const res = await call('PUT /employee/attendance', { date, data: [{ emp_id: id, present, leave_type: null }] });
      expect(res.status, date).toBe(200);
    }
    const july = (await call('PUT /simple/payroll/', { employee_id: id, month_year: '2026-07-01' })).body.data;
    expect(july).toMatchObject({ absent_days: 2, total_days: 31, present_days: 29, salary_amount: 28065 });
    const slip = (await call(`GET /simple/payroll/${july.id}/`)).body.data;
    expect(slip.extras.payslip.find((i: any) => i.key === 'loss-of-pay')).toMatchObject({ item_name: 'Loss of Pay', type: 1, value: 1935 });
    // What the person enters wins over HR's count; a month HR has no attendance for has none.
    const other = await employee();
    await setSalary(other);
    await call('PUT /employee/attendance', { date: '2026-07-06', data: [{ emp_id: other, present: 0, leave_type: null }] });
    expect((await call('PUT /simple/payroll/', { employee_id: other, month_year: '2026-07-01', absent_days: 0 })).body.data.absent_days).toBe(0);
    expect((await call('PUT /simple/payroll/', { employee_id: other, month_year: '2026-05-01' })).body.data).toMatchObject({ absent_days: 0, salary_amount: 30000 });
  });

  it("says 'Employee salary is not set', keeps one entry per employee and month, and never takes the browser's sums", async () => {
    const id = await employee();
    const none = await entry(id);
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('Employee salary is not set');
    await setSalary(id);
    expect((await entry(id)).status).toBe(200);
    const again = await entry(id, { month_year: '2026-09-30' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Payroll for this employee and month is already added');
    const forged = await entry(id, { month_year: '2026-07-01', salary_amount: 99999 });
    expect(forged.status).toBe(400);
    expect(forged.body.error).toBe('Salary amount must be ₹30,000.00, as computed from the salary and loss of pay');
    for (const [extra, message] of [
      [{ absent_days: 31 }, 'Absent days cannot be more than total days'],
      [{ total_days: 0 }, 'Total days must be from 1 to 31'],
      [{ absent_days: 1.5 }, 'Absent days must be a whole number'],
      [{ month_year: undefined }, 'Month and year is required'],
    ] as const) {
      const res = await entry(id, { month_year: '2026-06-01', ...extra });
      expect(res.status, message).toBe(400);
      expect(res.body.error).toBe(message);
    }
    expect((await call(`GET /simple/payroll/employee/${id}/`)).body.data.map((r: any) => r.month_year)).toEqual(['2026-09-01']);
  });

  it("takes the entry form's own fields: the salary amount only as computed, to the paisa", async () => {
    const id = await employee();
    await setSalary(id);
    // 30000 × 29/31 = 28064.51…, rounded up to 28065: a paisa off is refused, naming the amount.
    const off = await entry(id, { month_year: '2026-10-01', total_days: 31, absent_days: 2, salary_amount: 28064.51, amount_paid: 0, payment_date: null });
    expect(off.status).toBe(400);
    expect(off.body).toMatchObject({ success: false, error: 'Salary amount must be ₹28,065.00, as computed from the salary and loss of pay' });
    expect((await call(`GET /simple/payroll/employee/${id}/`)).body.data).toEqual([]);
    const ok = await entry(id, { month_year: '2026-10-01', total_days: 31, absent_days: 2, salary_amount: 28065, amount_paid: 0, payment_date: null });
    expect(ok.status, ok.body.error ?? '').toBe(200);
    expect(ok.body.data).toMatchObject({ salary_amount: 28065, amount_paid: 0, payment_date: null });
  });

  it('pays a salary sent with its entry as the first installment, through finance, in the same transaction', async () => {
    const id = await employee({ name: 'Kavita Rao' });
    await setSalary(id);
    const before = await accountDebit();
    const paying = { absent_days: 2, salary_amount: 28000, payment_date: '2026-10-03', exp_debit_account: bank, exp_payment_mode: mode, exp_category: category, payment_mode_details: 'NEFT 991' };
    const res = await entry(id, { ...paying, amount_paid: 20000.5 });
    expect(res.status, res.body.error ?? '').toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'New payroll entry is added', data: { salary_amount: 28000, amount_paid: 20000.5, payment_date: '2026-10-03' } });
    const slip = (await call(`GET /simple/payroll/${res.body.data.id}/`)).body.data;
    expect(slip).toMatchObject({ amount_paid: 20000.5, pending: 7999.5 });
    expect(slip.installments.map((i: any) => [i.amount, i.payment_mode, i.date, i.account, i.payment_mode_details])).toEqual([[20000.5, 'Bank Transfer', '2026-10-03', 'State Bank', 'NEFT 991']]);
    expect(await accountDebit()).toBe(before + 20000.5);
    const audits = await schoolDb(t, s).selectFrom('audit').select('action').where('resource', '=', 'payslips').where('record_id', '=', String(res.body.data.id)).execute();
    expect(audits.map((a) => a.action)).toEqual(['installment']);

    // A payment refused makes no entry either: no date, no account, more than the salary.
    const other = await employee();
    await setSalary(other);
    for (const [extra, message] of [
      [{ payment_date: undefined }, 'Payment date is required!'],
      [{ exp_debit_account: undefined }, 'Please select the account to pay from'],
      [{ amount_paid: 28000.01 }, 'Amount paying cannot be greater than pending amount!'],
      [{ amount_paid: -1 }, 'Amount paid cannot be negative'],
    ] as const) {
      const refused = await entry(other, JSON.parse(JSON.stringify({ ...paying, amount_paid: 10000, ...extra })));
      expect(refused.status, message).toBe(400);
      expect(refused.body.error).toBe(message);
    }
    expect((await call(`GET /simple/payroll/employee/${other}/`)).body.data).toEqual([]);
    expect(await accountDebit()).toBe(before + 20000.5);
  });

  it('lists entries, per employee too, and deletes an unpaid one but not a paid one', async () => {
    const id = await employee();
    await setSalary(id);
    const a = (await entry(id, { month_year: '2026-05-01' })).body.data.id;
    const b = (await entry(id, { month_year: '2026-04-01' })).body.data.id;
    const all = (await call('GET /simple/payroll/')).body.data.map((r: any) => r.id);
    expect(all).toEqual(expect.arrayContaining([a, b]));
    expect((await call(`GET /simple/payroll/employee/${id}/`)).body.data.map((r: any) => r.id).sort()).toEqual([a, b].sort());
    const del = await call(`DELETE /simple/payroll/${a}/`);
    expect(del.body).toMatchObject({ success: true, message: 'Payroll item deleted' });
    expect((await call(`GET /simple/payroll/${a}/`)).status).toBe(404);
    expect((await pay(b, 100)).status).toBe(200);
    const paid = await call(`DELETE /simple/payroll/${b}/`);
    expect(paid.status).toBe(409);
    expect(paid.body.error).toBe('This payslip has installments paid; they are expenses in the accounts, so it cannot be deleted');
    expect((await call(`GET /simple/payroll/${b}/`)).body.data.amount_paid).toBe(100);
  });
});

describe('installments', () => {
  it('pays in two installments, each an expense debiting the chosen account, audited; the form closes when nothing is left', async () => {
    const id = await employee({ name: 'Meena Pillai' });
    await setSalary(id);
    const p = (await entry(id, { absent_days: 2 })).body.data.id;
    const before = await accountDebit();
    const first = await pay(p, 10000);
    expect(first.body).toMatchObject({ success: true, message: 'Installment Paid', data: { amount_paid: 10000, pending: 18000 } });
    const second = await pay(p, 18000, { payment_date: '2026-10-07' });
    expect(second.body.data).toMatchObject({ amount_paid: 28000, pending: 0 });
    expect(await accountDebit()).toBe(before + 28000);
    const slip = (await call(`GET /simple/payroll/${p}/`)).body.data;
    expect(slip).toMatchObject({ amount_paid: 28000, pending: 0, can_pay: false, payment_date: '2026-10-07' });
    expect(slip.installments.map((i: any) => [i.amount, i.payment_mode, i.date, i.account])).toEqual([
      [10000, 'Bank Transfer', '2026-10-05', 'State Bank'], [18000, 'Bank Transfer', '2026-10-07', 'State Bank'],
    ]);
    const db = schoolDb(t, s);
    const expenses = await db.selectFrom('fin_expense').select(['name', 'total_amount', 'paid_amount', 'account_id']).where('id', 'in', [first.body.data.expense_id, second.body.data.expense_id]).orderBy('id').execute();
    expect(expenses.map((e) => [e.name, Number(e.total_amount), Number(e.paid_amount), e.account_id])).toEqual([
      ['Salary Sep 2026: Meena Pillai', 10000, 10000, bank], ['Salary Sep 2026: Meena Pillai', 18000, 18000, bank],
    ]);
    const audits = await db.selectFrom('audit').select(['action', 'data']).where('resource', '=', 'payslips').where('record_id', '=', String(p)).execute();
    expect(audits.map((a) => [a.action, (a.data as any).amount])).toEqual([['installment', 10000], ['installment', 18000]]);
    const more = await pay(p, 1);
    expect(more.status).toBe(400);
    expect(more.body.error).toBe('Nothing is pending on this payroll');
  });

  it('answers the spec messages: amount and date required, never above the pending amount', async () => {
    const id = await employee();
    await setSalary(id);
    const p = (await entry(id)).body.data.id;
    for (const [body, message] of [
      [{ amount_paid: undefined }, 'Amount is requried!'],
      [{ amount_paid: 0 }, 'Amount is requried!'],
      [{ payment_date: undefined }, 'Payment date is required!'],
      [{ payment_date: null }, 'Payment date is required!'],
    ] as const) {
      const full = Object.assign({ payment_id: p, amount_paid: 100, payment_date: '2026-10-05', exp_debit_account: bank, exp_payment_mode: mode, exp_category: category }, body);
      const res = await call('PUT /simple/payroll/installment/', JSON.parse(JSON.stringify(full)));
      expect(res.status, message).toBe(400);
      expect(res.body.error).toBe(message);
    }
    const tooMuch = await pay(p, 30000.01);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toBe('Amount paying cannot be greater than pending amount!');
    const before = await accountDebit();
    const badAccount = await pay(p, 100, { exp_debit_account: 999999 });
    expect(badAccount.status).toBe(400);
    expect(await accountDebit()).toBe(before);
    expect((await call(`GET /simple/payroll/${p}/`)).body.data).toMatchObject({ amount_paid: 0, installments: [] });
    expect((await pay(999999, 100)).status).toBe(404);
  });

  it('20 concurrent installments on one payslip never pay more than is pending', async () => {
    const id = await employee();
    await setSalary(id);
    const p = (await entry(id)).body.data.id; // ₹30,000
    const before = await accountDebit();
    const results = await Promise.all(Array.from({ length: 20 }, () => pay(p, 2000)));
    const ok = results.filter((r) => r.status === 200).length;
    expect(ok).toBe(15);
    const refusals = new Set(results.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.body.error}`));
    expect([...refusals].every((x) => ['400 Amount paying cannot be greater than pending amount!', '400 Nothing is pending on this payroll'].includes(x))).toBe(true);
    const slip = (await call(`GET /simple/payroll/${p}/`)).body.data;
    expect(slip).toMatchObject({ amount_paid: 30000, pending: 0 });
    expect(slip.installments).toHaveLength(15);
    expect(await accountDebit()).toBe(before + 30000);
  });
});

describe('who may reach payroll', () => {
  it('refuses an admin without the payroll permission, and every non-staff role the staff calls', async () => {
    const id = await employee();
    await setSalary(id);
    const p = (await entry(id)).body.data.id;
    for (const c of ['GET /simple/payroll/', 'GET /simple/payroll/employees/', `GET /simple/payroll/${p}/`, 'GET /simple/payroll/dashboard/']) {
      const res = await call(c, undefined, s.tokens['admin-none']);
      expect(res.status, c).toBe(403);
      expect(res.body.error).toBe('You do not have access to this module');
    }
    expect((await pay(p, 100, {}, s.tokens['admin-read'])).status).toBe(403);
    expect((await call('GET /simple/payroll/', undefined, s.tokens['3'])).status).toBe(200);
    for (const role of ['1', '2', '7']) {
      expect((await call('GET /simple/payroll/', undefined, s.tokens[role])).status, role).toBe(403);
      expect((await pay(p, 100, {}, s.tokens[role])).status, role).toBe(403);
      expect((await call('PUT /simple/payroll/salary/', { employee_id: id, ctc: 1, salary: [] }, s.tokens[role])).status, role).toBe(403);
    }
  });

  it('an employee reads only their own payslips: others answer 404', async () => {
    const mine = await employee({ name: 'Teacher Self', user_id: s.users['2'] });
    const other = await employee({ name: 'Someone Else' });
    await setSalary(mine);
    await setSalary(other);
    const own = (await entry(mine, { month_year: '2026-03-01', absent_days: 2 })).body.data.id;
    const theirs = (await entry(other, { month_year: '2026-03-01' })).body.data.id;
    const teacher = s.tokens['2'];
    const list = await call('GET /employee/payroll/', undefined, teacher);
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: any) => r.id)).toEqual([own]);
    expect(list.body.data[0]).toMatchObject({ month_year: '2026-03-01', salary_amount: 28000, emp_name: 'Teacher Self' });
    expect((await call(`GET /simple/payroll/${own}/`, undefined, teacher)).body.data.total).toBe(28000);
    const refused = await call(`GET /simple/payroll/${theirs}/`, undefined, teacher);
    expect(refused.status).toBe(404);
    expect((await call(`GET /simple/payroll/${theirs}/pdf/`, undefined, teacher)).status).toBe(404);
    const pdf = await call(`GET /simple/payroll/${own}/pdf/`, undefined, teacher);
    expect(pdf.body).toMatchObject({ success: true, message: 'Payslip ready', data: { name: 'Payslip-Teacher-Self-2026-03.pdf' } });
    // The librarian has no employee record: no payslips at all.
    expect((await call('GET /employee/payroll/', undefined, s.tokens['7'])).body.data).toEqual([]);
    expect((await call(`GET /simple/payroll/${own}/`, undefined, s.tokens['7'])).status).toBe(404);
    expect((await call('GET /employee/payroll/', undefined, s.tokens['1'])).status).toBe(403);
  });
});

describe('the payroll dashboard', () => {
  it('answers the cards, the monthly sums and each employee, summed exactly', async () => {
    const { t: t2, s: s2 } = await openTestSchool();
    try {
      const c = (path: string, body?: unknown) => t2.call(s2.code, path, body, s2.tokens['4']);
      const d2 = (await createRecord(t2, s2, 'departments', { name: 'Office' })).id;
      const mk = async (name: string) => (await createRecord(t2, s2, 'employees', { name, job_title: 'Clerk', hr_department_id: d2, dob: '1990-01-01', hire_date: '2020-06-01', join_date: '2020-06-01', user_id: null })).id;
      const [a, b, none] = [await mk('A One'), await mk('B Two'), await mk('C Three')];
      await c('PUT /simple/payroll/salary/', { employee_id: a, ctc: 10001, salary: [{ item_name: 'Basic', type: 0, value: 10000.5 }, { item_name: 'Bonus', type: 0, value: 0.5 }] });
      await c('PUT /simple/payroll/salary/', { employee_id: b, ctc: 20000, salary: [] });
      const month = `${new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' }).slice(0, 7)}-01`;
      await c('PUT /simple/payroll/', { employee_id: a, month_year: month, total_days: 30, absent_days: 0 });
      await c('PUT /simple/payroll/', { employee_id: b, month_year: month, total_days: 30, absent_days: 3 });
      await c('PUT /simple/payroll/', { employee_id: b, month_year: '2025-01-01', total_days: 31, absent_days: 0 });
      const d = (await c('GET /simple/payroll/dashboard/')).body.data;
      expect(d.card).toMatchObject({ employees: 3, month_salary_amount: 28001, month_amount_paid: 0, total_salary_amount: 48001, total_amount_paid: 0 });
      expect(d.payroll).toEqual([{ month_year: '2025-01-01', salary_amount: 20000, amount_paid: 0 }, { month_year: month, salary_amount: 28001, amount_paid: 0 }]);
      expect(d.employees.find((e: any) => e.id === b)).toMatchObject({ name: 'B Two', ctc: 20000, entries: 2, total_salary: 38000 });
      expect(d.employees.find((e: any) => e.id === none)).toMatchObject({ ctc: null, entries: 0, total_salary: 0 });
    } finally {
      await t2.close();
    }
  });
});

describe('running payroll for a month', () => {
  // A school of its own, so "every employee with a salary" is exactly the ones made here.
  let r: TestSchool;
  let ids: { asha: number; bala: number; chitra: number };
  const rc = (c: string, body?: unknown, token?: string) => t.call(r.code, c, body, token ?? r.tokens['4']);
  const preview = (month: string, token?: string) => rc(`GET /simple/payroll/run/?month_year=${month}`, undefined, token);
  const save = (month_year: string, entries: unknown[], token?: string) => rc('PUT /simple/payroll/run/', { month_year, entries }, token);
  /** What the clerk saves of a previewed row: as it was shown. */
  const kept = (row: any, note?: string) => ({ employee_id: row.employee_id, absent_days: row.absent_days, salary_amount: row.salary_amount, ...(note ? { note } : {}) });
  const entriesOf = async (month: string) => (await schoolDb(t, r).selectFrom('payroll').select(['employee_id', 'absent_days', 'salary_amount', 'note'])
    .where('month_year', '=', month).orderBy('employee_id').execute()).map((e) => ({ ...e, salary_amount: Number(e.salary_amount) }));
  const absent = (emp_id: number, date: string) => rc('PUT /employee/attendance', { date, data: [{ emp_id, present: 0, leave_type: null }] });

  beforeAll(async () => {
    r = await t.school();
    const office = (await createRecord(t, r, 'departments', { name: 'Office' })).id;
    const mk = async (name: string) => (await createRecord(t, r, 'employees', {
      name, job_title: 'Clerk', hr_department_id: office, dob: '1990-01-01', hire_date: '2020-06-01', join_date: '2020-06-01', user_id: null,
    })).id as number;
    ids = { asha: await mk('Asha Rao'), bala: await mk('Bala Murugan'), chitra: await mk('Chitra Sen') };
    expect((await rc('PUT /simple/payroll/salary/', { employee_id: ids.asha, ctc: 30000, salary: STRUCTURE })).status).toBe(200);
    expect((await rc('PUT /simple/payroll/salary/', { employee_id: ids.bala, ctc: 10001, salary: [{ item_name: 'Basic', type: 0, value: 10000.5 }, { item_name: 'Bonus', type: 0, value: 0.5 }] })).status).toBe(200);
    // Chitra has no salary: the run cannot pay her.
  });

  it("lists every employee with a salary, loss of pay from HR's attendance, and stores nothing", async () => {
    for (const date of ['2026-07-06', '2026-07-07']) expect((await absent(ids.asha, date)).status).toBe(200);
    expect((await rc('PUT /employee/attendance', { date: '2026-07-08', data: [{ emp_id: ids.asha, present: 1, leave_type: null }] })).status).toBe(200);
    const res = await preview('2026-07');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ month_year: '2026-07-01', total_days: 31, no_salary: [{ id: ids.chitra, name: 'Chitra Sen' }] });
    expect(res.body.data.employees).toEqual([
      {
        employee_id: ids.asha, name: 'Asha Rao', job_title: 'Clerk', ctc: 30000, entry_id: null, hr_attendance: true, problem: null,
        total_days: 31, absent_days: 2, present_days: 29, loss_of_pay: 1935, overtime: 0, salary_amount: 28065,
      },
      {
        employee_id: ids.bala, name: 'Bala Murugan', job_title: 'Clerk', ctc: 10001, entry_id: null, hr_attendance: false, problem: null,
        total_days: 31, absent_days: 0, present_days: 31, loss_of_pay: 0, overtime: 0, salary_amount: 10001,
      },
    ]);
    expect(await entriesOf('2026-07-01')).toEqual([]);
    const bad = await preview('2026-13');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Choose a month');
  });

  it('saves one entry per chosen employee, as a single entry would, audited, and never twice', async () => {
    const [asha, bala] = (await preview('2026-07')).body.data.employees;
    // Bala is left out of this run.
    const res = await save('2026-07', [kept(asha, 'Two days without pay')]);
    expect(res.body).toMatchObject({ success: true, message: 'Payroll entries saved', data: { month_year: '2026-07-01', count: 1 } });
    expect(await entriesOf('2026-07-01')).toEqual([{ employee_id: ids.asha, absent_days: 2, salary_amount: 28065, note: 'Two days without pay' }]);
    const slip = (await rc(`GET /simple/payroll/${res.body.data.ids[0]}/`)).body.data;
    expect(slip).toMatchObject({ total: 28065, note: 'Two days without pay' });
    expect(slip.extras.payslip.at(-1)).toEqual({ key: 'loss-of-pay', item_name: 'Loss of Pay', type: 1, value: 1935 });
    // Written by the entries' own create: its audit record, and one for the run.
    const audits = await schoolDb(t, r).selectFrom('audit').select(['resource', 'action', 'record_id']).where('resource', 'in', ['payrolls', 'payroll-runs']).orderBy('id').execute();
    expect(audits.map((a) => [a.resource, a.action])).toEqual([['payrolls', 'create'], ['payroll-runs', 'save']]);
    expect(audits[0]!.record_id).toBe(String(res.body.data.ids[0]));

    // The month again: Asha shows as entered; a run still holding her is refused whole, Bala not written either.
    const again = (await preview('2026-07')).body.data.employees;
    expect(again.map((e: any) => [e.name, e.entry_id])).toEqual([['Asha Rao', res.body.data.ids[0]], ['Bala Murugan', null]]);
    const twice = await save('2026-07', [kept(asha), kept(bala)]);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('Asha Rao already has a payroll entry for Jul 2026; nothing was saved. Open the month again to see it.');
    expect((await entriesOf('2026-07-01')).map((e) => e.employee_id)).toEqual([ids.asha]);
    expect((await save('2026-07', [kept(bala)])).status).toBe(200);
    expect((await entriesOf('2026-07-01')).map((e) => [e.employee_id, e.salary_amount])).toEqual([[ids.asha, 28065], [ids.bala, 10001]]);
  });

  it('writes none when one entry fails after others were written', async () => {
    const [asha, bala] = (await preview('2026-08')).body.data.employees;
    // Asha twice: her second entry clashes with the first, already written in the same transaction.
    const dup = await save('2026-08', [kept(asha), kept(bala), kept(asha)]);
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('Asha Rao already has a payroll entry for Aug 2026; nothing was saved. Open the month again to see it.');
    expect(await entriesOf('2026-08-01')).toEqual([]);
    // HR marks Bala absent after the list was made: what the clerk saw no longer holds, and Asha (first) is not kept either.
    expect((await absent(ids.bala, '2026-08-10')).status).toBe(200);
    const stale = await save('2026-08', [kept(asha), kept(bala)]);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe("Bala Murugan's attendance or salary changed since this list was made; nothing was saved. Open the month again to review it.");
    expect(await entriesOf('2026-08-01')).toEqual([]);
    const fresh = (await preview('2026-08')).body.data.employees;
    expect(fresh[1]).toMatchObject({ absent_days: 1, present_days: 30, loss_of_pay: 322, salary_amount: 9679 }); // 10001 × 30/31 = 9678.39, up to the rupee
    expect((await save('2026-08', [kept(fresh[0]), kept(fresh[1])])).status).toBe(200);
    expect((await entriesOf('2026-08-01')).map((e) => [e.employee_id, e.absent_days, e.salary_amount])).toEqual([[ids.asha, 0, 30000], [ids.bala, 1, 9679]]);
  });

  it('refuses an employee with no salary, and an empty run, saving nothing', async () => {
    const noSalary = await save('2026-09', [{ employee_id: ids.chitra, absent_days: 0, salary_amount: 0 }]);
    expect(noSalary.status).toBe(400);
    expect(noSalary.body.error).toBe('Chitra Sen: Employee salary is not set');
    const empty = await save('2026-09', []);
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('Choose at least one employee');
    expect(await entriesOf('2026-09-01')).toEqual([]);
  });

  it('is refused to those who may not make payroll entries', async () => {
    const [asha] = (await preview('2026-10')).body.data.employees;
    for (const who of ['1', '2', '5', '6', '7', 'admin-none', 'admin-read']) {
      const seen = await preview('2026-10', r.tokens[who]);
      expect(seen.status, who).toBe(403);
      const saved = await save('2026-10', [kept(asha)], r.tokens[who]);
      expect(saved.status, who).toBe(403);
    }
    expect(await entriesOf('2026-10-01')).toEqual([]);
    // An admin with the payroll module's permissions runs it.
    expect((await preview('2026-10', r.tokens['3'])).status).toBe(200);
    expect((await save('2026-10', [kept(asha)], r.tokens['3'])).status).toBe(200);
  });
});

describe("the finance dashboard's unpaid salaries", () => {
  it('counts the payroll entries still to pay and sums what they owe, exact to the paisa', async () => {
    const r = await t.school();
    const rc = (c: string, body?: unknown) => t.call(r.code, c, body, r.tokens['4']);
    const unpaid = async () => (await rc('GET /finance/reports/finance-dashboard/')).body.data.unpaid_payroll;
    expect(await unpaid()).toEqual({ count: 0, amount: 0 });
    const office = (await createRecord(t, r, 'departments', { name: 'Office' })).id;
    const bank2 = (await createRecord(t, r, 'finance-accounts', { name: 'Bank', type: 'bank' })).id;
    const mode2 = (await createRecord(t, r, 'finance-payment-modes', { name: 'NEFT' })).id;
    const cat2 = (await createRecord(t, r, 'finance-expense-categories', { name: 'Salaries' })).id;
    const entryOf = async (name: string, ctc: number) => {
      const id = (await createRecord(t, r, 'employees', { name, job_title: 'Clerk', hr_department_id: office, dob: '1990-01-01', hire_date: '2020-06-01', join_date: '2020-06-01', user_id: null })).id;
      await rc('PUT /simple/payroll/salary/', { employee_id: id, ctc, salary: [] });
      return (await rc('PUT /simple/payroll/', { employee_id: id, month_year: '2026-09-01', total_days: 30, absent_days: 0 })).body.data.id as number;
    };
    const payIt = (payment_id: number, amount_paid: number) => rc('PUT /simple/payroll/installment/', {
      payment_id, amount_paid, payment_date: '2026-10-05', exp_debit_account: bank2, exp_payment_mode: mode2, exp_category: cat2,
    });
    const [a, b, c] = [await entryOf('A', 28065), await entryOf('B', 10001), await entryOf('C', 5000)];
    expect((await payIt(a, 100.25)).status).toBe(200); // partly paid: 27,964.75 still owed
    expect((await payIt(b, 10000.5)).status).toBe(200); // ₹0.50 left: settled, as the payslip says
    expect((await payIt(c, 5000)).status).toBe(200); // paid in full
    const d = await unpaid();
    expect(d).toEqual({ count: 1, amount: 27964.75 });
    await entryOf('D', 12345);
    expect(await unpaid()).toEqual({ count: 2, amount: 40309.75 });
  });
});
