/**
 * Simple accounts (spec 2): entries with attachments, simple expenses, the accounts dashboard,
 * the simple finance dashboard and its reports panel. Figures are checked against sums worked
 * out here in whole paise from the data the test made.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { createRecord } from '../support/samples.js';
import { admitStudent } from '../support/admit.js';
import { uploadAs } from '../support/upload.js';
import { resourceByName } from '../../src/shared/registry.js';

let t: TestApp;
let s: TestSchool;
let admin: string;

const call = (c: string, body?: unknown, token = admin) => t.call(s.code, c, body, token);
const paise = (n: unknown) => Math.round(Number(n) * 100);

/** Days of the school's calendar (India time). */
const istDay = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const today = istDay(new Date());
const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
const monthStart = `${today.slice(0, 8)}01`;
const weekStart = mondayOf(today);
const LONG_AGO = '2024-03-15';

async function entry(body: Record<string, unknown>) {
  const res = await call('PUT /simple/accounts/', { txn_type: 0, ...body });
  expect(res.status, res.body.error ?? '').toBe(200);
  return res.body.data as { id: number };
}
async function expense(body: Record<string, unknown>) {
  const res = await call('PUT /simple/expenses/', body);
  expect(res.status, res.body.error ?? '').toBe(200);
  return res.body.data as { id: number };
}

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  admin = s.tokens['4'];
});
afterAll(() => t?.close());

