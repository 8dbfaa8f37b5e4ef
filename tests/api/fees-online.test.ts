/**
 * Online fee payment (spec 4 "Online fee payment", issue 4 item 7): the order (PUT /fees/online/pay/)
 * with every message, the result (POST /fees/online/pay/) through the test gateway and through
 * Razorpay against a local stand-in of its Orders API, Razorpay's webhook over the raw body, a
 * payment id credited once however often its result arrives, parents limited to their own
 * children, the stored order amount as the only amount ever credited, and the operator's
 * fee-settings command.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/framework/passwords.js';
import { changeFeeSettings, describeFeeSettings } from '../../src/server/modules/fees/online-settings.js';
import { putSetting } from '../../src/server/platform/settings.js';
import { openTestSchool, PASSWORD, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { createRecord } from '../support/samples.js';
import { admitStudent } from '../support/admit.js';

let t: TestApp;
let s: TestSchool;
let admin: string;
let parent: string;
let otherParent: string;
let year: any, klass: any, tuition: any;
let aarav: any;

const call = (c: string, body?: unknown, token = parent) => t.call(s.code, c, body, token);
const db = () => schoolDb(t, s);
const hmac = (secret: string, data: string | Buffer) => crypto.createHmac('sha256', secret).update(data).digest('hex');

const ALL_GATEWAYS = [
  { value: 'test', name: 'Test Gateway (no real money)', enabled: true },
  { value: 'razorpay', name: 'Razorpay', enabled: true },
  { value: 'paytm', name: 'Paytm', enabled: false },
  { value: 'easebuzz', name: 'Easebuzz', enabled: true },
];
const CHARGES = { tdr_amount: 0, tdr_rate: 2, tdr_tax_rate: 18 };
const onlineOn = (extra: Record<string, unknown> = {}) => putSetting(db(), 'fees', {
  fee_partial_payment_enabled: '1', online_fee_payment_enabled: '1', payment_gateway_list: ALL_GATEWAYS,
  razorpay_gateway_details: CHARGES, ...extra,
});
const RZP = { key_id: 'rzp_test_K3yId', key_secret: 'rzp_s3cret_value', webhook_secret: 'wh_s3cret' };

// A stand-in of Razorpay's Orders API on this machine: records each request, answers like Razorpay.
const rzpRequests: Array<{ auth: string | undefined; body: any }> = [];
let rzpFails = false;
let rzpOrders = 0;
const rzpServer = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => { raw += c; });
  req.on('end', () => {
    const body = raw ? JSON.parse(raw) : null;
    rzpRequests.push({ auth: req.headers.authorization, body });
    res.setHeader('content-type', 'application/json');
    if (req.method !== 'POST' || req.url !== '/v1/orders' || rzpFails) {
      res.statusCode = rzpFails ? 500 : 404;
      res.end(JSON.stringify({ error: { code: 'SERVER_ERROR', description: 'Stand-in refused' } }));
      return;
    }
    res.end(JSON.stringify({ id: `order_Fake${++rzpOrders}`, entity: 'order', amount: body.amount, currency: body.currency, receipt: body.receipt, status: 'created' }));
  });
});

const admit = (overrides: Record<string, unknown>) => admitStudent(t, s, admin, { ac_year_id: year.id, class_id: klass.id, ...overrides }, 'OP');

/** A pending bill made by the admin: one tuition line of the given rupees, nothing paid. */
async function pendingBill(student: any, rupees: number): Promise<number> {
  const res = await t.call(s.code, 'PUT /fees/pay/', {
    student_id: student.id, ac_year_id: year.id, name: 'Term fee', amount_total: rupees, amount_paid: 0,
    details: [{ fee_item_id: tuition.id, amount: rupees, quantity: 1 }], installments: [],
  }, admin);
  if (!res.body.success) throw new Error(`bill: ${res.body.error}`);
  return res.body.data.payment_id;
}

