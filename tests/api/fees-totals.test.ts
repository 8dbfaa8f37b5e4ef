/**
 * The fee item totals the ledger keeps per year, day and item (src/server/modules/fees/item-totals.ts)
 * and the whole school's fee items report that reads them. After any mix of bills, installments,
 * refunds, discount changes, deletes and created fees, made one after another and at once, the
 * kept rows are exactly what the bill lines sum to, and the report is what summing every line
 * gives, to the paisa. A store made before the totals existed gets them built when it is opened.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncSchool } from '../../src/server/db/sync.js';
import type { Ctx } from '../../src/server/framework/context.js';
import { createIntegrations } from '../../src/server/integrations/index.js';
import { createBill } from '../../src/server/modules/fees/ledger.js';
import { putSetting } from '../../src/server/platform/settings.js';
import { admitStudent } from '../support/admit.js';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { createRecord } from '../support/samples.js';

let t: TestApp;
let s: TestSchool;
let admin: string;
let year: any, oldYear: any, classA: any, classB: any, tuition: any, books: any, lab: any;
const students: any[] = [];

const call = (c: string, body?: unknown, token = admin) => t.call(s.code, c, body, token);
const db = () => schoolDb(t, s);
const ok = async (c: string, body?: unknown) => {
  const res = await call(c, body);
  expect(res.body.success, `${c}: ${res.body.error}`).toBe(true);
  return res.body.data;
};
const paise = (n: unknown) => Math.round(Number(n) * 100);
const line = (item: any, quantity = 1) => ({ fee_item_id: item.id, amount: Number(item.amount), quantity });
const named = (name: string, amount: number, quantity = 1) => ({ fee_item_name: name, amount, quantity });
const totalOf = (lines: Array<{ amount: number; quantity: number }>, discount = 0) => lines.reduce((x, l) => x + paise(l.amount) * l.quantity, 0) - paise(discount);

/** A bill through PUT /fees/pay/ with part of it paid now (or nothing). */
async function bill(student: any, lines: any[], opts: { paid?: number; discount?: number; yearId?: number } = {}) {
  const total = totalOf(lines, opts.discount) / 100;
  return ok('PUT /fees/pay/', {
    student_id: student.id, ac_year_id: opts.yearId ?? year.id, name: 'Term', amount_total: total, amount_paid: opts.paid ?? 0, discounts: opts.discount ?? 0,
    details: lines, installments: opts.paid ? [{ amount: opts.paid, mode: 'cash' }] : [],
  }) as Promise<{ payment_id: number }>;
}

/** The ledger's own call, for bills dated on a given moment (as the demo school back-dates its term). */
function ledgerCtx(): Ctx {
  return {
    db: db(), school: { code: s.code, name: 'Test', schema: s.schema }, config: t.config, integrations: createIntegrations(t.config),
    user: { id: s.users['4']!, name: 'Super', email: null, username: null, mobile: null, role: 4 },
  };
}

/** The kept rows, in paise. */
async function kept() {
  const rows = await db().selectFrom('fee_item_day')
    .select(['ac_year_id', sql<string>`day::text`.as('day'), 'fee_item_id', 'fee_item_name', sql<string>`(total_amount * 100)::bigint`.as('paise'), sql<string>`quantity::int`.as('quantity'), sql<string>`lines::int`.as('lines')])
    .orderBy('ac_year_id').orderBy('day').orderBy('fee_item_id').orderBy('fee_item_name').execute();
  return rows.map((r) => ({ ...r, paise: Number(r.paise), quantity: Number(r.quantity), lines: Number(r.lines) }));
}

