/**
 * The fee calls of spec 2 §5–§9 served by the fees ledger: fee settings, billing with totals
 * recomputed on the server, installments, refunds, discounts, deleting a bill, receipts with
 * their numbers, history, due alerts, who may do what, the audit of every change, and races.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putSetting } from '../../src/server/platform/settings.js';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { createRecord } from '../support/samples.js';
import { admitStudent } from '../support/admit.js';

let t: TestApp;
let s: TestSchool;
let other: TestSchool;
let admin: string;
let year: any, klass: any, tuition: any, books: any;
let aarav: any, diya: any;

const call = (c: string, body?: unknown, token = admin) => t.call(s.code, c, body, token);
const db = () => schoolDb(t, s);
const setFees = (v: Record<string, unknown>) => putSetting(db(), 'fees', v);

const admit = (overrides: Record<string, unknown> = {}) => admitStudent(t, s, admin, { ac_year_id: year.id, class_id: klass.id, ...overrides }, 'F');

/** A bill of two items: 2 × tuition ₹12,500.50 and 1 × books ₹1,999.99, total ₹27,000.99. */
const billBody = (student: any, paid: number, extra: Record<string, unknown> = {}) => ({
  student_id: student.id, ac_year_id: year.id, name: 'Term 1',
  amount_total: 27000.99, amount_paid: paid,
  details: [{ fee_item_id: tuition.id, amount: 12500.5, quantity: 2 }, { fee_item_id: books.id, amount: 1999.99, quantity: 1 }],
  installments: paid > 0 ? [{ amount: paid, mode: 'cash' }] : [],
  ...extra,
});

async function bill(student: any, paid: number, extra: Record<string, unknown> = {}) {
  const res = await call('PUT /fees/pay/', billBody(student, paid, extra));
  if (!res.body.success) throw new Error(`bill: ${res.body.error}`);
  return res.body.data as { payment_id: number; installment_id: number | null; receipt_no: number | null };
}

const receipt = async (id: number, token = admin) => (await call(`GET /fees/receipt/${id}/`, undefined, token)).body.data;
const paise = (n: number) => Math.round(n * 100);

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  other = await t.school();
  admin = s.tokens['4'];
  year = await createRecord(t, s, 'acyears', { name: '2026-27', start_date: '2026-06-01', end_date: '2027-03-31' });
  expect((await call(`PATCH /acyear/${year.id}/`, { action: 'start' })).body.success).toBe(true);
  klass = await createRecord(t, s, 'classes', { class: '5', section: 'A' });
  tuition = (await call('PUT /fees/items/', { name: 'Tuition', type: 1, amount: 12500.5 })).body.data;
  books = (await call('PUT /fees/items/', { name: 'Books', type: 2, amount: 1999.99 })).body.data;
  aarav = await admit({ fullname: 'Aarav Sharma', user_id: s.users['1'], mobile: '9811111111' });
  diya = await admit({ fullname: 'Diya Patel', mobile: '9822222222' });
  await setFees({ fee_discounts_enabled: '1', fee_partial_payment_enabled: '1' });
});
afterAll(() => t?.close());

describe('fee items', () => {
  it('adds, lists, updates and deletes with the spec messages; the amount is at least 0', async () => {
    const added = await call('PUT /fees/items/', { name: 'Sports', type: 4, amount: 0 });
    expect(added.body).toMatchObject({ success: true, message: 'New fee item added' });
    expect((await call('PUT /fees/items/', { name: 'Lab', type: 2, amount: -1 })).body.error).toBe('Amount must be at least 0');
    expect((await call('PUT /fees/items/', { name: 'Lab', type: 9, amount: 10 })).status).toBe(400);
    expect((await call(`POST /fees/item/${added.body.data.id}/`, { amount: 750.25 })).body).toMatchObject({ message: 'Fee Item Updated', data: { amount: 750.25 } });
    expect((await call('GET /fees/items/')).body.data.map((i: any) => i.name)).toEqual(expect.arrayContaining(['Tuition', 'Books', 'Sports']));
    expect((await call(`DELETE /fees/item/${added.body.data.id}/`)).body.message).toBe('Fee item deleted');
  });

  it('keeps a deleted item\'s name on the bills that used it', async () => {
    const item = (await call('PUT /fees/items/', { name: 'Excursion', type: 4, amount: 300 })).body.data;
    const b = (await call('PUT /fees/pay/', {
      student_id: diya.id, ac_year_id: year.id, amount_total: 300, amount_paid: 0, details: [{ fee_item_id: item.id, amount: 300, quantity: 1 }],
    })).body.data;
    expect((await call(`DELETE /fees/item/${item.id}/`)).body.success).toBe(true);
    expect((await receipt(b.payment_id)).details).toEqual([expect.objectContaining({ fee_item_id: null, fee_item_name: 'Excursion', amount: 300 })]);
  });
});

