/**
 * Fee reports, created fees and the fees export (contract "reports"): the class and year report
 * (fee items table, students of one item, the four cards), the class fee list, the fee items
 * report, the installments report, GET /export/fees/ and created fees. Money is made through the
 * fee calls themselves (bills, installments, refunds); every report must agree, to the paisa,
 * with the others and with the receipts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/shared/csv.js';
import { putSetting } from '../../src/server/platform/settings.js';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { createRecord } from '../support/samples.js';
import { admitStudent } from '../support/admit.js';

let t: TestApp;
let s: TestSchool;
let other: TestSchool;
let admin: string;
let year: any, oldYear: any, classA: any, classB: any, classC: any, tuition: any, books: any;
let aarav: any, diya: any, zoya: any, meera: any, kabir: any, ishaan: any;
/** The bills made in class A, by name. */
const bills: Record<string, { payment_id: number; receipt_no: number | null }> = {};

const call = (c: string, body?: unknown, token = admin) => t.call(s.code, c, body, token);
const db = () => schoolDb(t, s);
/** Rupees (a number, or numeric text) in whole paise. */
const paise = (n: unknown) => Math.round(Number(n) * 100);
const sumPaise = <T>(rows: T[], f: (r: T) => unknown) => rows.reduce((x, r) => x + paise(f(r)), 0);

/** Days of the school's calendar (India time), as the reports count them. */
const istDay = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const today = () => istDay(new Date());
const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
const monthStartOf = (day: string) => `${day.slice(0, 8)}01`;

const admit = (overrides: Record<string, unknown> = {}) => admitStudent(t, s, admin, { ac_year_id: year.id, class_id: classA.id, ...overrides }, 'R');

async function pay(body: Record<string, unknown>) {
  const res = await call('PUT /fees/pay/', { ac_year_id: year.id, ...body });
  if (!res.body.success) throw new Error(`bill: ${res.body.error}`);
  return res.body.data as { payment_id: number; installment_id: number | null; receipt_no: number | null };
}

async function installment(billId: number, body: Record<string, unknown>) {
  const res = await call(`PUT /fees/pay/installment/${billId}/`, body);
  if (!res.body.success) throw new Error(`installment: ${res.body.error}`);
  return res.body.data;
}

async function refund(billId: number, amount: number) {
  const res = await call('PUT /fees/refund/', { payment_id: billId, amount_paid: amount, mode: 'cheque', extras: { transaction_details: 'Cheque 000123' } });
  if (!res.body.success) throw new Error(`refund: ${res.body.error}`);
  return res.body.data;
}

const receipt = async (billId: number) => (await call(`GET /fees/receipt/${billId}/`)).body.data;
const cards = async (classId = classA.id) => {
  const res = await call(`GET /reports/fees/${classId}/${year.id}/?type=card`);
  expect(res.status, res.body.error ?? '').toBe(200);
  return res.body.data;
};