const receipt = async (billId: number) => (await t.call(s.code, `GET /fees/receipt/${billId}/`, undefined, admin)).body.data;
const installmentsOf = (billId: number) => db().selectFrom('fee_installment').selectAll().where('payment_id', '=', billId).execute();
const orderRow = (id: number) => db().selectFrom('fee_order').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Order → test page → signed outcome, as the test gateway's page does it. */
async function testOrder(billId: number, amount: number, token = parent) {
  const order = await call('PUT /fees/online/pay/', { amount, payment_mode: 'test', fee_id: billId }, token);
  expect(order.body.success, order.body.error ?? '').toBe(true);
  return order.body.data;
}
async function testOutcome(orderId: string, outcome: 'success' | 'failure' | 'cancel', token = parent) {
  const res = await call(`POST /fees/online/test/${orderId}/`, { outcome }, token);
  expect(res.body.success, res.body.error ?? '').toBe(true);
  return res.body.data;
}

beforeAll(async () => {
  await new Promise<void>((r) => rzpServer.listen(0, '127.0.0.1', r));
  process.env.RAZORPAY_API_URL = `http://127.0.0.1:${(rzpServer.address() as AddressInfo).port}`;
  ({ t, s } = await openTestSchool());
  delete process.env.RAZORPAY_API_URL;
  admin = s.tokens['4'];
  parent = s.tokens['1'];
  // A second family in the same school.
  const other = await db().insertInto('user').values({
    name: 'Other parent', email: `other-parent@${s.code.toLowerCase()}.test`, mobile: '9800000002', username: '9800000002', role: 1,
    password_hash: await hashPassword(PASSWORD),
  }).returning('id').executeTakeFirstOrThrow();
  otherParent = (await t.call(s.code, 'POST /login/', { email: `other-parent@${s.code.toLowerCase()}.test`, password: PASSWORD })).body.data.token;
  year = await createRecord(t, s, 'acyears', { name: '2026-27', start_date: '2026-06-01', end_date: '2027-03-31' });
  expect((await t.call(s.code, `PATCH /acyear/${year.id}/`, { action: 'start' }, admin)).body.success).toBe(true);
  klass = await createRecord(t, s, 'classes', { class: '6', section: 'A' });
  tuition = (await t.call(s.code, 'PUT /fees/items/', { name: 'Tuition', type: 1, amount: 5000 }, admin)).body.data;
  aarav = await admit({ fullname: 'Aarav Sharma', user_id: s.users['1'], mobile: '9811111111' });
  // Another family's child in the same school.
  await admit({ fullname: 'Kabir Singh', user_id: other.id, mobile: '9822222222' });
  await putSetting(db(), 'fees_gateway_secrets', { razorpay: RZP });
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => rzpServer.close(r));
});