describe('simple account entries', () => {
  it('adds, reads, updates and deletes an entry with the spec messages; the form starts at credit', async () => {
    expect(resourceByName('simple-accounts').schema.properties!.txn_type!.default).toBe(0);
    // An entry sent without its type is a credit, the spec's default, on the server as in the form.
    const untyped = (await call('PUT /simple/accounts/', { title: 'Fine', amount: 10, date: LONG_AGO })).body.data;
    expect(untyped).toMatchObject({ title: 'Fine', txn_type: 0 });
    expect((await call(`DELETE /simple/account/${untyped.id}/`)).body.success).toBe(true);
    const added = await call('PUT /simple/accounts/', { title: 'Old newspaper sale', txn_type: 0, amount: 420.5, date: LONG_AGO, description: 'Library stock' });
    expect(added.body).toMatchObject({ success: true, message: 'New transaction added', data: { title: 'Old newspaper sale', txn_type: 0, amount: 420.5 } });
    const id = added.body.data.id;
    expect((await call(`GET /simple/account/${id}/`)).body.data).toMatchObject({ id, title: 'Old newspaper sale', txn_type: 0, date: LONG_AGO });
    const upd = await call(`POST /simple/account/${id}/`, { title: 'Newspaper sale', txn_type: 1 });
    expect(upd.body).toMatchObject({ success: true, message: 'Entry updated', data: { title: 'Newspaper sale', txn_type: 1 } });
    const list = await call('GET /simple/accounts/');
    expect(list.body.data.some((r: any) => r.id === id && r.title === 'Newspaper sale')).toBe(true);
    const del = await call(`DELETE /simple/account/${id}/`);
    expect(del.body).toMatchObject({ success: true, message: 'Entry deleted' });
    expect((await call(`GET /simple/account/${id}/`)).status).toBe(404);
  });

  it("refuses an entry without a title or a transaction type in the spec's words, storing nothing", async () => {
    const before = await schoolDb(t, s).selectFrom('simple_account').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const [body, message] of [
      [{ txn_type: 0, amount: 10, date: today }, 'Title is required!'],
      [{ title: '  ', txn_type: 0, amount: 10, date: today }, 'Title is required!'],
      [{ title: 'Fine', txn_type: 5, amount: 10, date: today }, 'Transaction type is required!'],
      [{ title: 'Fine', txn_type: null, amount: 10, date: today }, 'Transaction type is required!'],
      [{ title: 'Fine', txn_type: 0, date: today }, 'Amount is required!'],
      [{ title: 'Fine', txn_type: 0, amount: 10 }, 'Date is required!'],
      [{ title: 'Fine', txn_type: 0, amount: 0, date: today }, 'Amount must be more than 0'],
    ] as const) {
      const res = await call('PUT /simple/accounts/', body);
      expect(res.status, message).toBe(400);
      expect(res.body.error).toBe(message);
    }
    const after = await schoolDb(t, s).selectFrom('simple_account').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('keeps several attachments of the allowed types as the store has them, and refuses others', async () => {
    const pdf = await uploadAs(t, s, admin, 'account-files', 'receipt.pdf', Buffer.from('%PDF-1.4\n%test\n'));
    const png = await uploadAs(t, s, admin, 'account-files', 'bill.png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    expect(pdf.status, JSON.stringify(pdf.body)).toBe(200);
    expect(png.status, JSON.stringify(png.body)).toBe(200);
    expect((await uploadAs(t, s, admin, 'account-files', 'run.exe', 'MZ')).status).toBe(400);
    // The sender's name and size are replaced by the store's.
    const e = await entry({ title: 'Donation', amount: 5000, date: LONG_AGO, files: [{ path: pdf.body.data.path, name: 'x', size: 1 }, { path: png.body.data.path }] });
    const got = (await call(`GET /simple/account/${e.id}/`)).body.data;
    expect(got.files.map((f: any) => f.name)).toEqual(['receipt.pdf', 'bill.png']);
    expect(got.files[0]).toMatchObject({ path: pdf.body.data.path, size: pdf.body.data.size, type: 'application/pdf' });
    // A path that is not an upload of this kind is refused, and the entry is not written.
    const other = await uploadAs(t, s, admin, 'announcement-files', 'notice.pdf', Buffer.from('%PDF-1.4\n'));
    const bad = await call('PUT /simple/accounts/', { title: 'Bad', txn_type: 0, amount: 1, date: LONG_AGO, files: [{ path: other.body.data.path }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('An attachment was not uploaded here: upload it again');
    await call(`DELETE /simple/account/${e.id}/`);
  });

  it('answers the dashboard: today, this month and total credit and debit, the balance, and twelve months', async () => {
    const db = schoolDb(t, s);
    await db.deleteFrom('simple_account').execute();
    // Today: credit 1,000.10 + 0.05, debit 333.33. Earlier this month (or today, on the 1st): credit 250.25.
    // Long ago: credit 99,999.99 and debit 0.01.
    await entry({ title: 'Canteen rent', amount: 1000.1, date: today });
    await entry({ title: 'Coins', amount: 0.05, date: today });
    await entry({ title: 'Repairs', txn_type: 1, amount: 333.33, date: today });
    await entry({ title: 'Scrap', amount: 250.25, date: monthStart });
    await entry({ title: 'Old grant', amount: 99999.99, date: LONG_AGO });
    await entry({ title: 'Bank charge', txn_type: 1, amount: 0.01, date: LONG_AGO });
    const res = await call('GET /simple/accounts/dashboard/');
    expect(res.status).toBe(200);
    const d = res.body.data;
    const todayCredit = 100010 + 5 + (monthStart === today ? 25025 : 0);
    expect(paise(d.today.credit)).toBe(todayCredit);
    expect(paise(d.today.debit)).toBe(33333);
    expect(paise(d.today.balance)).toBe(todayCredit - 33333);
    expect(paise(d.month.credit)).toBe(100010 + 5 + 25025);
    expect(paise(d.month.debit)).toBe(33333);
    expect(paise(d.total.credit)).toBe(100010 + 5 + 25025 + 9999999);
    expect(paise(d.total.debit)).toBe(33333 + 1);
    expect(paise(d.total.balance)).toBe(100010 + 5 + 25025 + 9999999 - 33333 - 1);
    expect(d.monthly_report).toHaveLength(12);
    expect(d.monthly_report.at(-1)).toEqual({ month: today.slice(0, 7), credit: 1250.4, debit: 333.33 });
    expect(d.monthly_report.slice(0, -1).every((m: any) => m.credit === 0 && m.debit === 0)).toBe(true);
  });
});

describe('simple expenses', () => {
  it('adds, lists and deletes an expense with the spec messages', async () => {
    const added = await call('PUT /simple/expenses/', { name: 'Chalk boxes', amount: 149.99, date: today });
    expect(added.body).toMatchObject({ success: true, message: 'New expense added', data: { name: 'Chalk boxes', amount: 149.99, date: today } });
    expect((await call('GET /simple/expenses/')).body.data.some((r: any) => r.id === added.body.data.id)).toBe(true);
    const del = await call(`DELETE /simple/expense/${added.body.data.id}/`);
    expect(del.body).toMatchObject({ success: true, message: 'Expense deleted' });
    expect((await call('GET /simple/expenses/')).body.data.some((r: any) => r.id === added.body.data.id)).toBe(false);
  });

  it("refuses an expense without a name, amount or date in the spec's words", async () => {
    for (const [body, message] of [
      [{ amount: 10, date: today }, 'Name is required!'],
      [{ name: '', amount: 10, date: today }, 'Name is required!'],
      [{ name: 'Ink', date: today }, 'Amount is required!'],
      [{ name: 'Ink', amount: 10 }, 'Date is required!'],
    ] as const) {
      const res = await call('PUT /simple/expenses/', body);
      expect(res.status, message).toBe(400);
      expect(res.body.error).toBe(message);
    }
  });
});

describe('simple finance dashboard and reports', () => {
  /** The known data: fees, other credit, debit entries, expenses and salaries, in paise per period. */
  const want = { today: { fees: 0, credit: 0, debit: 0, expense: 0, payroll: 0 }, week: { fees: 0, credit: 0, debit: 0, expense: 0, payroll: 0 }, month: { fees: 0, credit: 0, debit: 0, expense: 0, payroll: 0 }, total: { fees: 0, credit: 0, debit: 0, expense: 0, payroll: 0 } };
  type Fig = keyof typeof want.today;
  const add = (day: string, fig: Fig, p: number) => {
    want.total[fig] += p;
    if (day >= monthStart && day <= today) want.month[fig] += p;
    if (day >= weekStart && day <= today) want.week[fig] += p;
    if (day === today) want.today[fig] += p;
  };
  const yesterday = addDays(today, -1);

  beforeAll(async () => {
    const db = schoolDb(t, s);
    await db.deleteFrom('simple_account').execute();
    await db.deleteFrom('simple_expense').execute();
    // Fees: a bill paid 10,000.10 today, an installment of 2,500.05 yesterday, a refund of 100.01 today.
    const year = await createRecord(t, s, 'acyears', { name: '2026-27', start_date: '2026-06-01', end_date: '2027-03-31' });
    const klass = await createRecord(t, s, 'classes', { class: '5', section: 'A' });
    const st = await admitStudent(t, s, admin, { ac_year_id: year.id, class_id: klass.id, fullname: 'Aarav Sharma' }, 'AC');
    const item = (await call('PUT /fees/items/', { name: 'Tuition', type: 1, amount: 20000 })).body.data;
    const bill = await call('PUT /fees/pay/', {
      ac_year_id: year.id, student_id: st.id, name: 'Term 1', amount_total: 20000, amount_paid: 10000.1,
      details: [{ fee_item_id: item.id, amount: 20000, quantity: 1 }], installments: [{ amount: 10000.1, mode: 'cash' }],
    });
    expect(bill.body.success, bill.body.error ?? '').toBe(true);
    add(today, 'fees', 1000010);
    const inst = await call(`PUT /fees/pay/installment/${bill.body.data.payment_id}/`, { amount: 2500.05, mode: 'cash', date: yesterday });
    expect(inst.body.success, inst.body.error ?? '').toBe(true);
    add(yesterday, 'fees', 250005);
    const refund = await call('PUT /fees/refund/', { payment_id: bill.body.data.payment_id, amount_paid: 100.01, mode: 'cash' });
    expect(refund.body.success, refund.body.error ?? '').toBe(true);
    add(today, 'fees', -10001);
    // Other credit and debit entries, simple expenses.
    for (const [day, title, txn, amount] of [[today, 'Hall rent', 0, 1500.5], [yesterday, 'Donation', 0, 2000], [LONG_AGO, 'Grant', 0, 50000.01], [today, 'Plumber', 1, 700.7], [monthStart, 'Paint', 1, 1200]] as const) {
      await entry({ title, txn_type: txn, amount, date: day });
      add(day, txn === 0 ? 'credit' : 'debit', paise(amount));
    }
    for (const [day, name, amount] of [[today, 'Chalk', 99.99], [weekStart, 'Brooms', 250], [LONG_AGO, 'Desks', 30000]] as const) {
      await expense({ name, amount, date: day });
      add(day, 'expense', paise(amount));
    }
    // Salaries paid: payroll installments of an employee's payslip (the payroll ledger is tested in payroll.test.ts).
    const dept = await createRecord(t, s, 'departments', { name: 'Teaching' });
    const emp = await createRecord(t, s, 'employees', { name: 'Anita Desai', job_title: 'Teacher', hr_department_id: dept.id, dob: '1990-01-01', hire_date: '2020-06-01', join_date: '2020-06-01', user_id: null });
    const acct = (await call('PUT /finance/accounts/', { name: 'Cash Book', type: 'book' })).body.data;
    const slip = await db.insertInto('payroll').values({
      employee_id: emp.id, month_year: `${monthStart}`, absent_days: 0, total_days: 30, present_days: 30, salary_amount: 30000, amount_paid: 30000, payment_date: today, extras: {},
    }).returning('id').executeTakeFirstOrThrow();
    for (const [day, amount] of [[today, 20000.02], [LONG_AGO, 9999.98]] as const) {
      await db.insertInto('payroll_installment').values({ payroll_id: slip.id, amount, payment_date: day, payment_mode: 'Cash', account_id: acct.id }).execute();
      add(day, 'payroll', paise(amount));
    }
  });

  it('sums each period exactly: fees less refunds, other credit, expenses, salary, totals and net', async () => {
    const res = await call('GET /simple-finance/dashboard/');
    expect(res.status, res.body.error ?? '').toBe(200);
    for (const period of ['today', 'week', 'month', 'total'] as const) {
      const got = res.body.data[period];
      const w = want[period];
      const credit = w.fees + w.credit;
      const debit = w.expense + w.debit + w.payroll;
      expect({
        fees: paise(got.fees), credit: paise(got.credit), debit: paise(got.debit), expense: paise(got.expense), payroll: paise(got.payroll),
        expenses: paise(got.expenses), total_credit: paise(got.total_credit), total_debit: paise(got.total_debit), net: paise(got.net),
      }, period).toEqual({ ...w, expenses: w.expense + w.debit, total_credit: credit, total_debit: debit, net: credit - debit });
    }
  });

  it('lists every entry of a category in a period, oldest first, 50 a page with the total count', async () => {
    const res = await call(`GET /simple-finance/reports/?field=all&interval=all&start_date=${LONG_AGO}&end_date=${today}`);
    expect(res.status, res.body.error ?? '').toBe(200);
    const rows = res.body.data;
    expect(res.body.meta!.total).toBe(rows.length);
    expect(rows.map((r: any) => r.date)).toEqual([...rows.map((r: any) => r.date)].sort());
    const signed = rows.reduce((x: number, r: any) => x + (r.txn_type === 0 ? 1 : -1) * paise(r.amount), 0);
    const w = want.total;
    expect(signed).toBe(w.fees + w.credit - w.expense - w.debit - w.payroll);
    expect(rows.find((r: any) => r.name === 'Grant')).toEqual({ date: LONG_AGO, name: 'Grant', amount: 50000.01, txn_type: 0 });
    expect(rows.some((r: any) => r.name.startsWith('Salary: Anita Desai') && r.txn_type === 1)).toBe(true);
    // A refund is a debit of its size; the page and its size are honoured.
    const fees = (await call(`GET /simple-finance/reports/?field=fees&interval=all&start_date=${yesterday}&end_date=${today}`)).body.data;
    expect(fees.filter((r: any) => r.txn_type === 1).map((r: any) => r.amount)).toEqual([100.01]);
    const page2 = await call(`GET /simple-finance/reports/?field=all&interval=all&start_date=${LONG_AGO}&end_date=${today}&page=2&page_size=3`);
    expect(page2.body.data).toEqual(rows.slice(3, 6));
    expect(page2.body.meta!.total).toBe(rows.length);
  });

  it("sums by day, week ('Week n'), month (YYYY-MM) and year (YYYY)", async () => {
    const q = (interval: string, field = 'credit') => call(`GET /simple-finance/reports/?field=${field}&interval=${interval}&start_date=${LONG_AGO}&end_date=${today}`);
    const annual = (await q('annual')).body.data;
    expect(annual[0]).toEqual({ date: '2024', name: 'Other Credit', amount: 50000.01, txn_type: 0 });
    const monthly = (await q('monthly', 'expense')).body.data;
    expect(monthly[0]).toEqual({ date: '2024-03', name: 'Expenses', amount: 30000, txn_type: 1 });
    expect(monthly.every((r: any) => /^\d{4}-\d{2}$/.test(r.date))).toBe(true);
    const weekly = (await q('weekly', 'all')).body.data;
    expect(weekly.every((r: any) => /^Week \d{1,2}$/.test(r.date))).toBe(true);
    expect(weekly[0]).toMatchObject({ date: 'Week 11', txn_type: 0, name: 'Total Credit', amount: 50000.01 });
    const daily = (await q('daily', 'credit')).body.data;
    expect(daily.find((r: any) => r.date === today)).toEqual({ date: today, name: 'Other Credit', amount: 1500.5, txn_type: 0 });
  });

  it("says 'Please select report category, interval and period' unless all four are given", async () => {
    for (const qs of ['', `field=all&interval=all&start_date=${today}`, `field=all&start_date=${today}&end_date=${today}`, `interval=all&start_date=${today}&end_date=${today}`, `field=fees&interval=hourly&start_date=${today}&end_date=${today}`]) {
      const res = await call(`GET /simple-finance/reports/?${qs}`);
      expect(res.status, qs).toBe(400);
      expect(res.body.error).toBe('Please select report category, interval and period');
    }
  });
});

describe('who may use simple accounts', () => {
  const calls = ['GET /simple/accounts/', 'GET /simple/accounts/dashboard/', 'GET /simple/expenses/', 'GET /simple-finance/dashboard/', `GET /simple-finance/reports/?field=all&interval=all&start_date=${today}&end_date=${today}`];
  it('refuses an admin without the module permission and every other role, and admits the admin with it', async () => {
    for (const c of calls) {
      for (const who of ['admin-none', '1', '2', '5', '6', '7']) {
        expect((await call(c, undefined, s.tokens[who])).status, `${who} ${c}`).toBe(403);
      }
      expect((await call(c, undefined, s.tokens['3'])).status, c).toBe(200);
    }
    expect((await call('PUT /simple/accounts/', { title: 'X', txn_type: 0, amount: 1, date: today }, s.tokens['admin-none'])).status).toBe(403);
    expect((await call('PUT /simple/expenses/', { name: 'X', amount: 1, date: today }, s.tokens['admin-read'])).status).toBe(403);
    expect((await call('GET /simple/accounts/', undefined, 'not-a-token')).status).toBe(401);
  });
});