/** Every receipt of the class's bills through GET /fees/receipt/: the bills, their lines and installments as the ledger keeps them. */
async function receiptsOf(studentIds: number[]) {
  const ids = await db().selectFrom('fee_payment').select('id').where('student_id', 'in', studentIds).where('ac_year_id', '=', year.id).orderBy('id').execute();
  return Promise.all(ids.map((b) => receipt(b.id)));
}

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  other = await t.school();
  admin = s.tokens['4'];
  oldYear = await createRecord(t, s, 'acyears', { name: '2025-26', start_date: '2025-06-01', end_date: '2026-03-31' });
  year = await createRecord(t, s, 'acyears', { name: '2026-27', start_date: '2026-06-01', end_date: '2027-03-31' });
  expect((await call(`PATCH /acyear/${year.id}/`, { action: 'start' })).body.success).toBe(true);
  classA = await createRecord(t, s, 'classes', { class: '5', section: 'A' });
  classB = await createRecord(t, s, 'classes', { class: '5', section: 'B' });
  classC = await createRecord(t, s, 'classes', { class: '6', section: 'A' });
  tuition = (await call('PUT /fees/items/', { name: 'Tuition', type: 1, amount: 12500.5 })).body.data;
  books = (await call('PUT /fees/items/', { name: 'Books', type: 2, amount: 1999.99 })).body.data;
  await putSetting(db(), 'fees', { fee_discounts_enabled: '1', fee_partial_payment_enabled: '1' });

  aarav = await admit({ fullname: 'Aarav Sharma', roll_no: 1, admission_no: '501' });
  diya = await admit({ fullname: 'Diya Patel', roll_no: 2, admission_no: '502' });
  zoya = await admit({ fullname: 'Zoya Khan', roll_no: 3, admission_no: '503' });
  meera = await admit({ fullname: 'Meera Iyer', roll_no: 4, admission_no: '504' });
  ishaan = await admit({ fullname: 'Ishaan Rao', roll_no: 5, admission_no: '505' });
  kabir = await admit({ fullname: 'Kabir Singh', class_id: classB.id, roll_no: 1, admission_no: '601' });

  // Class A: 2 × tuition + books, part paid, then an installment; Diya: tuition, transportation,
  // miscellaneous and a discount, paid later in full; Zoya: 3 × books paid at once. Meera has no bill.
  bills.aarav = await pay({
    student_id: aarav.id, name: 'Term 1', amount_total: 27000.99, amount_paid: 10000.1,
    details: [{ fee_item_id: tuition.id, amount: 12500.5, quantity: 2 }, { fee_item_id: books.id, amount: 1999.99, quantity: 1 }],
    installments: [{ amount: 10000.1, mode: 'cash' }],
  });
  await installment(bills.aarav.payment_id, { amount: 5000.05, mode: 'wallet' });
  bills.diya = await pay({
    student_id: diya.id, name: 'Term 1', amount_total: 14150.75, amount_paid: 0, discounts: 100,
    details: [
      { fee_item_id: tuition.id, amount: 12500.5, quantity: 1 },
      { fee_item_name: 'Transportation', amount: 1500, quantity: 1 },
      { fee_item_name: 'Miscellaneous', amount: 250.25, quantity: 1 },
    ],
  });
  // Paid yesterday (a back-dated installment): not in today's card.
  await installment(bills.diya.payment_id, { amount: 14150.75, mode: 'transfer', date: addDays(today(), -1) });
  bills.zoya = await pay({
    student_id: zoya.id, name: 'Books', amount_total: 5999.97, amount_paid: 5999.97,
    details: [{ fee_item_id: books.id, amount: 1999.99, quantity: 3 }], installments: [{ amount: 5999.97, mode: 'card' }],
  });
  // Kabir in class B; Ishaan is billed in A, then moves to B within the year (his A row becomes history).
  bills.kabir = await pay({
    student_id: kabir.id, name: 'Term 1', amount_total: 12500.5, amount_paid: 500, details: [{ fee_item_id: tuition.id, amount: 12500.5, quantity: 1 }],
    installments: [{ amount: 500, mode: 'cash' }],
  });
  bills.ishaan = await pay({
    student_id: ishaan.id, name: 'Term 1', amount_total: 1999.99, amount_paid: 1999.99, details: [{ fee_item_id: books.id, amount: 1999.99, quantity: 1 }],
    installments: [{ amount: 1999.99, mode: 'cash' }],
  });
  const moved = await call('POST /shuffle/students/', { from_class: classA.id, from_ac_year: year.id, to_class: classB.id, to_ac_year: year.id, students: [ishaan.id] });
  expect(moved.body.success, moved.body.error ?? '').toBe(true);
});
afterAll(() => t?.close());

describe('the fee items table of a class and year', () => {
  it('sums the lines of the class\'s bills per item, exact to the paisa, with the item\'s listed amount', async () => {
    const res = await call(`GET /reports/fees/${classA.id}/${year.id}/`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: tuition.id, fee_item_name: 'Tuition', total_amount: 37501.5, quantity: 3, count: 2, amount: 12500.5 },
      { id: books.id, fee_item_name: 'Books', total_amount: 7999.96, quantity: 4, count: 2, amount: 1999.99 },
      { id: null, fee_item_name: 'Transportation', total_amount: 1500, quantity: 1, count: 1, amount: null },
      { id: null, fee_item_name: 'Miscellaneous', total_amount: 250.25, quantity: 1, count: 1, amount: null },
    ]);
    // Class B has Kabir's tuition and Ishaan's books (he is in B now).
    expect((await call(`GET /reports/fees/${classB.id}/${year.id}/`)).body.data).toEqual([
      { id: tuition.id, fee_item_name: 'Tuition', total_amount: 12500.5, quantity: 1, count: 1, amount: 12500.5 },
      { id: books.id, fee_item_name: 'Books', total_amount: 1999.99, quantity: 1, count: 1, amount: 1999.99 },
    ]);
    expect((await call(`GET /reports/fees/${classA.id}/${oldYear.id}/`)).body.data).toEqual([]);
  });

  it('equals the lines of the receipts, and less the discounts, the bills\' totals', async () => {
    const items = (await call(`GET /reports/fees/${classA.id}/${year.id}/`)).body.data as any[];
    const receipts = await receiptsOf([aarav.id, diya.id, zoya.id, meera.id]);
    const lines = receipts.flatMap((r) => r.details);
    expect(sumPaise(items, (i) => i.total_amount)).toBe(lines.reduce((x: number, l: any) => x + paise(l.amount) * l.quantity, 0));
    expect(items.reduce((x, i) => x + i.quantity, 0)).toBe(lines.reduce((x: number, l: any) => x + l.quantity, 0));
    const discounts = sumPaise(receipts, (r) => r.payment.discount_amount);
    expect(sumPaise(items, (i) => i.total_amount) - discounts).toBe(sumPaise(receipts, (r) => r.payment.total_amount));
  });
});