describe('creating the order (PUT /fees/online/pay/)', () => {
  it("answers 'Online fee payment not enabled' while the school's fee settings say so", async () => {
    const bill = await pendingBill(aarav, 1000);
    await putSetting(db(), 'fees', { online_fee_payment_enabled: '0', payment_gateway_list: ALL_GATEWAYS });
    const res = await call('PUT /fees/online/pay/', { amount: 100, payment_mode: 'test', fee_id: bill });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Online fee payment not enabled');
    await onlineOn();
  });

  it('answers every message of spec 4 for the amount, the mode and the gateway', async () => {
    await onlineOn();
    const bill = await pendingBill(aarav, 1000);
    const error = async (body: Record<string, unknown>) => (await call('PUT /fees/online/pay/', { fee_id: bill, ...body })).body.error;
    expect(await error({ payment_mode: 'test' })).toBe('Amount must be entered');
    expect(await error({ amount: 0, payment_mode: 'test' })).toBe('Amount must be entered');
    expect(await error({ amount: '', payment_mode: 'test' })).toBe('Amount must be entered');
    expect(await error({ amount: -5, payment_mode: 'test' })).toBe('Amount must be entered');
    // Beyond the paisa is refused, never rounded; paise themselves are taken exactly (below).
    expect(await error({ amount: 10.555, payment_mode: 'test' })).toBe('Amount can have at most 2 decimal places (paise)');
    expect(await error({ amount: '10.555', payment_mode: 'test' })).toBe('Amount can have at most 2 decimal places (paise)');
    expect(await error({ amount: 1000.01, payment_mode: 'test' })).toBe('Amount Paying cannot be more than Amount Pending');
    expect(await error({ amount: 100 })).toBe('Please select payment mode');
    expect(await error({ amount: 100, payment_mode: '' })).toBe('Please select payment mode');
    expect(await error({ amount: 100, payment_mode: 'bitcoin' })).toBe('Payment gateway not found');
    // Paytm is listed but disabled; Easebuzz is enabled but the school has no keys for it.
    expect(await error({ amount: 100, payment_mode: 'paytm' })).toBe('Payment gateway not found');
    expect(await error({ amount: 100, payment_mode: 'easebuzz' })).toBe('Payment gateway not found');
    expect(await error({ amount: 1001, payment_mode: 'test' })).toBe('Amount Paying cannot be more than Amount Pending');
    // The amount as the browser's integer parse sends it, as text.
    const ok = await call('PUT /fees/online/pay/', { amount: '1000', payment_mode: 'test', fee_id: bill });
    expect(ok.body.success).toBe(true);
    expect(ok.body.data).toMatchObject({ amount: 1000, total_amount: 100000 });
  });

  it('takes an amount with paise exactly, from the order to the ledger', async () => {
    await onlineOn();
    const bill = await pendingBill(aarav, 1000.75);
    const res = await call('PUT /fees/online/pay/', { amount: 1000.75, payment_mode: 'test', fee_id: bill });
    expect(res.body.data).toMatchObject({ amount: 1000.75, total_amount: 100075 });
    const order = await db().selectFrom('fee_order').select('amount').where('order_id', '=', res.body.data.order_id).executeTakeFirstOrThrow();
    expect(Number(order.amount)).toBe(1000.75);
    const text = await call('PUT /fees/online/pay/', { amount: '0.75', payment_mode: 'test', fee_id: bill });
    expect(text.body.data).toMatchObject({ amount: 0.75, total_amount: 75 });
    const paid = await call('POST /fees/online/pay/', { order_id: res.body.data.order_id, fee_id: bill, mode: 'test', result: await testOutcome(res.body.data.order_id, 'success') });
    expect(paid.body.data).toMatchObject({ status: 'TXN_SUCCESS', amount: 1000.75 });
    expect((await receipt(bill)).payment).toMatchObject({ paid_amount: 1000.75 });
  });

  it("gives the test gateway's order with the spec's fields and its page", async () => {
    await onlineOn();
    const bill = await pendingBill(aarav, 2500);
    const res = await call('PUT /fees/online/pay/', { amount: 1200, payment_mode: 'test', fee_id: bill });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({
      payment_mode: 'test', fee_id: bill, total_amount: 120000, amount: 1200, currency: 'INR',
      student_name: 'Aarav Sharma', email: `parent@${s.code.toLowerCase()}.test`, mobile: '9800000001', environment: 'test',
      razorpay_key_id: null, access_key: null, tdr_rate: 0,
    });
    expect(d.order_id).toMatch(/^test_order_/);
    expect(d.page).toBe(`/fees/online/test-gateway/${d.order_id}`);
    for (const k of ['key', 'order_id', 'total_amount', 'razorpay_key_id', 'access_key', 'environment', 'student_name', 'email', 'mobile', 'id', 'fee_id']) expect(d).toHaveProperty(k);
    const stored = await orderRow(d.id);
    expect(stored).toMatchObject({ payment_id: bill, student_id: aarav.id, user_id: s.users['1'], gateway: 'test', order_id: d.order_id, status: 'created' });
    expect(Number(stored.amount)).toBe(1200);
    // The test gateway's secret was made on first use and is never sent.
    const secrets = (await db().selectFrom('setting').select('value').where('key', '=', 'fees_gateway_secrets').executeTakeFirstOrThrow()).value;
    expect(secrets.test.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(res.body)).not.toContain(secrets.test.secret);
    expect((await t.call(s.code, 'GET /fees/settings/', undefined, admin)).body.data).not.toHaveProperty('fees_gateway_secrets');
  });

  it("answers 404 for another family's bill, and refuses staff on the parents' calls", async () => {
    await onlineOn();
    const bill = await pendingBill(aarav, 1000);
    const foreign = await call('PUT /fees/online/pay/', { amount: 100, payment_mode: 'test', fee_id: bill }, otherParent);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('Bill not found');
    expect((await call('PUT /fees/online/pay/', { amount: 100, payment_mode: 'test', fee_id: 999999 })).status).toBe(404);
    const order = await testOrder(bill, 100);
    for (const who of ['2', '3', '4', 'admin-read']) {
      const token = s.tokens[who];
      expect((await call('PUT /fees/online/pay/', { amount: 100, payment_mode: 'test', fee_id: bill }, token)).status).toBe(403);
      expect((await call('POST /fees/online/pay/', { order_id: order.order_id, fee_id: bill, mode: 'test', result: {} }, token)).status).toBe(403);
      expect((await call(`GET /fees/online/test/${order.order_id}/`, undefined, token)).status).toBe(403);
      expect((await call(`POST /fees/online/test/${order.order_id}/`, { outcome: 'success' }, token)).status).toBe(403);
    }
    expect((await call('PUT /fees/online/pay/', { amount: 100, payment_mode: 'test', fee_id: bill }, '')).status).toBe(401);
  });
});