describe('fee settings', () => {
  it('are read by staff at /fees/settings/ and by everyone signed in at /settings/fees/, without secrets', async () => {
    const staff = await call('GET /fees/settings/');
    expect(staff.body.data).toMatchObject({ fee_discounts_enabled: '1', fee_partial_payment_enabled: '1', online_fee_payment_enabled: '0', fee_currency: 'INR' });
    expect(staff.body.data.payment_gateway_list.map((g: any) => g.value)).toEqual(['test', 'razorpay', 'paytm', 'easebuzz']);
    const parent = await call('GET /settings/fees/', undefined, s.tokens['1']);
    expect(parent.body.data).toEqual(staff.body.data);
    expect(JSON.stringify(parent.body.data)).not.toMatch(/secret/i);
    expect((await call('GET /fees/settings/', undefined, s.tokens['1'])).status).toBe(403);
    expect((await call('GET /fees/settings/', undefined, other.tokens['4'])).status).toBe(401);
  });
});

describe('billing', () => {
  it('bills two items with a partial payment; the server keeps its own total and gives a receipt number', async () => {
    const res = await call('PUT /fees/pay/', billBody(aarav, 10000));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Fees Paid');
    const r = await receipt(res.body.data.payment_id);
    expect(r.payment).toMatchObject({ total_amount: 27000.99, paid_amount: 10000, pending_amount: 17000.99, discount_amount: 0, name: 'Term 1', ac_year_name: '2026-27' });
    expect(r.details.map((d: any) => [d.fee_item_name, d.amount, d.quantity])).toEqual([['Tuition', 12500.5, 2], ['Books', 1999.99, 1]]);
    expect(r.installments).toEqual([expect.objectContaining({ paid_amount: 10000, mode: 'cash', kind: 'payment', receipt_no: res.body.data.receipt_no })]);
    expect(r.student).toMatchObject({ fullname: 'Aarav Sharma', class: '5', section: 'A' });
    expect(r.class).toMatchObject({ class: '5', section: 'A' });
    expect(r.school.school_name).toBeTruthy();
  });

  it('keeps the bill\'s name as typed (trimmed), and calls a bill sent without one Fees', async () => {
    const named = await bill(aarav, 0, { name: '  Term 2 ' });
    expect((await receipt(named.payment_id)).payment.name).toBe('Term 2');
    const { name: _n, ...unnamed } = billBody(aarav, 0);
    const res = await call('PUT /fees/pay/', unnamed);
    expect((await receipt(res.body.data.payment_id)).payment.name).toBe('Fees');
    const history = (await call(`GET /fees/history/${aarav.id}/`)).body.data.fees.map((f: any) => f.payment.name);
    expect(history).toEqual(expect.arrayContaining(['Term 2', 'Fees']));
  });

  it('refuses a total that does not add up, whatever the browser says', async () => {
    const res = await call('PUT /fees/pay/', billBody(aarav, 0, { amount_total: 27000.98 }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Bill total does not match its items');
    // A bill sent with a low total for expensive items is refused too.
    expect((await call('PUT /fees/pay/', billBody(aarav, 1, { amount_total: 1 }))).body.error).toBe('Bill total does not match its items');
  });

  it('counts transportation, miscellaneous and the discount in the total', async () => {
    const res = await call('PUT /fees/pay/', {
      student_id: diya.id, ac_year_id: year.id, amount_total: 12500.5 + 1500 + 250.25 - 1000, amount_paid: 13250.75, discounts: 1000,
      details: [{ fee_item_id: tuition.id, amount: 12500.5, quantity: 1 }, { fee_item_name: 'Transportation', amount: 1500, quantity: 1 }, { fee_item_name: 'Miscellaneous', amount: 250.25, quantity: 1 }],
      installments: [{ amount: 13250.75, mode: 'wallet' }],
    });
    expect(res.body.success).toBe(true);
    const r = await receipt(res.body.data.payment_id);
    expect(r.payment).toMatchObject({ total_amount: 13250.75, paid_amount: 13250.75, pending_amount: 0, discount_amount: 1000 });
    expect(r.details.map((d: any) => d.fee_item_name)).toEqual(['Tuition', 'Transportation', 'Miscellaneous']);
  });

  it('answers every message of spec 2 §5', async () => {
    const { installments: _i, ...noInstallments } = billBody(aarav, 100);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...billBody(aarav, 100), installments: [{ amount: 100 }] }, 'Please select payment mode'],
      [{ ...billBody(aarav, 100), installments: [{ amount: 100, mode: 'bitcoin' }] }, 'Please select payment mode'],
      [noInstallments, 'Please select payment mode'],
      [{ ...billBody(aarav, 0), ac_year_id: undefined }, 'Please select academic year'],
      [{ ...billBody(aarav, 0), amount_total: undefined }, 'Bill amount not calculated'],
      [{ ...billBody(aarav, 0), amount_paid: undefined }, 'Enter Amount'],
      [{ ...billBody(aarav, 0), amount_paid: -5 }, 'Enter Amount'],
      [billBody(aarav, 27001), 'Amount Paying can not be greater than Total Amount'],
      [{ ...billBody(aarav, 0), details: [{ fee_item_id: tuition.id, amount: 100, quantity: 6 }], amount_total: 600 }, 'Quantity must be from 1 to 5'],
      [{ ...billBody(aarav, 0), details: [{ amount: 100, quantity: 1 }], amount_total: 100 }, 'Please select a fee item'],
      [{ ...billBody(aarav, 0), details: [] }, 'Add at least one fee item'],
      [{ ...billBody(aarav, 0), amount_total: 27000.999 }, 'Bill amount not calculated'],
      [{ ...billBody(aarav, 0), discounts: 30000, amount_total: -2999.01 }, 'Bill amount not calculated'],
      [{ ...billBody(aarav, 0), discounts: 30000, amount_total: 0 }, 'Discount cannot be more than the bill amount'],
      [{ ...billBody(aarav, 0), ac_year_id: 999999 }, 'Academic year not found'],
      [{ ...billBody(aarav, 0), student_id: 999999 }, 'Student not found'],
      [{ ...billBody(aarav, 0), name: '' }, 'Bill name is required'],
      [{ ...billBody(aarav, 0), name: '   ' }, 'Bill name is required'],
      [{ ...billBody(aarav, 0), name: null }, 'Bill name is required'],
      [{ ...billBody(aarav, 0), name: 'x'.repeat(101) }, 'Bill name must be at most 100 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await call('PUT /fees/pay/', body);
      expect([res.status, res.body.error], JSON.stringify(body).slice(0, 200)).toEqual([400, message]);
    }
    expect(await db().selectFrom('fee_payment').select('id').where('student_id', '=', 999999).execute()).toEqual([]);
  });

  it('enforces the fee settings: no discount unless enabled, full payment unless partial payment is enabled', async () => {
    await setFees({ fee_discounts_enabled: '0', fee_partial_payment_enabled: '0' });
    try {
      const discounted = await call('PUT /fees/pay/', billBody(aarav, 26000.99, { discounts: 1000, amount_total: 26000.99 }));
      expect([discounted.status, discounted.body.error]).toEqual([403, 'Discounts are not enabled for this school']);
      const partial = await call('PUT /fees/pay/', billBody(aarav, 100));
      expect([partial.status, partial.body.error]).toEqual([403, 'Partial payment is not enabled for this school']);
      expect((await call('PUT /fees/pay/', billBody(aarav, 27000.99))).body.success).toBe(true);
      const b = await bill(aarav, 27000.99);
      expect((await call('PATCH /fees/pay/', { fee_payment_id: b.payment_id, discount_amount: 0 })).status).toBe(403);
    } finally {
      await setFees({ fee_discounts_enabled: '1', fee_partial_payment_enabled: '1' });
    }
  });
});