describe('students of one fee item', () => {
  it('lists each bill with the item: the bill\'s figures, what the item comes to on it, and the year\'s paid', async () => {
    const res = await call(`GET /reports/fees/${classA.id}/${year.id}/?item_id=${tuition.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data[0]).toMatchObject({
      id: bills.aarav!.payment_id, payment_id: bills.aarav!.payment_id, student_id: aarav.id, admission_no: '501', fullname: 'Aarav Sharma',
      fee_name: 'Term 1', total_amount: 27000.99, paid_amount: 15000.15, discount_amount: 0, item_amount: 25001, item_quantity: 2, total_paid: 15000.15,
    });
    expect(Date.parse(res.body.data[0].date)).toBeGreaterThan(Date.now() - 600_000);
    expect(res.body.data[1]).toMatchObject({ student_id: diya.id, fullname: 'Diya Patel', total_amount: 14150.75, paid_amount: 14150.75, discount_amount: 100, item_amount: 12500.5, item_quantity: 1 });
    // The rows add up to the item's row of the table.
    const table = (await call(`GET /reports/fees/${classA.id}/${year.id}/`)).body.data as any[];
    for (const item of table) {
      const q = item.id === null ? `item_name=${encodeURIComponent(item.fee_item_name)}` : `item_id=${item.id}`;
      const rows = (await call(`GET /reports/fees/${classA.id}/${year.id}/?${q}`)).body.data as any[];
      expect(sumPaise(rows, (r) => r.item_amount), item.fee_item_name).toBe(paise(item.total_amount));
      expect(rows.length, item.fee_item_name).toBe(item.count);
    }
  });

  it('finds lines without an item by name, and nothing for an item nobody was billed', async () => {
    const res = await call(`GET /reports/fees/${classA.id}/${year.id}/?item_name=Transportation`);
    expect(res.body.data.map((r: any) => [r.fullname, r.item_amount])).toEqual([['Diya Patel', 1500]]);
    const unused = (await call('PUT /fees/items/', { name: 'Swimming', type: 4, amount: 800 })).body.data;
    expect((await call(`GET /reports/fees/${classA.id}/${year.id}/?item_id=${unused.id}`)).body.data).toEqual([]);
    expect((await call(`GET /reports/fees/${classA.id}/${year.id}/?item_name=Nothing`)).body.data).toEqual([]);
  });
});

describe('the cards', () => {
  it('count installments by when the money moved and bills by their date, in India time; Total is everything', async () => {
    const c = await cards();
    const receipts = await receiptsOf([aarav.id, diya.id, zoya.id, meera.id]);
    const installments = receipts.flatMap((r) => r.installments);
    const paidOn = (from: string) => installments.filter((i: any) => istDay(new Date(i.timestamp)) >= from);
    const day = today();
    const yesterday = addDays(day, -1);
    expect(paise(c.total.paid)).toBe(sumPaise(installments, (i: any) => i.paid_amount));
    expect(paise(c.total.total)).toBe(sumPaise(receipts, (r) => r.payment.total_amount));
    // Pending: what the bills still owe (every bill is the class's, so billed less collected here).
    expect(c.total).toMatchObject({ paid: 35150.87, total: 47151.71, pending: 12000.84 });
    expect(paise(c.total.pending)).toBe(sumPaise(receipts, (r) => r.payment.total_amount) - sumPaise(receipts, (r) => r.payment.paid_amount));
    // Diya's installment was yesterday: today has the other three.
    expect(c.today.paid).toBe(21000.12);
    expect(paise(c.week.paid)).toBe(sumPaise(paidOn(mondayOf(day)), (i: any) => i.paid_amount));
    expect(paise(c.month.paid)).toBe(sumPaise(paidOn(monthStartOf(day)), (i: any) => i.paid_amount));
    expect(c.week.paid).toBe(yesterday >= mondayOf(day) ? 35150.87 : 21000.12);
    expect(c.month.paid).toBe(yesterday >= monthStartOf(day) ? 35150.87 : 21000.12);
    // Every bill was made today.
    for (const k of ['today', 'week', 'month'] as const) expect(c[k].total, k).toBe(47151.71);
  });

  it('list the newest installments of each period with their receipt, student and mode', async () => {
    const c = await cards();
    expect(c.total.list.map((i: any) => [i.fullname, i.paid_amount, i.mode])).toEqual([
      ['Zoya Khan', 5999.97, 'card'], ['Aarav Sharma', 5000.05, 'wallet'], ['Aarav Sharma', 10000.1, 'cash'], ['Diya Patel', 14150.75, 'transfer'],
    ]);
    expect(c.total.list[0]).toMatchObject({ receipt_no: bills.zoya!.receipt_no, payment_id: bills.zoya!.payment_id, student_id: zoya.id });
    expect(Object.keys(c.total.list[0]).sort()).toEqual(['fullname', 'id', 'mode', 'paid_amount', 'payment_id', 'receipt_no', 'student_id', 'timestamp']);
    expect(c.today.list.map((i: any) => i.fullname)).toEqual(['Zoya Khan', 'Aarav Sharma', 'Aarav Sharma']);
    for (const k of ['today', 'week', 'month', 'total'] as const) expect(sumPaise(c[k].list, (i: any) => i.paid_amount), k).toBe(paise(c[k].paid));
  });

  it('go down by a refund, in every period, and show it as a negative entry', async () => {
    const before = await cards();
    await refund(bills.aarav!.payment_id, 1234.56);
    const after = await cards();
    for (const k of ['today', 'week', 'month', 'total'] as const) {
      expect(paise(after[k].paid), k).toBe(paise(before[k].paid) - 123456);
      expect(after[k].total, k).toBe(before[k].total);
      expect(paise(after[k].pending), k).toBe(paise(before[k].pending) + 123456);
    }
    expect(after.today.list[0]).toMatchObject({ fullname: 'Aarav Sharma', paid_amount: -1234.56, mode: 'cheque' });
  });

  it('put a bill dated before this week and this month in Total only', async () => {
    const old = await pay({ student_id: meera.id, name: 'Old dues', amount_total: 100.01, amount_paid: 0, details: [{ fee_item_id: books.id, amount: 100.01, quantity: 1 }] });
    const before = await cards();
    const earliest = [mondayOf(today()), monthStartOf(today())].sort()[0];
    await db().updateTable('fee_payment').set({ timestamp: new Date(Date.parse(`${earliest}T00:00:00+05:30`) - 1000) }).where('id', '=', old.payment_id).execute();
    const after = await cards();
    expect(paise(after.total.total)).toBe(paise(before.total.total));
    for (const k of ['today', 'week', 'month'] as const) expect(paise(after[k].total), k).toBe(paise(before[k].total) - 10001);
    await call(`DELETE /fees/pay/${old.payment_id}/`);
  });

  it('are zero for a class with no bills', async () => {
    const c = await cards(classC.id);
    for (const k of ['today', 'week', 'month', 'total'] as const) expect(c[k]).toEqual({ paid: 0, total: 0, pending: 0, list: [] });
  });
});

describe('the class fee list', () => {
  it('has one row per student of the class with the sums of their bills; students without bills show zeros', async () => {
    const res = await call(`GET /fees/list/${classA.id}/${year.id}/`);
    expect(res.status).toBe(200);
    const rows = res.body.data as any[];
    expect(rows.map((r) => r.fullname)).toEqual(['Aarav Sharma', 'Diya Patel', 'Zoya Khan', 'Meera Iyer']);
    expect(rows[0]).toEqual({
      id: aarav.id, student_id: aarav.id, admission_no: '501', fullname: 'Aarav Sharma', roll_no: 1,
      total_amount: 27000.99, paid_amount: 13765.59, discount_amount: 0, pending_amount: 13235.4, bills: 1,
    });
    expect(rows[3]).toMatchObject({ fullname: 'Meera Iyer', total_amount: 0, paid_amount: 0, discount_amount: 0, pending_amount: 0, bills: 0 });
    // The class's totals are the bills' and the cards'.
    const receipts = await receiptsOf([aarav.id, diya.id, zoya.id, meera.id]);
    const c = await cards();
    expect(sumPaise(rows, (r) => r.total_amount)).toBe(sumPaise(receipts, (r) => r.payment.total_amount));
    expect(sumPaise(rows, (r) => r.paid_amount)).toBe(sumPaise(receipts.flatMap((r) => r.installments), (i: any) => i.paid_amount));
    expect(sumPaise(rows, (r) => r.paid_amount)).toBe(paise(c.total.paid));
    expect(sumPaise(rows, (r) => r.total_amount)).toBe(paise(c.total.total));
    for (const r of rows) expect(paise(r.pending_amount)).toBe(paise(r.total_amount) - paise(r.paid_amount));
  });

  it('narrows to bills of one name and to a range of days', async () => {
    const books = (await call(`GET /fees/list/${classA.id}/${year.id}/?fee_name=Books`)).body.data as any[];
    expect(books.map((r) => [r.fullname, r.total_amount, r.bills])).toEqual([['Aarav Sharma', 0, 0], ['Diya Patel', 0, 0], ['Zoya Khan', 5999.97, 1], ['Meera Iyer', 0, 0]]);
    const day = today();
    expect(sumPaise((await call(`GET /fees/list/${classA.id}/${year.id}/?start_date=${day}&end_date=${day}`)).body.data, (r: any) => r.total_amount)).toBe(4715171);
    const before = (await call(`GET /fees/list/${classA.id}/${year.id}/?start_date=2026-06-01&end_date=${addDays(day, -1)}`)).body.data as any[];
    expect(before.every((r) => r.bills === 0 && r.total_amount === 0)).toBe(true);
  });
});

describe('the fee items report', () => {
  it('is the class table for a class and year, the whole school without them, and narrows to a range of days', async () => {
    const table = (await call(`GET /reports/fees/${classA.id}/${year.id}/`)).body.data;
    expect((await call(`GET /reports/fees/items/?class_id=${classA.id}&ac_year_id=${year.id}`)).body.data).toEqual(table);
    const school = (await call('GET /reports/fees/items/')).body.data as any[];
    expect(school.find((r) => r.fee_item_name === 'Tuition')).toMatchObject({ total_amount: 50002, quantity: 4, count: 3 });
    const lines = await db().selectFrom('fee_payment_detail').select(['amount', 'quantity']).execute();
    expect(sumPaise(school, (r) => r.total_amount)).toBe(lines.reduce((x, l) => x + paise(l.amount) * l.quantity, 0));
    const day = today();
    expect((await call(`GET /reports/fees/items/?class_id=${classA.id}&ac_year_id=${year.id}&start_date=${day}&end_date=${day}`)).body.data).toEqual(table);
    expect((await call(`GET /reports/fees/items/?class_id=${classA.id}&ac_year_id=${year.id}&end_date=${addDays(day, -1)}`)).body.data).toEqual([]);
    expect((await call(`GET /reports/fees/items/?ac_year_id=${oldYear.id}`)).body.data).toEqual([]);
  });
});

describe('the installments report', () => {
  it('needs both dates', async () => {
    for (const q of ['', `?start_date=${today()}`, `?end_date=${today()}`, '?start_date=&end_date=']) {
      const res = await call(`GET /reports/fees/installments/${q}`);
      expect([res.status, res.body.error], q).toEqual([400, 'Start and end dates are required!']);
    }
  });

  it('lists payments and refunds of the days asked, newest first, with class and section, and their sum', async () => {
    const day = today();
    const res = await call(`GET /reports/fees/installments/?start_date=${day}&end_date=${day}`);
    expect(res.status).toBe(200);
    const { rows, total, count } = res.body.data;
    const all = await db().selectFrom('fee_installment').select(['id', 'paid_amount', 'timestamp']).execute();
    const todays = all.filter((i) => istDay(new Date(i.timestamp)) === day);
    expect(rows.map((r: any) => r.id).sort()).toEqual(todays.map((i) => i.id).sort());
    expect(count).toBe(todays.length);
    expect(paise(total)).toBe(sumPaise(rows, (r: any) => r.paid_amount));
    expect(paise(total)).toBe(todays.reduce((x, i) => x + paise(i.paid_amount), 0));
    expect(rows[0]).toMatchObject({ fullname: 'Aarav Sharma', admission_no: '501', class: '5', section: 'A', paid_amount: -1234.56, kind: 'refund', mode: 'cheque', payment_id: bills.aarav!.payment_id });
    // Ishaan's payment was in class A; he is in B now, as his class on the report shows.
    expect(rows.find((r: any) => r.fullname === 'Ishaan Rao')).toMatchObject({ class: '5', section: 'B', paid_amount: 1999.99, kind: 'payment' });
    const withYesterday = (await call(`GET /reports/fees/installments/?start_date=${addDays(day, -1)}&end_date=${day}`)).body.data;
    expect(withYesterday.rows.find((r: any) => r.fullname === 'Diya Patel')).toMatchObject({ paid_amount: 14150.75, kind: 'installment', mode: 'transfer' });
    expect(paise(withYesterday.total)).toBe(paise(total) + 1415075);
    // A class, a year, and pages.
    const b = (await call(`GET /reports/fees/installments/?start_date=${day}&end_date=${day}&class_id=${classB.id}&ac_year_id=${year.id}`)).body.data;
    expect(b.rows.map((r: any) => r.fullname).sort()).toEqual(['Ishaan Rao', 'Kabir Singh']);
    expect(b.total).toBe(2499.99);
    const page = await call(`GET /reports/fees/installments/?start_date=${day}&end_date=${day}&page=2&page_size=2`);
    expect(page.body.meta).toEqual({ total: todays.length });
    expect(page.body.data.rows.map((r: any) => r.id)).toEqual(rows.slice(2, 4).map((r: any) => r.id));
    expect(page.body.data.total).toBe(total);
  });
});

describe('the fees export', () => {
  async function download(query = '') {
    const r = await call(`GET /export/fees/${query}`);
    expect(r.body.success, r.body.error ?? '').toBe(true);
    const got = await t.app.inject({ method: 'GET', url: r.body.data.path });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toMatch(/^text\/csv/);
    const bytes = got.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return { data: r.body.data, records: parseCsv(bytes.toString('utf8').slice(1)) };
  }

  it('writes one row per bill of the year that matches its receipt, and a class on request', async () => {
    const { data, records } = await download();
    expect(data.path).toMatch(new RegExp(`^/api/${s.code}/files/[A-Za-z0-9_-]{32}/fees-all-2026-27\\.csv$`));
    expect(records[0]).toEqual(['Bill ID', 'Date', 'Admission No', 'Student Name', 'Class', 'Section', 'Academic Year', 'Fee Name', 'Items', 'Total Amount', 'Discount', 'Paid Amount', 'Pending Amount', 'Receipt Nos']);
    const rows = records.slice(1);
    const ids = await db().selectFrom('fee_payment').select('id').where('ac_year_id', '=', year.id).orderBy('id').execute();
    expect(data.count).toBe(ids.length);
    expect(rows.map((r) => Number(r[0])).sort((a, b) => a - b)).toEqual(ids.map((b) => b.id));
    for (const row of rows) {
      const r = await receipt(Number(row[0]));
      expect(row.slice(1, 8)).toEqual([istDay(new Date(r.payment.timestamp)), r.student.admission_no, r.student.fullname, r.class.class, r.class.section, '2026-27', r.payment.name]);
      expect(row.slice(9, 13).map(paise)).toEqual([r.payment.total_amount, r.payment.discount_amount, r.payment.paid_amount, r.payment.pending_amount].map(paise));
      expect(row[13]).toBe(r.installments.map((i: any) => i.receipt_no).sort((a: number, b: number) => a - b).join(' '));
    }
    const diyaRow = rows.find((r) => Number(r[0]) === bills.diya!.payment_id)!;
    expect(diyaRow.slice(8, 13)).toEqual(['Tuition x1 @ 12500.50; Transportation x1 @ 1500.00; Miscellaneous x1 @ 250.25', '14150.75', '100.00', '14150.75', '0.00']);
    expect(sumPaise(rows, (r) => r[11])).toBe(sumPaise(await db().selectFrom('fee_installment').select('paid_amount').execute(), (i) => i.paid_amount));

    const a = await download(`?class_id=${classA.id}&ac_year_id=${year.id}`);
    expect(a.data.path).toMatch(/fees-5-A-2026-27\.csv$/);
    expect(a.records.slice(1).map((r) => r[3]).sort()).toEqual(['Aarav Sharma', 'Diya Patel', 'Zoya Khan']);
    expect((await download(`?ac_year_id=${oldYear.id}`)).records).toHaveLength(1);
  });

  it('neutralises a bill name a spreadsheet would run as a formula', async () => {
    const b = await pay({ student_id: meera.id, name: '=HYPERLINK("http://x.test","Pay")', amount_total: 1, amount_paid: 0, details: [{ fee_item_id: books.id, amount: 1, quantity: 1 }] });
    const { records } = await download(`?class_id=${classA.id}`);
    expect(records.find((r) => Number(r[0]) === b.payment_id)![7]).toBe('\'=HYPERLINK("http://x.test","Pay")');
    await call(`DELETE /fees/pay/${b.payment_id}/`);
  });

  it('answers 400 for a bad class or year', async () => {
    expect((await call('GET /export/fees/?class_id=abc')).body.error).toBe('Invalid class id');
    expect((await call('GET /export/fees/?ac_year_id=999999')).body.error).toBe('Academic year not found');
    expect((await call('GET /export/fees/?class_id=999999')).body.error).toBe('Class not found');
  });
});

describe('created fees', () => {
  let c1: any, c2: any, left: any, shuffled: any;
  beforeAll(async () => {
    const inC = (fullname: string, no: string, roll: number) => admit({ fullname, class_id: classC.id, admission_no: no, roll_no: roll });
    c1 = await inC('Anika Menon', '701', 1);
    c2 = await inC('Vihaan Das', '702', 2);
    left = await inC('Left With TC', '703', 3);
    shuffled = await inC('Shuffled Away', '704', 4);
    await db().updateTable('student').set({ status: 2 }).where('id', '=', left.id).execute();
    expect((await call('POST /shuffle/students/', { from_class: classC.id, from_ac_year: year.id, to_class: classB.id, to_ac_year: year.id, students: [shuffled.id] })).body.success).toBe(true);
  });

  it('says before billing how many students of which class it bills, at what amount, and makes nothing', async () => {
    const before = await db().selectFrom('fee_payment').select('id').execute();
    const body = { name: 'Annual Day', ac_year_id: year.id, class_id: classC.id, fee_item_id: null, amount_total: 750.5 };
    const res = await call('POST /fees/create/preview/', body);
    // The two current students: not the one who left nor the one shuffled away.
    expect(res.body).toMatchObject({ success: true, data: { summary: `Bill 2 students of ${classC.class} - ${classC.section} ${year.name} ₹750.50 each?` } });
    expect(await db().selectFrom('fee_payment').select('id').execute()).toHaveLength(before.length);
    expect(await db().selectFrom('created_fee').select('id').where('name', '=', 'Annual Day').execute()).toEqual([]);
    const none = await call('POST /fees/create/preview/', { ...body, class_id: classB.id, ac_year_id: (await createRecord(t, s, 'acyears')).id });
    expect(none.body.data.summary).toMatch(/has no current students: the fee will bill no one/);
    expect((await call('POST /fees/create/preview/', { ...body, name: undefined })).status).toBe(400);
    expect((await call('POST /fees/create/preview/', { ...body, class_id: 999999 })).status).toBe(400);
    for (const who of ['1', '2', '7']) expect((await call('POST /fees/create/preview/', body, s.tokens[who])).status).toBe(403);
  });

  it('bills every current student of the class once, with the fee\'s amount, through the ledger', async () => {
    const res = await call('PUT /fees/create/', { name: 'Annual Day', ac_year_id: year.id, class_id: classC.id, fee_item_id: null, amount_total: 750.5 });
    expect(res.body).toMatchObject({ success: true, message: 'New Fee Created' });
    const fee = res.body.data;
    const made = await db().selectFrom('fee_payment').selectAll().where('created_fee_id', '=', fee.id).orderBy('student_id').execute();
    expect(made.map((b) => [b.student_id, b.name, Number(b.total_amount), Number(b.paid_amount), b.ac_year_id])).toEqual([
      [c1.id, 'Annual Day', 750.5, 0, year.id], [c2.id, 'Annual Day', 750.5, 0, year.id],
    ]);
    const r = await receipt(made[0]!.id);
    expect(r.details).toEqual([expect.objectContaining({ fee_item_id: null, fee_item_name: 'Annual Day', amount: 750.5, quantity: 1 })]);
    // Each bill is audited as the ledger's.
    const audited = await db().selectFrom('audit').select('record_id').where('resource', '=', 'fee-payments').where('action', '=', 'create').execute();
    for (const b of made) expect(audited.map((a) => a.record_id)).toContain(String(b.id));

    // With a fee item: the line is the item's.
    const withItem = await call('PUT /fees/create/', { name: 'Books 2026', ac_year_id: year.id, class_id: classC.id, fee_item_id: books.id, amount_total: 1999.99 });
    expect(withItem.body.success, withItem.body.error ?? '').toBe(true);
    const lines = await db().selectFrom('fee_payment_detail as d').innerJoin('fee_payment as p', 'p.id', 'd.payment_id')
      .select(['p.student_id', 'd.fee_item_id', 'd.fee_item_name', 'd.amount', 'd.quantity']).where('p.created_fee_id', '=', withItem.body.data.id).orderBy('p.student_id').execute();
    expect(lines.map((l) => [l.student_id, l.fee_item_id, l.fee_item_name, Number(l.amount), l.quantity])).toEqual([
      [c1.id, books.id, 'Books', 1999.99, 1], [c2.id, books.id, 'Books', 1999.99, 1],
    ]);
    // The class report sees them.
    const c = await cards(classC.id);
    expect(c.total).toMatchObject({ total: 5500.98, paid: 0 });
  });

  it('refuses a second fee of the same title for the class and year, and bills nobody for it', async () => {
    const before = await db().selectFrom('fee_payment').select('id').execute();
    const res = await call('PUT /fees/create/', { name: 'Annual Day ', ac_year_id: year.id, class_id: classC.id, amount_total: 10 });
    expect([res.status, res.body.error]).toEqual([409, 'A fee with this title already exists for this class and academic year']);
    expect(await db().selectFrom('fee_payment').select('id').execute()).toHaveLength(before.length);
    expect((await call('PUT /fees/create/', { name: 'Annual Day', ac_year_id: year.id, class_id: classA.id, amount_total: 0 })).body.success).toBe(true);
  });

  it('lists the students of a created fee with what they paid and owe', async () => {
    const q = `?name=${encodeURIComponent('Annual Day')}&ac_year_id=${year.id}&class_id=${classC.id}`;
    const first = (await call(`GET /fees/create/${q}`)).body.data as any[];
    await installment(first[0].payment_id, { amount: 500.25, mode: 'cash' });
    const res = await call(`GET /fees/create/${q}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: any) => ({ ...r, date: undefined }))).toEqual([
      { student_id: c1.id, admission_no: '701', fullname: 'Anika Menon', roll_no: 1, payment_id: first[0].payment_id, fee_name: 'Annual Day', total_amount: 750.5, paid_amount: 500.25, pending_amount: 250.25, date: undefined },
      { student_id: c2.id, admission_no: '702', fullname: 'Vihaan Das', roll_no: 2, payment_id: first[1].payment_id, fee_name: 'Annual Day', total_amount: 750.5, paid_amount: 0, pending_amount: 750.5, date: undefined },
    ]);
    expect((await call(`GET /fees/create/?name=Nothing&ac_year_id=${year.id}&class_id=${classC.id}`)).status).toBe(404);
    const bad: Array<[string, string]> = [
      [`?ac_year_id=${year.id}&class_id=${classC.id}`, 'Fee title is required'],
      [`?name=Annual%20Day&class_id=${classC.id}`, 'Please select academic year'],
      [`?name=Annual%20Day&ac_year_id=${year.id}`, 'Please select class'],
      [`?name=Annual%20Day&ac_year_id=x&class_id=${classC.id}`, 'Invalid academic year id'],
      [`?name=Annual%20Day&ac_year_id=${year.id}&class_id=999999`, 'Class not found'],
    ];
    for (const [query, message] of bad) expect([(await call(`GET /fees/create/${query}`)).body.error, query]).toEqual([message, query]);
  });
});