describe('paying through the test gateway', () => {
  it('shows the order on the test page, then credits a signed success once with its receipt', async () => {
    await onlineOn();
    const bill = await pendingBill(aarav, 3000);
    const order = await testOrder(bill, 1800);
    const page = await call(`GET /fees/online/test/${order.order_id}/`);
    expect(page.body.data).toMatchObject({ order_id: order.order_id, fee_id: bill, amount: 1800, status: 'created', bill_name: 'Term fee', student_name: 'Aarav Sharma' });
    // Another family can neither see nor complete it.
    expect((await call(`GET /fees/online/test/${order.order_id}/`, undefined, otherParent)).status).toBe(404);
    expect((await call(`POST /fees/online/test/${order.order_id}/`, { outcome: 'success' }, otherParent)).status).toBe(404);
    expect((await call(`POST /fees/online/test/${order.order_id}/`, { outcome: 'maybe' })).body.error).toBe('Choose Pay, Fail or Cancel');

    const result = await testOutcome(order.order_id, 'success');
    expect(result).toMatchObject({ order_id: order.order_id, status: 'success', amount: 180000 });
    const paid = await call('POST /fees/online/pay/', { order_id: order.order_id, fee_id: bill, mode: 'test', result });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'TXN_SUCCESS', order_id: order.order_id, amount: 1800, payment_id: result.payment_id });
    expect(paid.body.data.installment_id).toEqual(expect.any(Number));
    expect(paid.body.data.receipt_no).toEqual(expect.any(Number));

    const r = await receipt(bill);
    expect(r.payment).toMatchObject({ total_amount: 3000, paid_amount: 1800, pending_amount: 1200 });
    expect(r.installments).toEqual([expect.objectContaining({ id: paid.body.data.installment_id, paid_amount: 1800, mode: 'test', kind: 'online', receipt_no: paid.body.data.receipt_no })]);
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid', gateway_payment_id: result.payment_id, installment_id: paid.body.data.installment_id });
    const trail = await db().selectFrom('audit').select(['user_id', 'action', 'data']).where('resource', '=', 'fee-payments').where('record_id', '=', String(bill)).execute();
    expect(trail).toEqual(expect.arrayContaining([expect.objectContaining({ user_id: s.users['1'], action: 'online' })]));
    const orderTrail = await db().selectFrom('audit').select(['user_id', 'action']).where('resource', '=', 'fee-orders').where('record_id', '=', String(order.id)).orderBy('id').execute();
    expect(orderTrail).toEqual([{ user_id: s.users['1'], action: 'create' }, { user_id: s.users['1'], action: 'paid' }]);

    // The same result again (by order id or by our order's id): the same receipt, nothing more credited.
    const again = await call('POST /fees/online/pay/', { id: order.id, fee_id: bill, mode: 'test', result });
    expect(again.body.data).toMatchObject({ status: 'TXN_SUCCESS', installment_id: paid.body.data.installment_id, receipt_no: paid.body.data.receipt_no });
    expect(await installmentsOf(bill)).toHaveLength(1);
    expect((await call(`POST /fees/online/test/${order.order_id}/`, { outcome: 'success' })).body.error).toBe('This order is already paid');
  });

  it('credits 20 simultaneous posts of one result exactly once', async () => {
    await onlineOn();
    const bill = await pendingBill(aarav, 900);
    const order = await testOrder(bill, 900);
    const result = await testOutcome(order.order_id, 'success');
    const answers = await Promise.all(Array.from({ length: 20 }, () =>
      call('POST /fees/online/pay/', { order_id: order.order_id, fee_id: bill, mode: 'test', result })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const receipts = new Set(answers.map((a) => a.body.data.receipt_no));
    expect(answers.every((a) => a.body.data.status === 'TXN_SUCCESS')).toBe(true);
    expect(receipts.size).toBe(1);
    const rows = await installmentsOf(bill);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.paid_amount)).toBe(900);
    expect((await receipt(bill)).payment).toMatchObject({ paid_amount: 900, pending_amount: 0 });
  });

  it("answers TXN_FAILED for a failure or a cancel and credits nothing; the order may still be paid after", async () => {
    await onlineOn();
    const bill = await pendingBill(aarav, 700);
    const order = await testOrder(bill, 700);
    const failed = await call('POST /fees/online/pay/', { order_id: order.order_id, fee_id: bill, mode: 'test', result: await testOutcome(order.order_id, 'failure') });
    expect(failed.body.data).toMatchObject({ status: 'TXN_FAILED', order_id: order.order_id, amount: 700, installment_id: null, receipt_no: null, cancelled: false });
    expect((await orderRow(order.id)).status).toBe('failed');
    const cancelled = await call('POST /fees/online/pay/', { order_id: order.order_id, fee_id: bill, mode: 'test', result: await testOutcome(order.order_id, 'cancel') });
    expect(cancelled.body.data).toMatchObject({ status: 'TXN_FAILED', cancelled: true });
    expect(await installmentsOf(bill)).toHaveLength(0);
    const paid = await call('POST /fees/online/pay/', { order_id: order.order_id, fee_id: bill, mode: 'test', result: await testOutcome(order.order_id, 'success') });
    expect(paid.body.data.status).toBe('TXN_SUCCESS');
    expect(await installmentsOf(bill)).toHaveLength(1);
  });

  it('refuses a tampered result; the amount credited is always the stored order amount', async () => {
    await onlineOn();
    const bill = await pendingBill(aarav, 5000);
    const small = await testOrder(bill, 100);
    const large = await testOrder(bill, 2000);
    const smallPaid = await testOutcome(small.order_id, 'success');
    const post = (order: any, result: unknown) => call('POST /fees/online/pay/', { order_id: order.order_id, fee_id: bill, mode: 'test', result });
    const refused = 'The payment result could not be verified';
    expect((await post(small, { ...smallPaid, amount: 500000 })).body.error).toBe(refused);
    expect((await post(small, { ...smallPaid, signature: hmac('guess', 'x') })).body.error).toBe(refused);
    const failure = await testOutcome(small.order_id, 'failure');
    expect((await post(small, { ...failure, status: 'success' })).body.error).toBe(refused);
    // A ₹100 order's result used for the ₹2,000 order, even when it is relabelled with that order's id.
    expect((await post(large, smallPaid)).body.error).toBe(refused);
    expect((await post(large, { ...smallPaid, order_id: large.order_id, amount: 200000 })).body.error).toBe(refused);
    expect((await post(small, 'not a result')).body.error).toBe(refused);
    expect(await installmentsOf(bill)).toHaveLength(0);
    // The genuine result credits the stored order's ₹100; no figure from the browser is used.
    expect((await post(small, smallPaid)).body.data).toMatchObject({ status: 'TXN_SUCCESS', amount: 100 });
    expect((await receipt(bill)).payment.paid_amount).toBe(100);
    // Orders are found only among the parent's own, for the bill and gateway named.
    expect((await call('POST /fees/online/pay/', { order_id: large.order_id, fee_id: bill, mode: 'test', result: smallPaid }, otherParent)).status).toBe(404);
    expect((await call('POST /fees/online/pay/', { order_id: large.order_id, fee_id: bill + 1, mode: 'test', result: smallPaid })).status).toBe(404);
    expect((await call('POST /fees/online/pay/', { order_id: large.order_id, fee_id: bill, mode: 'bitcoin', result: smallPaid })).body.error).toBe('Payment gateway not found');
  });

  it('refuses to credit more than is pending when two orders for the whole amount are both paid', async () => {
    await onlineOn();
    const bill = await pendingBill(aarav, 600);
    const first = await testOrder(bill, 600);
    const second = await testOrder(bill, 600);
    const ok = await call('POST /fees/online/pay/', { order_id: first.order_id, fee_id: bill, mode: 'test', result: await testOutcome(first.order_id, 'success') });
    expect(ok.body.data.status).toBe('TXN_SUCCESS');
    const late = await testOutcome(second.order_id, 'success');
    const res = await call('POST /fees/online/pay/', { order_id: second.order_id, fee_id: bill, mode: 'test', result: late });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Amount Paying cannot be more than Amount Pending');
    expect((await receipt(bill)).payment).toMatchObject({ total_amount: 600, paid_amount: 600 });
    const kept = await orderRow(second.id);
    expect(kept.status).toBe('failed');
    expect(kept.extras.refund_due).toMatchObject({ payment_id: late.payment_id });
    const keptTrail = await db().selectFrom('audit').select('action').where('resource', '=', 'fee-orders').where('record_id', '=', String(second.id)).orderBy('id').execute();
    expect(keptTrail.map((a) => a.action)).toEqual(['create', 'refund-due']);
    // The school sees the payment it owes back on the bill, and so does the parent.
    for (const token of [s.tokens['4'], s.tokens['1']]) {
      const history = (await t.call(s.code, `GET /fees/history/${aarav.id}/`, undefined, token)).body.data;
      const record = history.fees.find((f: any) => f.payment.id === bill);
      expect(record.refunds_due).toEqual([expect.objectContaining({ order_id: second.order_id, gateway: 'test', amount: 600, gateway_payment_id: late.payment_id })]);
    }
    // And a new order is refused while nothing is pending.
    expect((await call('PUT /fees/online/pay/', { amount: 1, payment_mode: 'test', fee_id: bill })).body.error).toBe('Amount Paying cannot be more than Amount Pending');
  });
});