/** The same rows summed from scratch: every line of every bill, in JavaScript, days in India time. */
async function fromScratch() {
  const lines = await db().selectFrom('fee_payment_detail as d').innerJoin('fee_payment as p', 'p.id', 'd.payment_id')
    .select(['p.ac_year_id', 'p.timestamp', 'd.fee_item_id', 'd.fee_item_name', 'd.amount', 'd.quantity']).execute();
  const by = new Map<string, { ac_year_id: number; day: string; fee_item_id: number | null; fee_item_name: string; paise: number; quantity: number; lines: number }>();
  for (const l of lines) {
    const day = new Date(l.timestamp).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
    const k = JSON.stringify([l.ac_year_id, day, l.fee_item_id, l.fee_item_name]);
    const row = by.get(k) ?? { ac_year_id: l.ac_year_id, day, fee_item_id: l.fee_item_id, fee_item_name: l.fee_item_name, paise: 0, quantity: 0, lines: 0 };
    row.paise += paise(l.amount) * l.quantity;
    row.quantity += l.quantity;
    row.lines += 1;
    by.set(k, row);
  }
  const cmp = (a: unknown, b: unknown) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : (a as any) < (b as any) ? -1 : 1);
  return [...by.values()].sort((a, b) => cmp(a.ac_year_id, b.ac_year_id) || cmp(a.day, b.day) || cmp(a.fee_item_id, b.fee_item_id) || cmp(a.fee_item_name, b.fee_item_name));
}

/**
 * The fee items report as summing every line gives it, for bills of a year (or all) dated in
 * a range of school days: per item id (or per name without one), the item's current name (or
 * the lines' first name), paise, quantity, lines, the item's amount.
 */
async function reportFromScratch(f: { yearId?: number; start?: string; end?: string } = {}) {
  const items = new Map((await db().selectFrom('fee_item').select(['id', 'name', 'amount']).execute()).map((i) => [i.id, i]));
  const rows = (await fromScratch()).filter((r) => (f.yearId === undefined || r.ac_year_id === f.yearId) && (!f.start || r.day >= f.start) && (!f.end || r.day <= f.end));
  const by = new Map<string, { id: number | null; names: string[]; paise: number; quantity: number; count: number }>();
  for (const r of rows) {
    const k = r.fee_item_id === null ? `name:${r.fee_item_name}` : `id:${r.fee_item_id}`;
    const g = by.get(k) ?? { id: r.fee_item_id, names: [], paise: 0, quantity: 0, count: 0 };
    g.names.push(r.fee_item_name);
    g.paise += r.paise;
    g.quantity += r.quantity;
    g.count += r.lines;
    by.set(k, g);
  }
  return [...by.values()].map((g) => {
    const item = g.id === null ? undefined : items.get(g.id);
    return { id: g.id, fee_item_name: item?.name ?? g.names.sort()[0], paise: g.paise, quantity: g.quantity, count: g.count, amount: item ? Number(item.amount) : null };
  }).sort((a, b) => b.paise - a.paise || (a.fee_item_name < b.fee_item_name ? -1 : 1));
}

/** GET /reports/fees/items/ as the report's rows in paise, in the order it answers them. */
async function report(query: string) {
  const res = await call(`GET /reports/fees/items/${query}`);
  expect(res.status, res.body.error ?? '').toBe(200);
  return (res.body.data as any[]).map((r) => ({ id: r.id, fee_item_name: r.fee_item_name, paise: paise(r.total_amount), quantity: r.quantity, count: r.count, amount: r.amount }));
}

/** The kept rows agree with the lines, and the report with summing them, for the year, all years and some ranges. */
async function expectRightFigures() {
  expect(await kept()).toEqual(await fromScratch());
  expect(await report(`?ac_year_id=${year.id}`)).toEqual(await reportFromScratch({ yearId: year.id }));
  expect(await report('')).toEqual(await reportFromScratch());
  for (const [start, end] of [['2026-06-05', '2026-06-05'], ['2026-06-06', '2026-06-30'], ['2026-06-01', '2099-12-31']]) {
    expect(await report(`?ac_year_id=${year.id}&start_date=${start}&end_date=${end}`), `${start}..${end}`).toEqual(await reportFromScratch({ yearId: year.id, start, end }));
  }
}

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  admin = s.tokens['4'];
  oldYear = await createRecord(t, s, 'acyears', { name: '2025-26', start_date: '2025-06-01', end_date: '2026-03-31' });
  year = await createRecord(t, s, 'acyears', { name: '2026-27', start_date: '2026-06-01', end_date: '2027-03-31' });
  expect((await call(`PATCH /acyear/${year.id}/`, { action: 'start' })).body.success).toBe(true);
  classA = await createRecord(t, s, 'classes', { class: '7', section: 'A' });
  classB = await createRecord(t, s, 'classes', { class: '7', section: 'B' });
  tuition = await ok('PUT /fees/items/', { name: 'Tuition', type: 1, amount: 12500.5 });
  books = await ok('PUT /fees/items/', { name: 'Books', type: 2, amount: 1999.99 });
  lab = await ok('PUT /fees/items/', { name: 'Lab', type: 4, amount: 1800.75 });
  await putSetting(db(), 'fees', { fee_discounts_enabled: '1', fee_partial_payment_enabled: '1' });
  for (let i = 0; i < 8; i++) {
    students.push(await admitStudent(t, s, admin, { ac_year_id: year.id, class_id: i < 6 ? classA.id : classB.id, roll_no: i + 1 }, 'TOT'));
  }
});
afterAll(() => t?.close());

