/**
 * The event bus (src/server/framework/events.ts): what a module publishes inside its transaction
 * reaches the subscribers once the transaction has committed, with the committed rows in view,
 * and never when it rolls back; a failing subscriber does not undo the write it follows.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Ctx } from '../../src/server/framework/context.js';
import { installSubscribers, publish } from '../../src/server/framework/events.js';
import { installModules } from '../../src/server/framework/extensions.js';
import { inTransaction } from '../../src/server/framework/service.js';
import { SERVER_MODULES } from '../../src/server/installed.js';
import { createIntegrations } from '../../src/server/integrations/index.js';
import { admitStudent } from '../support/admit.js';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { createRecord } from '../support/samples.js';

let t: TestApp;
let s: TestSchool;
const seen: Array<{ date: string; notes: number; inTransaction: boolean }> = [];

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
});
afterAll(async () => {
  installModules(SERVER_MODULES);
  await t.close();
});
afterEach(() => {
  seen.length = 0;
  installModules(SERVER_MODULES);
});

const ctx = (): Ctx => ({
  db: schoolDb(t, s), school: { code: s.code, name: 'Test', schema: s.schema }, config: t.config, integrations: createIntegrations(t.config),
  user: { id: s.users['4']!, name: 'Super', email: null, username: null, mobile: null, role: 4 },
});
const note = (c: Ctx, title: string) => c.db.insertInto('notification').values({ user_id: null, title, body: '' }).execute();
const notes = async (c: Ctx, title: string) => (await c.db.selectFrom('notification').select('id').where('title', '=', title).execute()).length;

function listen(title: string) {
  installSubscribers([{
    event: 'attendance.taken',
    run: async (c, e) => { seen.push({ date: e.date, notes: await notes(c, title), inTransaction: c.db.isTransaction }); },
  }]);
}
const taken = (date: string) => ({ class_id: 1, ac_year_id: 1, date, absent: [] });

it('delivers after the commit, once, with the written rows in view, also from a nested transaction', async () => {
  listen('committed');
  await inTransaction(ctx(), async (tx) => {
    await note(tx, 'committed');
    await inTransaction(tx, (inner) => publish(inner, 'attendance.taken', taken('2026-07-01')));
    // Held while the transaction is open.
    expect(seen).toEqual([]);
  });
  expect(seen).toEqual([{ date: '2026-07-01', notes: 1, inTransaction: false }]);
});

it('drops what a rolled-back transaction published', async () => {
  listen('rolled back');
  await expect(inTransaction(ctx(), async (tx) => {
    await note(tx, 'rolled back');
    await publish(tx, 'attendance.taken', taken('2026-07-02'));
    throw new Error('refused');
  })).rejects.toThrow('refused');
  expect(seen).toEqual([]);
  expect(await notes(ctx(), 'rolled back')).toBe(0);
});

it('delivers at once outside a transaction, and keeps the write when a subscriber fails', async () => {
  listen('none');
  await publish(ctx(), 'attendance.taken', taken('2026-07-03'));
  expect(seen.map((e) => e.date)).toEqual(['2026-07-03']);
  installSubscribers([{ event: 'attendance.taken', run: () => { throw new Error('subscriber broke'); } }]);
  await inTransaction(ctx(), async (tx) => {
    await note(tx, 'kept');
    await publish(tx, 'attendance.taken', taken('2026-07-04'));
  });
  expect(await notes(ctx(), 'kept')).toBe(1);
});

it('refuses an event published in a transaction that would never deliver it', async () => {
  listen('raw');
  await expect(ctx().db.transaction().execute((trx) => publish({ ...ctx(), db: trx }, 'attendance.taken', taken('2026-07-05'))))
    .rejects.toThrow('outside a transaction opened by withTransaction');
});

it('fees publishes a bill it writes, to a subscriber that reads the bill', async () => {
  const bills: Array<{ total: string | undefined; student: number }> = [];
  installSubscribers([{
    event: 'fees.bill.created',
    run: async (c, e) => {
      const row = await c.db.selectFrom('fee_payment').select('total_amount').where('id', '=', e.bill_id).executeTakeFirst();
      bills.push({ total: row && String(Number(row.total_amount)), student: e.student_id });
    },
  }]);
  const year = await createRecord(t, s, 'acyears', { name: '2026-27', start_date: '2026-06-01', end_date: '2027-03-31' });
  const klass = await createRecord(t, s, 'classes', { class: '3', section: 'A' });
  const student = await admitStudent(t, s, s.tokens['4']!, { ac_year_id: year.id, class_id: klass.id }, 'events');
  const res = await t.call(s.code, 'PUT /fees/pay/', {
    student_id: student.id, ac_year_id: year.id, name: 'Term', amount_total: 1200, amount_paid: 0, discounts: 0,
    details: [{ fee_item_name: 'Tuition', amount: 1200, quantity: 1 }], installments: [],
  }, s.tokens['4']!);
  expect(res.body.success, res.body.error ?? '').toBe(true);
  expect(bills).toEqual([{ total: '1200', student: student.id }]);
});