describe('paying through Razorpay', () => {
  async function rzpOrder(bill: number, amount: number) {
    const res = await call('PUT /fees/online/pay/', { amount, payment_mode: 'razorpay', fee_id: bill });
    expect(res.body.success, res.body.error ?? '').toBe(true);
    return res.body.data;
  }
  const webhook = (body: string, signature: string) => t.app.inject({
    method: 'POST', url: `/api/${s.code}/fees/online/webhook/razorpay/`,
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature }, payload: body,
  });
  const capturedEvent = (orderId: string, paymentId: string, amountPaise: number) => JSON.stringify({
    entity: 'event', event: 'payment.captured',
    payload: { payment: { entity: { id: paymentId, entity: 'payment', amount: amountPaise, currency: 'INR', status: 'captured', order_id: orderId } } },
  });

  it("creates the order through Razorpay's Orders API with the school's keys, in paise", async () => {
    await onlineOn();
    const bill = await pendingBill(aarav, 4000);
    const before = rzpRequests.length;
    const d = await rzpOrder(bill, 1500);
    const sent = rzpRequests[before]!;
    expect(sent.auth).toBe(`Basic ${Buffer.from(`${RZP.key_id}:${RZP.key_secret}`).toString('base64')}`);
    expect(sent.body).toMatchObject({ amount: 150000, currency: 'INR' });
    expect(d).toMatchObject({ payment_mode: 'razorpay', razorpay_key_id: RZP.key_id, key: RZP.key_id, order_id: `order_Fake${rzpOrders}`, total_amount: 150000, tdr_rate: 2, page: null });
    expect(JSON.stringify(d)).not.toContain(RZP.key_secret);
  });

  it("reports Razorpay's refusal and stores no order", async () => {
    await onlineOn();
    const bill = await pendingBill(aarav, 4000);
    rzpFails = true;
    const res = await call('PUT /fees/online/pay/', { amount: 100, payment_mode: 'razorpay', fee_id: bill });
    rzpFails = false;
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('Razorpay did not create the order: Stand-in refused');
    expect(await db().selectFrom('fee_order').select('id').where('payment_id', '=', bill).execute()).toHaveLength(0);
  });

  it('credits a checkout result signed over the stored order id, never over the one sent back', async () => {
    await onlineOn();
    const bill = await pendingBill(aarav, 4000);
    const a = await rzpOrder(bill, 1000);
    const b = await rzpOrder(bill, 3000);
    const post = (order: any, result: unknown) => call('POST /fees/online/pay/', { order_id: order.order_id, fee_id: bill, mode: 'razorpay', result });
    // Paid ₹1,000 on order a; posted as order b (naming b, with a's genuine signature): refused.
    const sigA = hmac(RZP.key_secret, `${a.order_id}|pay_Aaa111`);
    expect((await post(b, { razorpay_payment_id: 'pay_Aaa111', razorpay_order_id: a.order_id, razorpay_signature: sigA })).body.error).toBe('The payment result could not be verified');
    expect((await post(a, { razorpay_payment_id: 'pay_Aaa111', razorpay_order_id: a.order_id, razorpay_signature: hmac('wrong', `${a.order_id}|pay_Aaa111`) })).status).toBe(400);
    const ok = await post(a, { razorpay_payment_id: 'pay_Aaa111', razorpay_order_id: 'order_Ignored', razorpay_signature: sigA });
    expect(ok.body.data).toMatchObject({ status: 'TXN_SUCCESS', amount: 1000, payment_id: 'pay_Aaa111' });
    expect((await receipt(bill)).payment.paid_amount).toBe(1000);
    const failed = await post(b, { error: { code: 'BAD_REQUEST_ERROR', description: 'Payment failed', metadata: { order_id: b.order_id, payment_id: 'pay_Bbb222' } } });
    expect(failed.body.data).toMatchObject({ status: 'TXN_FAILED', order_id: b.order_id, amount: 3000, payment_id: 'pay_Bbb222' });
  });

  it('takes a webhook only with a good signature over the raw body, credits once, and agrees with the checkout result', async () => {
    await onlineOn();
    const bill = await pendingBill(aarav, 2000);
    const order = await rzpOrder(bill, 2000);
    const body = capturedEvent(order.order_id, 'pay_Web333', 200000);
    const bad = await webhook(body, hmac('not-the-secret', body));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Invalid webhook signature');
    // Signed, then re-serialised: the raw bytes differ, so the signature does not match.
    expect((await webhook(JSON.stringify(JSON.parse(body), null, 1), hmac(RZP.webhook_secret, body))).statusCode).toBe(400);
    expect(await installmentsOf(bill)).toHaveLength(0);

    const good = await webhook(body, hmac(RZP.webhook_secret, body));
    expect(good.statusCode).toBe(200);
    expect(good.json().data).toMatchObject({ handled: true, status: 'TXN_SUCCESS', payment_id: 'pay_Web333', amount: 2000 });
    const again = await webhook(body, hmac(RZP.webhook_secret, body));
    expect(again.json().data.receipt_no).toBe(good.json().data.receipt_no);
    // The browser's checkout result for the same payment arrives after: the same receipt.
    const checkout = await call('POST /fees/online/pay/', {
      order_id: order.order_id, fee_id: bill, mode: 'razorpay',
      result: { razorpay_payment_id: 'pay_Web333', razorpay_order_id: order.order_id, razorpay_signature: hmac(RZP.key_secret, `${order.order_id}|pay_Web333`) },
    });
    expect(checkout.body.data).toMatchObject({ status: 'TXN_SUCCESS', receipt_no: good.json().data.receipt_no });
    const rows = await installmentsOf(bill);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ mode: 'razorpay', kind: 'online', gateway_payment_id: 'pay_Web333', created_by: s.users['1'] });
  });

  it('refuses a webhook whose amount differs from the order, and ignores events for orders it does not know', async () => {
    await onlineOn();
    const bill = await pendingBill(aarav, 2000);
    const order = await rzpOrder(bill, 500);
    const wrong = capturedEvent(order.order_id, 'pay_Wrong44', 200000);
    const res = await webhook(wrong, hmac(RZP.webhook_secret, wrong));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('The amount paid does not match the order');
    const unknown = capturedEvent('order_Unknown', 'pay_X55', 100);
    expect((await webhook(unknown, hmac(RZP.webhook_secret, unknown))).json().data).toEqual({ handled: false });
    expect(await installmentsOf(bill)).toHaveLength(0);
    // Other calls of the school still read JSON bodies as usual.
    expect((await call('PUT /fees/online/pay/', '{"amount": 1, "payment_mode": "test", "fee_id": ' + bill + '}')).body.success).toBe(true);
  });
});

