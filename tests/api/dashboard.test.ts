/**
 * The admin dashboard (spec 3, GET /dashboard/admin/?ac_year_id=): the year's students (total,
 * present today, app users), fees (total, paid, pending, who owes, collected today), the
 * students-by-class and fee charts, the SMS and storage cards and the top defaulters; the
 * default year on first load; fee figures only for those who may read fees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admitStudent } from '../support/admit.js';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { createRecord } from '../support/samples.js';

let t: TestApp;
let s: TestSchool;
let year: any, oldYear: any, classA: any, classB: any;
const kids: any[] = [];

const call = (c: string, body?: unknown, token = s.tokens['4']) => t.call(s.code, c, body, token);
const ok = async (c: string, body?: unknown, token?: string) => {
  const res = await call(c, body, token);
  expect(res.body.success, `${c}: ${res.body.error}`).toBe(true);
  return res.body.data;
};
/** Today at the school, as the dashboard counts it. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  oldYear = await createRecord(t, s, 'acyears', { name: '2025-26', start_date: '2025-04-01', end_date: '2026-03-31' });
  year = await createRecord(t, s, 'acyears', { name: '2026-27', start_date: '2026-04-01', end_date: '2027-03-31' });
  // The year in force: the one a first load shows.
  await schoolDb(t, s).updateTable('ac_year').set({ status: 1 }).where('id', '=', year.id).execute();
  await schoolDb(t, s).updateTable('ac_year').set({ status: 2 }).where('id', '=', oldYear.id).execute();
  classA = await createRecord(t, s, 'classes', { class: '5', section: 'A' });
  classB = await createRecord(t, s, 'classes', { class: '6', section: 'B' });
  for (const [cls, name] of [[classA, 'Asha'], [classA, 'Bala'], [classB, 'Chitra']] as const) {
    kids.push(await admitStudent(t, s, s.tokens['4'], { ac_year_id: year.id, class_id: cls.id, fullname: name }, 'dash'));
  }
  const db = schoolDb(t, s);
  // Asha is present today, Bala absent; Chitra's attendance is not taken. Bala's family uses the app.
  await db.insertInto('attendance').values([
    { student_id: kids[0].id, class_id: classA.id, ac_year_id: year.id, date: today, present: 1 },
    { student_id: kids[1].id, class_id: classA.id, ac_year_id: year.id, date: today, present: 0 },
  ]).execute();
  await db.updateTable('student').set({ user_id: s.users['1'] }).where('id', '=', kids[1].id).execute();
  // Bills: Asha owes 12,500.50 and paid 2,500.25; Bala 1,999.99 paid in full; Chitra 3,000.10, nothing paid.
  const bill = (student: any, total: number, paid: number, discount = 0) => ok('PUT /fees/pay/', {
    student_id: student.id, ac_year_id: year.id, name: 'Term 1', amount_total: total - discount, amount_paid: paid, discounts: discount,
    details: [{ fee_item_name: 'Tuition', amount: total, quantity: 1 }], installments: paid ? [{ amount: paid, mode: 'cash' }] : [],
  });
  await bill(kids[0], 12500.5, 2500.25);
  await bill(kids[1], 1999.99, 1999.99);
  await bill(kids[2], 3000.1, 0);
  await db.insertInto('outbox_sms').values({ mobile: '9876543210', message: 'Hello', provider: 'outbox', status: 'recorded' }).execute();
});
afterAll(() => t?.close());

describe('admin dashboard', () => {
  it('counts the year\'s students, who is present today and who uses the app, per class', async () => {
    const d = await ok('GET /dashboard/admin/');
    expect(d.ac_year).toMatchObject({ id: year.id, name: '2026-27' });
    expect(d.cards.students).toEqual({ total_students: 3, present_students: 1, app_users: 1 });
    expect(d.students_graph).toEqual([
      { class_id: classA.id, class: '5', section: 'A', students: 2, present: 1 },
      { class_id: classB.id, class: '6', section: 'B', students: 1, present: 0 },
    ]);
    expect(d.cards.sms).toMatchObject({ today: 1, month: 1, total: 1 });
    // Admitted on 2026-06-01: in the latest admissions, not in this month's counts (unless it is that day).
    if (!today.startsWith('2026-06')) expect(d.admissions).toMatchObject({ today: 0, week: 0, month: 0 });
    expect(d.admissions.list.map((r: any) => r.fullname)).toEqual(['Chitra', 'Bala', 'Asha']);
    expect(d.latest_leads).toEqual([]);
    expect(d.latest_admission_applications).toEqual([]);
  });

  it('sums the year\'s fees to the paisa: total, paid, pending, who owes, collected today, the top defaulters', async () => {
    const d = await ok('GET /dashboard/admin/');
    expect(d.cards.fees).toEqual({ total_amount: 17500.59, paid_amount: 4500.24, discount_amount: 0, pending_amount: 13000.35 });
    expect(d.cards.fees_due_count).toBe(2);
    expect(d.cards.collected_today).toBe(4500.24);
    expect(d.top_defaulters.map((r: any) => [r.fullname, r.pending_amount, r.class])).toEqual([['Asha', 10000.25, '5'], ['Chitra', 3000.1, '6']]);
    // The month chart covers the year's twelve months; this month's bills and money are in it.
    expect(d.fees_graph.month).toHaveLength(12);
    expect(d.fees_graph.month[0].date).toBe('2026-04');
    const thisMonth = d.fees_graph.month.find((m: any) => m.date === today.slice(0, 7));
    expect(thisMonth).toEqual({ date: today.slice(0, 7), total_amount: 17500.59, paid_amount: 4500.24, discount_amount: 0 });
    // The day chart: the last 30 days, ending today.
    expect(d.fees_graph.day).toHaveLength(30);
    expect(d.fees_graph.day.at(-1)).toEqual({ date: today, total_amount: 17500.59, paid_amount: 4500.24, discount_amount: 0 });
  });

  it('shows another year when asked, and refuses a year that is not one', async () => {
    const d = await ok(`GET /dashboard/admin/?ac_year_id=${oldYear.id}`);
    expect(d.ac_year.id).toBe(oldYear.id);
    expect(d.cards.students.total_students).toBe(0);
    expect(d.cards.fees).toEqual({ total_amount: 0, paid_amount: 0, discount_amount: 0, pending_amount: 0 });
    expect(d.top_defaulters).toEqual([]);
    expect(d.fees_graph.month.every((m: any) => m.total_amount === 0)).toBe(true);
    const bad = await call('GET /dashboard/admin/?ac_year_id=abc');
    expect([bad.status, bad.body.error]).toEqual([400, 'Invalid academic year']);
    const missing = await call('GET /dashboard/admin/?ac_year_id=99999');
    expect([missing.status, missing.body.error]).toEqual([404, 'Academic year not found']);
  });

  it('is for admins; an admin without the fees module sees no fee figures', async () => {
    for (const who of ['1', '2', '5', '6', '7']) expect((await call('GET /dashboard/admin/', undefined, s.tokens[who])).status, who).toBe(403);
    const granted = await ok('GET /dashboard/admin/', undefined, s.tokens['3']);
    expect(granted.cards.fees.total_amount).toBe(17500.59);
    const none = await ok('GET /dashboard/admin/', undefined, s.tokens['admin-none']);
    expect(none.cards.students.total_students).toBe(3);
    expect([none.cards.fees, none.cards.fees_due_count, none.cards.collected_today, none.fees_graph, none.top_defaulters]).toEqual([null, null, null, null, null]);
  });
});