describe('who may read the reports', () => {
  const calls = () => [
    `GET /reports/fees/${classA.id}/${year.id}/`, `GET /reports/fees/${classA.id}/${year.id}/?type=card`,
    `GET /reports/fees/${classA.id}/${year.id}/?item_id=${tuition.id}`, `GET /fees/list/${classA.id}/${year.id}/`,
    'GET /reports/fees/items/', `GET /reports/fees/installments/?start_date=${today()}&end_date=${today()}`, 'GET /export/fees/',
    `GET /fees/create/?name=Annual%20Day&ac_year_id=${year.id}&class_id=${classC.id}`,
  ];

  it('admins with fees access and super admins; not teachers, parents, other staff or admins without the module', async () => {
    for (const c of calls()) {
      for (const who of ['3', '4', 'admin-read']) expect([(await call(c, undefined, s.tokens[who])).status, who, c]).toEqual([200, who, c]);
      for (const who of ['1', '2', '5', '6', '7', 'admin-none']) expect([(await call(c, undefined, s.tokens[who])).status, who, c]).toEqual([403, who, c]);
      expect([(await call(c, undefined, other.tokens['4'])).status, c]).toEqual([401, c]);
      expect([(await call(c, undefined, '')).status, c]).toEqual([401, c]);
    }
  });
});