describe('the operator command (npm run school -- fee-settings)', () => {
  it('changes flags, gateways, charges and keys, refuses unknown ones, and never prints a secret', async () => {
    const { settings, secrets } = await changeFeeSettings(db(), {
      set: ['online_fee_payment_enabled=1', 'easebuzz.enabled=0', 'paytm.enabled=1', 'paytm.tdr_rate=1.5'],
      secret: ['paytm.mid=SCHOOL00000000000001', 'paytm.merchant_key=kbzk1DSbJiV_O3p5', 'easebuzz.key='],
    });
    expect(settings.online_fee_payment_enabled).toBe('1');
    expect(settings.payment_gateway_list.find((g) => g.value === 'paytm')!.enabled).toBe(true);
    expect(settings.paytm_gateway_details.tdr_rate).toBe(1.5);
    expect(secrets.paytm).toMatchObject({ mid: 'SCHOOL00000000000001', merchant_key: 'kbzk1DSbJiV_O3p5' });
    expect((await t.call(s.code, 'GET /settings/fees/', undefined, parent)).body.data.paytm_gateway_details.tdr_rate).toBe(1.5);
    const text = describeFeeSettings(settings, secrets).join('\n');
    expect(text).toContain('mid=SCHOOL00000000000001');
    expect(text).toContain('merchant_key set');
    expect(text).not.toContain('kbzk1DSbJiV_O3p5');
    expect(text).not.toContain(RZP.key_secret);
    await expect(changeFeeSettings(db(), { set: ['bogus=1'] })).rejects.toThrow('Unknown setting "bogus"');
    await expect(changeFeeSettings(db(), { set: ['online_fee_payment_enabled=maybe'] })).rejects.toThrow('online_fee_payment_enabled must be 1 or 0');
    await expect(changeFeeSettings(db(), { secret: ['paytm.merchant_key=short'] })).rejects.toThrow('paytm.merchant_key must be 16 characters');
    await expect(changeFeeSettings(db(), { secret: ['stripe.key=x'] })).rejects.toThrow('Unknown gateway "stripe"');
    const trail = await db().selectFrom('audit').select('data').where('resource', '=', 'fee-settings').execute();
    expect(JSON.stringify(trail)).toContain('paytm.merchant_key');
    expect(JSON.stringify(trail)).not.toContain('kbzk1DSbJiV_O3p5');
  });
});