describe('the fee item totals', () => {
  it('stay what the bill lines sum to through bills, payments, refunds, discounts, deletes and created fees, one after another and at once', async () => {
    const [a, b, c, d, e, f, g, h] = students;
    const b1 = await bill(a, [line(tuition, 2), line(books)], { paid: 10000.1 });
    const b2 = await bill(b, [line(tuition), named('Transportation', 1500), named('Miscellaneous', 250.25)], { discount: 100 });
    const b3 = await bill(c, [line(books, 3)], { paid: totalOf([line(books, 3)]) / 100 });
    const b4 = await bill(g, [line(lab), named('Transportation', 1500)], { paid: 500 });
    // A bill of the earlier year: the same items, another year's rows.
    await bill(h, [line(tuition)], { yearId: oldYear.id });
    await expectRightFigures();

    // At once: bills sharing items, their lines in both orders (two bills must not wait on each other's rows),
    // installments on one bill, a refund and a discount change on others.
    const together = await Promise.all([
      bill(d, [line(tuition), line(books, 2)]), bill(e, [line(books), line(tuition)]), bill(f, [line(books, 2), named('Transportation', 1500), line(tuition)]),
      bill(h, [named('Transportation', 1500), line(lab, 3)]), bill(a, [line(lab), line(books)]), bill(b, [line(books), line(lab)]),
    ]);
    const moves = await Promise.all([
      ...Array.from({ length: 5 }, () => call(`PUT /fees/pay/installment/${b1.payment_id}/`, { amount: 1000.01, mode: 'cash' })),
      call('PUT /fees/refund/', { payment_id: b3.payment_id, amount_paid: 999.99, mode: 'cheque', extras: { transaction_details: 'Cheque 1' } }),
      call('PATCH /fees/pay/', { fee_payment_id: b2.payment_id, discount_amount: 250.5 }),
    ]);
    for (const m of moves) expect(m.body.success, m.body.error ?? '').toBe(true);
    await expectRightFigures();

    // Deletes, one and then two at once (sharing items), and a bill that had payments and a refund.
    expect((await call(`DELETE /fees/pay/${b4.payment_id}/`)).body.success).toBe(true);
    const deleted = await Promise.all([call(`DELETE /fees/pay/${together[0]!.payment_id}/`), call(`DELETE /fees/pay/${together[1]!.payment_id}/`), call(`DELETE /fees/pay/${b3.payment_id}/`)]);
    for (const r of deleted) expect(r.body.success, r.body.error ?? '').toBe(true);
    await expectRightFigures();

    // A created fee bills the class through the ledger, with and without an item.
    await ok('PUT /fees/create/', { name: 'Annual Day', ac_year_id: year.id, class_id: classA.id, fee_item_id: null, amount_total: 750.5 });
    await ok('PUT /fees/create/', { name: 'Lab Term', ac_year_id: year.id, class_id: classB.id, fee_item_id: lab.id, amount_total: 1800.75 });
    await expectRightFigures();

    // Bills dated either side of midnight in India (18:29 and 18:31 UTC): two school days.
    const ctx = ledgerCtx();
    await createBill(ctx, { student_id: c.id, ac_year_id: year.id, name: 'Late', lines: [line(tuition)], discount: 0, at: new Date('2026-06-05T18:29:00Z') });
    const early = await createBill(ctx, { student_id: d.id, ac_year_id: year.id, name: 'Early', lines: [line(tuition), line(books)], discount: 0, at: new Date('2026-06-05T18:31:00Z') });
    expect((await kept()).filter((r) => r.day < '2026-06-07').map((r) => [r.day, r.fee_item_name, r.lines])).toEqual([
      ['2026-06-05', 'Tuition', 1], ['2026-06-06', 'Tuition', 1], ['2026-06-06', 'Books', 1],
    ]);
    await expectRightFigures();
    expect((await call(`DELETE /fees/pay/${early}/`)).body.success).toBe(true);
    // A day whose last bill went leaves no row behind.
    expect((await kept()).filter((r) => r.day === '2026-06-06')).toEqual([]);
    await expectRightFigures();
  });

  it('show an item by its new name once renamed, and a deleted item\'s lines by their name, without an item', async () => {
    await ok(`POST /fees/item/${tuition.id}/`, { name: 'Tuition Fee', type: 1, amount: 13000 });
    expect((await call(`DELETE /fees/item/${books.id}/`)).body.success).toBe(true);
    const rows = await report(`?ac_year_id=${year.id}`);
    expect(rows.find((r) => r.id === tuition.id)).toMatchObject({ fee_item_name: 'Tuition Fee', amount: 13000 });
    expect(rows.find((r) => r.id === books.id)).toBeUndefined();
    expect(rows.find((r) => r.fee_item_name === 'Books')).toMatchObject({ id: null, amount: null });
    expect((await kept()).filter((r) => r.fee_item_id === books.id)).toEqual([]);
    await expectRightFigures();
  });

  it('are the same sums as the class\'s own lines for every class', async () => {
    const school = await report(`?ac_year_id=${year.id}`);
    const classes = await Promise.all([classA, classB].map((c) => report(`?class_id=${c.id}&ac_year_id=${year.id}`)));
    const summed = new Map<string, number>();
    for (const r of classes.flat()) summed.set(`${r.id}:${r.id === null ? r.fee_item_name : ''}`, (summed.get(`${r.id}:${r.id === null ? r.fee_item_name : ''}`) ?? 0) + r.paise);
    // Every bill of this year belongs to class A or B, so the classes add up to the school.
    expect(new Map(school.map((r) => [`${r.id}:${r.id === null ? r.fee_item_name : ''}`, r.paise]))).toEqual(summed);
  });
});