describe('installments and refunds', () => {
  it('pays installments up to the total and refunds up to what was paid, each with the next receipt number', async () => {
    const b = await bill(diya, 7000.99);
    const first = await call(`PUT /fees/pay/installment/${b.payment_id}/`, { amount: 10000, mode: 'card', account: 'HDFC' });
    expect(first.body).toMatchObject({ success: true, message: 'Fee Installment Paid', data: { payment_id: b.payment_id, receipt_no: b.receipt_no! + 1 } });
    const over = await call(`PUT /fees/pay/installment/${b.payment_id}/`, { amount: 10000.01, mode: 'cash' });
    expect([over.status, over.body.error]).toEqual([400, 'Amount Paying cannot be more than Amount Pending']);
    expect((await call(`PUT /fees/pay/installment/${b.payment_id}/`, { amount: 10000, mode: 'cash' })).body.data.receipt_no).toBe(b.receipt_no! + 2);
    expect((await receipt(b.payment_id)).payment).toMatchObject({ paid_amount: 27000.99, pending_amount: 0 });

    const refund = await call('PUT /fees/refund/', { payment_id: b.payment_id, amount_paid: 2500.5, mode: 'cheque', extras: { transaction_details: 'Cheque 004512' } });
    expect(refund.body).toMatchObject({ success: true, message: 'Refund Data Updated', data: { receipt_no: b.receipt_no! + 3 } });
    const r = await receipt(b.payment_id);
    expect(r.payment).toMatchObject({ paid_amount: 24500.49, pending_amount: 2500.5 });
    expect(r.installments.map((i: any) => [i.paid_amount, i.kind])).toEqual([[7000.99, 'payment'], [10000, 'installment'], [10000, 'installment'], [-2500.5, 'refund']]);
    expect(r.installments[3].extras).toEqual({ transaction_details: 'Cheque 004512' });
    const tooMuch = await call('PUT /fees/refund/', { payment_id: b.payment_id, amount_paid: 24500.5, mode: 'cash' });
    expect([tooMuch.status, tooMuch.body.error]).toEqual([400, 'Refund amount cannot be greater than amount paid']);
  });

  it('answers the installment and refund messages', async () => {
    const b = await bill(aarav, 0);
    const inst = (body: unknown) => call(`PUT /fees/pay/installment/${b.payment_id}/`, body);
    expect((await inst({ mode: 'cash' })).body.error).toBe('Amount must be entered');
    expect((await inst({ amount: 0, mode: 'cash' })).body.error).toBe('Amount must be entered');
    expect((await inst({ amount: 100 })).body.error).toBe('Please select payment mode');
    expect((await inst({ amount: 100, mode: 'cash', date: '2999-01-01' })).body.error).toBe('The installment date cannot be in the future');
    for (const bad of ['2026-02-29', '2026-06-31', '01-06-2026']) {
      const res = await inst({ amount: 100, mode: 'cash', date: bad });
      expect([res.status, res.body.error], bad).toEqual([400, 'Date must be a date (YYYY-MM-DD)']);
    }
    expect((await call('PUT /fees/pay/installment/999999/', { amount: 1, mode: 'cash' })).status).toBe(404);
    const refund = (body: unknown) => call('PUT /fees/refund/', { payment_id: b.payment_id, ...(body as object) });
    expect((await refund({ mode: 'cash' })).body.error).toBe('Refund amount is required!');
    expect((await refund({ amount_paid: 10, mode: 'cheque' })).body.error).toBe('Transaction Details is requried!');
    expect((await refund({ amount_paid: 10, mode: 'upi', extras: { transaction_details: '  ' } })).body.error).toBe('Transaction Details is requried!');
    expect((await refund({ amount_paid: 10, mode: 'cash' })).body.error).toBe('Refund amount cannot be greater than amount paid');
  });

  it('records a back-dated installment on its day', async () => {
    const b = await bill(aarav, 0);
    const res = await call(`PUT /fees/pay/installment/${b.payment_id}/`, { amount: 500, mode: 'transfer', date: '2026-07-15' });
    expect(res.body.success).toBe(true);
    const [i] = (await receipt(b.payment_id)).installments;
    expect(new Date(i.timestamp).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' })).toBe('2026-07-15');
  });
});

describe('discount and delete', () => {
  it('updates the discount and the total with it, never below what was paid', async () => {
    const b = await bill(diya, 20000);
    const res = await call('PATCH /fees/pay/', { fee_payment_id: b.payment_id, discount_amount: 1000.99 });
    expect(res.body).toMatchObject({ success: true, message: 'Fee Discount Updated' });
    expect((await receipt(b.payment_id)).payment).toMatchObject({ total_amount: 26000, discount_amount: 1000.99, pending_amount: 6000 });
    const below = await call('PATCH /fees/pay/', { fee_payment_id: b.payment_id, discount_amount: 7001 });
    expect([below.status, below.body.error]).toEqual([400, 'Discount cannot bring the total below the amount already paid']);
    expect((await call('PATCH /fees/pay/', { fee_payment_id: b.payment_id })).body.error).toBe('Discount is required!');
  });

  it("answers each bill's total before discount and pending, and the student's sums, so total − discount − paid = pending", async () => {
    const kid = await admit({ fullname: 'Sum Kid' });
    const discounted = await bill(kid, 0);
    await call(`PUT /fees/pay/installment/${discounted.payment_id}/`, { amount: 15000, mode: 'cash' });
    await call('PATCH /fees/pay/', { fee_payment_id: discounted.payment_id, discount_amount: 1500.5 });
    const plain = await bill(kid, 5000.25);
    // The bill's total is what is payable (the discount taken off); gross_amount is before it.
    expect((await receipt(discounted.payment_id)).payment).toMatchObject({
      gross_amount: 27000.99, discount_amount: 1500.5, total_amount: 25500.49, paid_amount: 15000, pending_amount: 10500.49,
    });
    const history = (await call(`GET /fees/history/${kid.id}/`)).body.data;
    for (const { payment: p } of history.fees) {
      expect(paise(p.gross_amount) - paise(p.discount_amount) - paise(p.paid_amount)).toBe(paise(p.pending_amount));
      expect(paise(p.gross_amount) - paise(p.discount_amount)).toBe(paise(p.total_amount));
    }
    expect(history.fees.map((f: any) => f.payment.id).sort()).toEqual([discounted.payment_id, plain.payment_id].sort());
    expect(history.totals).toEqual({ gross_amount: 54001.98, discount_amount: 1500.5, total_amount: 52501.48, paid_amount: 20000.25, pending_amount: 32501.23 });
  });

  it('deletes a bill with its lines and installments; its receipt numbers are never given again', async () => {
    const b = await bill(diya, 100);
    expect((await call(`DELETE /fees/pay/${b.payment_id}/`)).body).toMatchObject({ success: true, message: 'Fee Entry Deleted' });
    expect((await call(`GET /fees/receipt/${b.payment_id}/`)).status).toBe(404);
    expect(await db().selectFrom('fee_installment').select('id').where('payment_id', '=', b.payment_id).execute()).toEqual([]);
    expect(await db().selectFrom('fee_payment_detail').select('id').where('payment_id', '=', b.payment_id).execute()).toEqual([]);
    const next = await bill(diya, 1);
    expect(next.receipt_no).toBe(b.receipt_no! + 1);
  });

  it('leaves an audit record of who did what for every change to a bill', async () => {
    const b = await bill(diya, 100);
    await call(`PUT /fees/pay/installment/${b.payment_id}/`, { amount: 50, mode: 'cash' });
    await call('PUT /fees/refund/', { payment_id: b.payment_id, amount_paid: 20, mode: 'cash' });
    await call('PATCH /fees/pay/', { fee_payment_id: b.payment_id, discount_amount: 10 });
    await call(`DELETE /fees/pay/${b.payment_id}/`);
    const rows = await db().selectFrom('audit').select(['user_id', 'action', 'data', 'at']).where('resource', '=', 'fee-payments')
      .where('record_id', '=', String(b.payment_id)).orderBy('id').execute();
    expect(rows.map((r) => r.action)).toEqual(['create', 'payment', 'installment', 'refund', 'discount', 'remove']);
    expect(new Set(rows.map((r) => r.user_id))).toEqual(new Set([s.users['4']]));
    expect(rows[3]!.data).toMatchObject({ amount: -20, mode: 'cash' });
    expect(rows[5]!.data.installments).toHaveLength(3);
  });

  it('refuses to remove a student who has bills as a duplicate entry', async () => {
    const kid = await admit({ fullname: 'Billed Kid' });
    await bill(kid, 0);
    const res = await call(`DELETE /student/${kid.id}/1/`);
    expect([res.status, res.body.error]).toEqual([400, 'This student has fee bills; delete those bills first or give the student a TC']);
  });
});

describe('receipts and history for parents', () => {
  it('shows a parent their own child\'s history and receipts, and nothing of another family', async () => {
    const own = await bill(aarav, 500);
    const others = await bill(diya, 500);
    const parent = s.tokens['1'];
    const history = await call(`GET /fees/history/${aarav.id}/`, undefined, parent);
    expect(history.body.data.student).toMatchObject({ fullname: 'Aarav Sharma' });
    expect(history.body.data.fees.map((f: any) => f.payment.id)).toContain(own.payment_id);
    expect(history.body.data.fees[0].installments[0]).toHaveProperty('receipt_no');
    expect((await call(`GET /fees/receipt/${own.payment_id}/`, undefined, parent)).body.data.payment.id).toBe(own.payment_id);
    expect((await call(`GET /fees/history/${diya.id}/`, undefined, parent)).status).toBe(404);
    expect((await call(`GET /fees/receipt/${others.payment_id}/`, undefined, parent)).status).toBe(404);
  });

  it('lets no one but admins with the fees module bill, pay, refund, discount or delete', async () => {
    const b = await bill(aarav, 100);
    const attempts: Array<[string, unknown]> = [
      ['PUT /fees/pay/', billBody(aarav, 0)],
      [`PUT /fees/pay/installment/${b.payment_id}/`, { amount: 1, mode: 'cash' }],
      ['PUT /fees/refund/', { payment_id: b.payment_id, amount_paid: 1, mode: 'cash' }],
      ['PATCH /fees/pay/', { fee_payment_id: b.payment_id, discount_amount: 1 }],
      [`DELETE /fees/pay/${b.payment_id}/`, undefined],
      [`GET /fees/due/alert/${b.payment_id}/`, undefined],
      [`GET /fees/due/alert/${b.payment_id}/preview/`, undefined],
      ['POST /fees/due/alert/preview/', {}],
    ];
    for (const [c, body] of attempts) {
      for (const who of ['1', '2', '7', 'admin-none']) expect((await call(c, body, s.tokens[who])).status, `${who} ${c}`).toBe(403);
      expect((await call(c, body, other.tokens['4'])).status, c).toBe(401);
    }
    // Teachers and librarians read a student's fee records and receipts (spec 1 §6), and act on none.
    for (const who of ['2', '7']) {
      expect((await call(`GET /fees/history/${aarav.id}/`, undefined, s.tokens[who])).status, who).toBe(200);
      expect((await call(`GET /fees/receipt/${b.payment_id}/`, undefined, s.tokens[who])).status, who).toBe(200);
    }
    // Read-only admins read but cannot refund.
    expect((await call(`GET /fees/receipt/${b.payment_id}/`, undefined, s.tokens['admin-read'])).status).toBe(200);
    expect((await call('PUT /fees/refund/', { payment_id: b.payment_id, amount_paid: 1, mode: 'cash' }, s.tokens['admin-read'])).status).toBe(403);
    expect((await call(`GET /fees/due/alert/${b.payment_id}/`, undefined, s.tokens['admin-read'])).status).toBe(403);
    expect((await receipt(b.payment_id)).payment.paid_amount).toBe(100);
  });
});

describe('due alerts', () => {
  it('texts the pending amount to the student and SMS-enabled contacts while a balance remains', async () => {
    await call('PUT /student/contacts/', { student_id: diya.id, contact_name: 'Mr Patel', mobile: '9833333333', student_relation: 'Father', enable_sms: true });
    const b = await bill(diya, 20000);
    const before = (await db().selectFrom('outbox_sms').select('id').execute()).length;
    // The screen's confirmation first asks what would be sent; nothing goes out.
    const preview = await call(`GET /fees/due/alert/${b.payment_id}/preview/`);
    expect(preview.body.data).toEqual({ sms: 2, pending: 7000.99, fullname: 'Diya Patel', bill_name: 'Term 1' });
    expect((await db().selectFrom('outbox_sms').select('id').execute()).length).toBe(before);
    const res = await call(`GET /fees/due/alert/${b.payment_id}/`);
    expect(res.body).toMatchObject({ success: true, message: 'Alert SMS Sent', data: { sent: 2 } });
    const sms = await db().selectFrom('outbox_sms').selectAll().orderBy('id').offset(before).execute();
    expect(sms.map((m) => m.mobile).sort()).toEqual(['9822222222', '9833333333']);
    expect(sms[0]!.message).toContain('₹7,000.99 of Term 1 for Diya Patel is pending');
    // The school sees them in its SMS log, counted in today's card.
    const log = (await call('GET /reports/sms/')).body.data;
    expect(log.slice(0, 2).map((m: any) => m.to).sort()).toEqual(['9822222222', '9833333333']);
    expect(log[0]).toMatchObject({ message: sms[0]!.message, response: 'outbox: recorded' });
    const cards = (await call('GET /reports/sms/?card')).body.data;
    expect(cards.today).toBeGreaterThanOrEqual(2);
    expect(cards).toMatchObject({ week: expect.any(Number), month: expect.any(Number), total: before + 2 });
    expect((await call('GET /reports/sms/', undefined, s.tokens['2'])).status).toBe(403);
    await call(`PUT /fees/pay/installment/${b.payment_id}/`, { amount: 7000.99, mode: 'cash' });
    const paid = await call(`GET /fees/due/alert/${b.payment_id}/`);
    expect([paid.status, paid.body.error]).toEqual([400, 'Nothing is pending on this bill']);
    expect((await call(`GET /fees/due/alert/${b.payment_id}/preview/`)).body.error).toBe('Nothing is pending on this bill');
  });

  it('texts every family with a balance in the year, after saying how many SMS to how many families', async () => {
    // A second child of a family (one mobile) with dues: one more SMS, no more families.
    const body = { ac_year_id: year.id, class_id: klass.id };
    await bill(await admit({ fullname: 'Elder Rao', mobile: '9855555555' }), 0);
    const one = (await call('POST /fees/due/alert/preview/', body)).body.data;
    await bill(await admit({ fullname: 'Younger Rao', mobile: '9855555555' }), 0);
    const two = (await call('POST /fees/due/alert/preview/', body)).body.data;
    expect(two).toEqual({ sms: one.sms + 1, families: one.families, students: one.students + 1 });
    const before = (await db().selectFrom('outbox_sms').select('id').execute()).length;
    const preview = await call('POST /fees/due/alert/preview/', { ac_year_id: year.id, class_id: klass.id });
    expect((await db().selectFrom('outbox_sms').select('id').execute()).length).toBe(before);
    const res = await call('POST /fees/due/alert/', { ac_year_id: year.id, class_id: klass.id });
    const sent = (await db().selectFrom('outbox_sms').select('id').execute()).length - before;
    expect(preview.body.data).toEqual({ sms: sent, families: res.body.data.families, students: res.body.data.students });
    expect(res.body.data.sent).toBe(sent);
    const owing = await db().selectFrom('fee_payment as p').innerJoin('student as s', 's.id', 'p.student_id').select('s.mobile').distinct()
      .where('p.ac_year_id', '=', year.id).whereRef('p.total_amount', '>', 'p.paid_amount').execute();
    expect(res.body.data.families).toBe(owing.length);
    expect((await call('POST /fees/due/alert/preview/', { class_id: 999999 })).status).toBe(400);
    expect(res.body.success).toBe(true);
    const pending = await db().selectFrom('fee_payment').select('student_id').distinct()
      .where('ac_year_id', '=', year.id).whereRef('total_amount', '>', 'paid_amount').execute();
    expect(res.body.data.students).toBe(pending.length);
    expect((await call('POST /fees/due/alert/', { class_id: 999999 })).status).toBe(400);
    expect((await call('POST /fees/due/alert/', undefined, s.tokens['2'])).status).toBe(403);
  });
});

describe('races', () => {
  it('20 simultaneous installments never push paid above the total', async () => {
    const b = await bill(diya, 0); // total ₹27,000.99
    const results = await Promise.all(Array.from({ length: 20 }, () => call(`PUT /fees/pay/installment/${b.payment_id}/`, { amount: 2000, mode: 'cash' })));
    const okCount = results.filter((r) => r.body.success).length;
    expect(okCount).toBe(13);
    expect(results.filter((r) => !r.body.success).every((r) => r.body.error === 'Amount Paying cannot be more than Amount Pending')).toBe(true);
    const r = await receipt(b.payment_id);
    expect(r.payment.paid_amount).toBe(26000);
    expect(paise(r.payment.paid_amount)).toBe(r.installments.reduce((sum: number, i: any) => sum + paise(i.paid_amount), 0));
    expect(new Set(r.installments.map((i: any) => i.receipt_no)).size).toBe(13);
  });

  it('20 simultaneous refunds never refund more than was paid', async () => {
    const b = await bill(diya, 5000);
    const results = await Promise.all(Array.from({ length: 20 }, () => call('PUT /fees/refund/', { payment_id: b.payment_id, amount_paid: 300, mode: 'cash' })));
    expect(results.filter((r) => r.body.success)).toHaveLength(16);
    const r = await receipt(b.payment_id);
    expect(r.payment.paid_amount).toBe(200);
    expect(paise(r.payment.paid_amount)).toBe(r.installments.reduce((sum: number, i: any) => sum + paise(i.paid_amount), 0));
  });

  it('gives every payment its own receipt number, one after the other, across bills paid at once', async () => {
    const bills = await Promise.all([bill(aarav, 0), bill(diya, 0)]);
    const paid = await Promise.all(bills.flatMap((b) => Array.from({ length: 5 }, () => call(`PUT /fees/pay/installment/${b.payment_id}/`, { amount: 1, mode: 'cash' }))));
    const numbers = paid.map((r) => r.body.data.receipt_no as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => numbers[0]! + i));
    const all = (await db().selectFrom('fee_installment').select('receipt_no').execute()).map((r) => r.receipt_no);
    expect(new Set(all).size).toBe(all.length);
  });

  it('keeps every bill\'s paid amount equal to the sum of its installments', async () => {
    const rows = await db().selectFrom('fee_payment as p')
      .select(['p.id', 'p.paid_amount', (eb) => eb.selectFrom('fee_installment as i').select((e) => e.fn.coalesce(e.fn.sum('i.paid_amount'), e.lit(0)).as('s')).whereRef('i.payment_id', '=', 'p.id').as('sum')])
      .execute();
    for (const r of rows) expect(paise(Number(r.sum)), `bill ${r.id}`).toBe(paise(r.paid_amount));
  });
});
