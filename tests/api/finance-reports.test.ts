/**
 * The finance dashboard and the expense reports (spec 2, finance module): figures checked in
 * whole paise against the expenses, installments and fee bills the test made through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { createRecord } from '../support/samples.js';
import { admitStudent } from '../support/admit.js';

let t: TestApp;
let s: TestSchool;
let admin: string;
let bank: number, cash: number, stationery: number, repairs: number, vendor: number, upi: number;

const call = (c: string, body?: unknown, token = admin) => t.call(s.code, c, body, token);
const paise = (n: unknown) => Math.round(Number(n) * 100);
const istDay = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
const today = istDay(new Date());
const monthStart = `${today.slice(0, 8)}01`;
const yearStart = `${today.slice(0, 4)}-01-01`;
const LAST_YEAR = `${Number(today.slice(0, 4)) - 1}-06-15`;

async function ok(c: string, body: unknown) {
  const res = await call(c, body);
  expect(res.body.success, `${c}: ${res.body.error}`).toBe(true);
  return res.body.data;
}
const expense = (extra: Record<string, unknown>) => ok('PUT /finance/expenses/', {
  name: 'Notebooks', exp_cat_id: stationery, account_id: bank, vendor_id: vendor, amount: 1000, tax: 180, installment_amount: 0,
  date: today, payment_mode_id: upi, payment_details: 'UPI', ...extra,
});

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  admin = s.tokens['4'];
  bank = (await ok('PUT /finance/accounts/', { name: 'Canara Bank', type: 'bank' })).id;
  cash = (await ok('PUT /finance/accounts/', { name: 'Cash Book', type: 'book' })).id;
  stationery = (await ok('PUT /finance/expenses/categories/', { name: 'Stationery' })).id;
  repairs = (await ok('PUT /finance/expenses/categories/', { name: 'Repairs' })).id;
  vendor = (await ok('PUT /finance/vendors/', { name: 'Sri Ganesh Stores' })).id;
  upi = (await ok('PUT /finance/payment-modes/', { name: 'UPI' })).id;
  // This month: 1,000 + 180 tax (paid 500.50 from the bank, 0.25 from cash) and 2,000.01 (no tax, no vendor, no mode).
  // Earlier this year (or this month, in January): 300.33 + 0.67 tax. Last year: 9,999.
  await expense({ installment_amount: 500.5 });
  const e1 = (await schoolDb(t, s).selectFrom('fin_expense').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
  await ok('PATCH /finance/expenses/', { expense_id: e1, paid_amount: 0.25, account_id: cash, payment_mode_id: upi, payment_details: 'cash', payment_date: today });
  await expense({ name: 'Roof fix', exp_cat_id: repairs, vendor_id: null, payment_mode_id: null, amount: 2000.01, tax: 0, installment_amount: 0 });
  await expense({ name: 'Pens', amount: 300.33, tax: 0.67, date: yearStart, installment_amount: 0 });
  await expense({ name: 'Old desks', exp_cat_id: repairs, amount: 9999, tax: 0, date: LAST_YEAR, installment_amount: 0 });
});
afterAll(() => t?.close());

describe('finance dashboard', () => {
  it('sums expenses this month and year, by category, the last five, and the spend per account', async () => {
    const res = await call('GET /finance/reports/finance-dashboard/');
    expect(res.status, res.body.error ?? '').toBe(200);
    const d = res.body.data;
    const pens = yearStart >= monthStart ? 30100 : 0;
    expect(paise(d.expenses.expense_month)).toBe(118000 + 200001 + pens);
    expect(paise(d.expenses.expense_year)).toBe(118000 + 200001 + 30100);
    expect(d.expenses.expense_by_category.map((c: any) => [c.title, paise(c.total_amount)])).toEqual([['Repairs', 200001], ['Stationery', 118000 + 30100]]);
    expect(d.last_5_expense.map((e: any) => e.name)).toEqual(['Roof fix', 'Notebooks', 'Pens', 'Old desks']);
    expect(d.last_5_expense[1]).toMatchObject({ exp_category: 'Stationery', account: 'Canara Bank', vendor: 'Sri Ganesh Stores', total_amount: 1180, paid_amount: 500.75 });
    expect(d.accounts.map((a: any) => [a.name, paise(a.total_amount)])).toEqual([['Canara Bank', 50050], ['Cash Book', 25]]);
  });

  it('answers the fee collection of this academic year and the next: total, paid and due', async () => {
    const y1 = await createRecord(t, s, 'acyears', { name: '2026-27', start_date: '2026-06-01', end_date: '2027-03-31' });
    const y2 = await createRecord(t, s, 'acyears', { name: '2027-28', start_date: '2027-06-01', end_date: '2028-03-31' });
    expect((await call(`PATCH /acyear/${y1.id}/`, { action: 'start' })).body.success).toBe(true);
    const klass = await createRecord(t, s, 'classes', { class: '5', section: 'A' });
    const item = (await call('PUT /fees/items/', { name: 'Tuition', type: 1, amount: 12500.5 })).body.data;
    const st = await admitStudent(t, s, admin, { ac_year_id: y1.id, class_id: klass.id, fullname: 'Diya Patel' }, 'FR');
    for (const [year, total, paid] of [[y1.id, 12500.5, 4000.25], [y1.id, 1999.99, 1999.99], [y2.id, 12500.5, 0.01]] as const) {
      const bill = await call('PUT /fees/pay/', {
        ac_year_id: year, student_id: st.id, name: 'Term', amount_total: total, amount_paid: paid,
        details: [{ fee_item_id: item.id, amount: total, quantity: 1 }], installments: [{ amount: paid, mode: 'cash' }],
      });
      expect(bill.body.success, bill.body.error ?? '').toBe(true);
    }
    const d = (await call('GET /finance/reports/finance-dashboard/')).body.data.fee_collection;
    expect(d.fees_this_year).toMatchObject({ ac_year_id: y1.id, ac_year: '2026-27' });
    expect([paise(d.fees_this_year.total_amount), paise(d.fees_this_year.paid_amount), paise(d.fees_this_year.due_amount)]).toEqual([1450049, 600024, 850025]);
    expect([paise(d.fees_next_year.total_amount), paise(d.fees_next_year.paid_amount), paise(d.fees_next_year.due_amount)]).toEqual([1250050, 1, 1250049]);
  });
});

describe('expense reports', () => {
  const range = `start_date=${yearStart}&end_date=${today}`;
  it('sums the period per category, payment mode, account and vendor, unnamed as Unknown/Others', async () => {
    const of = async (type: string) => {
      const res = await call(`GET /reports/expense/?type=${type}&${range}`);
      expect(res.status, res.body.error ?? '').toBe(200);
      expect(paise(res.body.data.total_amount)).toBe(118000 + 200001 + 30100);
      return res.body.data.rows.map((r: any) => [r.title, paise(r.total_amount), r.count]);
    };
    expect(await of('category')).toEqual([['Repairs', 200001, 1], ['Stationery', 148100, 2]]);
    expect(await of('payment_mode')).toEqual([['Unknown/Others', 200001, 1], ['UPI', 148100, 2]]);
    expect(await of('account')).toEqual([['Canara Bank', 348101, 3]]);
    expect(await of('vendor')).toEqual([['Unknown/Others', 200001, 1], ['Sri Ganesh Stores', 148100, 2]]);
  });

  it('lists the expenses of a period, narrowed by category, mode, account and vendor, with their total', async () => {
    const all = (await call(`GET /reports/expense/?filter=all&${range}`)).body.data;
    expect(all.rows.map((r: any) => r.title).sort()).toEqual(['Notebooks', 'Pens', 'Roof fix']);
    expect(all.rows.find((r: any) => r.title === 'Roof fix')).toMatchObject({ exp_category: 'Repairs', vendor: 'Unknown/Others', payment_mode: 'Unknown/Others', account: 'Canara Bank', total_amount: 2000.01 });
    expect(paise(all.total_amount)).toBe(348101);
    const narrowed = (await call(`GET /reports/expense/?filter=category&cat_id=${stationery}&vendor_id=${vendor}&payment_mode=${upi}&account_id=${bank}&${range}`)).body.data;
    expect(narrowed.rows.map((r: any) => r.title).sort()).toEqual(['Notebooks', 'Pens']);
    expect(paise(narrowed.total_amount)).toBe(148100);
    const lastYear = (await call(`GET /reports/expense/?filter=all&start_date=${LAST_YEAR}&end_date=${LAST_YEAR}`)).body.data;
    expect(lastYear.rows.map((r: any) => r.title)).toEqual(['Old desks']);
  });

  it("says 'Report type is required!' without a type or a filter, and refuses unknown types", async () => {
    const none = await call(`GET /reports/expense/?${range}`);
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('Report type is required!');
    const bad = await call(`GET /reports/expense/?type=colour&${range}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Report type is required!');
    expect((await call('GET /reports/expense/?type=category&start_date=2026-02-30')).status).toBe(400);
  });
});

describe('who may read finance reports', () => {
  it('refuses an admin without the finance permission and every other role', async () => {
    for (const c of ['GET /finance/reports/finance-dashboard/', 'GET /reports/expense/?type=category']) {
      for (const who of ['admin-none', '1', '2', '5', '6', '7']) {
        expect((await call(c, undefined, s.tokens[who])).status, `${who} ${c}`).toBe(403);
      }
      expect((await call(c, undefined, s.tokens['3'])).status, c).toBe(200);
      expect((await call(c, undefined, s.tokens['admin-read'])).status, c).toBe(200);
    }
  });
});