describe('a store made before the totals existed', () => {
  it('gets them built from its bills when it is opened, with the same report', async () => {
    const before = await report(`?ac_year_id=${year.id}`);
    // What the previous release left: the bills, and neither the totals nor their version.
    await sql`drop table ${sql.id(s.schema, 'fee_item_day')}`.execute(t.database.db);
    await db().deleteFrom('derived_table').where('name', '=', 'fee_item_day').execute();
    await syncSchool(t.database.db, s.schema);
    expect(await kept()).toEqual(await fromScratch());
    expect(await report(`?ac_year_id=${year.id}`)).toEqual(before);
    await expectRightFigures();
  });

  it('builds them again when their version changes, and leaves them alone when it has not', async () => {
    const built = async () => (await db().selectFrom('derived_table').select(sql<string>`built_at::text`.as('at')).where('name', '=', 'fee_item_day').executeTakeFirstOrThrow()).at;
    const first = await built();
    await syncSchool(t.database.db, s.schema);
    expect(await built()).toBe(first);
    // An older version's rows (here: wrong ones) are replaced.
    await db().updateTable('derived_table').set({ version: 0 }).where('name', '=', 'fee_item_day').execute();
    await db().updateTable('fee_item_day').set({ total_amount: 1 }).execute();
    await syncSchool(t.database.db, s.schema);
    expect(await built()).not.toBe(first);
    await expectRightFigures();
  });
});