describe('bad query strings', () => {
  it('are answered 400 with what is wrong, and unknown classes and years 404', async () => {
    const base = `/reports/fees/${classA.id}/${year.id}/`;
    const cases: Array<[string, number, string]> = [
      [`GET ${base}?item_id=abc`, 400, 'Invalid fee item id'],
      [`GET ${base}?item_id=0`, 400, 'Invalid fee item id'],
      [`GET ${base}?type=pie`, 400, 'Unknown report type: use type=card or leave it out'],
      [`GET ${base}?type=card&item_id=${tuition.id}`, 400, 'The cards are for the whole class: leave out the fee item'],
      [`GET ${base}?item_id=${tuition.id}&item_name=Books`, 400, 'Choose a fee item by its id or by its name, not both'],
      [`GET ${base}?item_id=1&item_id=2`, 400, 'Invalid item id'],
      [`GET /reports/fees/abc/${year.id}/`, 400, 'Invalid class id'],
      [`GET /reports/fees/999999/${year.id}/`, 404, 'Class not found'],
      [`GET /reports/fees/${classA.id}/999999/`, 404, 'Academic year not found'],
      [`GET /fees/list/${classA.id}/${year.id}/?start_date=2026-13-01`, 400, 'Start date must be a date written YYYY-MM-DD'],
      [`GET /fees/list/${classA.id}/${year.id}/?end_date=01-06-2026`, 400, 'End date must be a date written YYYY-MM-DD'],
      [`GET /fees/list/${classA.id}/${year.id}/?start_date=2026-07-01&end_date=2026-06-01`, 400, 'The start date cannot be after the end date'],
      [`GET /fees/list/999999/${year.id}/`, 404, 'Class not found'],
      ['GET /reports/fees/items/?class_id=x', 400, 'Invalid class id'],
      ['GET /reports/fees/items/?ac_year_id=-1', 400, 'Invalid academic year id'],
      ['GET /reports/fees/items/?class_id=999999', 400, 'Class not found'],
      ['GET /reports/fees/items/?start_date=2026-02-30', 400, 'Start date must be a date written YYYY-MM-DD'],
      ['GET /reports/fees/installments/?start_date=2026-06-01&end_date=2026-06-31', 400, 'End date must be a date written YYYY-MM-DD'],
      ['GET /reports/fees/installments/?start_date=2026-06-02&end_date=2026-06-01', 400, 'The start date cannot be after the end date'],
      ['GET /reports/fees/installments/?start_date=2026-06-01&end_date=2026-06-30&page_size=5000', 400, 'Page size must be from 1 to 1000'],
      ['GET /reports/fees/installments/?start_date=2026-06-01&end_date=2026-06-30&page=0', 400, 'Invalid page'],
      ['GET /reports/fees/installments/?start_date=2026-06-01&end_date=2026-06-30&ac_year_id=999999', 400, 'Academic year not found'],
    ];
    for (const [c, status, message] of cases) {
      const res = await call(c);
      expect([res.status, res.body.success, res.body.error], c).toEqual([status, false, message]);
    }
  });
});
