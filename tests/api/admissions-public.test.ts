/**
 * The public application (spec 4 §2.7, §5, §7 "Public admissions", §8) and the Admissions
 * settings tab (spec 3 §5, §7): the settings calls and their messages, the share link's token
 * (a new one kills the old link and its passes at once), the guest pass and everything it may
 * not do, the form's messages, uploads checked by content and size, the fee paid through the
 * test gateway and Razorpay and credited once however often its result arrives, and the
 * status check.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putSetting } from '../../src/server/platform/settings.js';
import { openTestSchool, schoolDb, testApp, type TestApp, type TestSchool } from '../support/app.js';
import { multipart } from '../support/upload.js';

let t: TestApp;
let s: TestSchool;
let other: TestSchool;
let admin: string;
let link: string;

const db = () => schoolDb(t, s);
const call = (c: string, body?: unknown, token?: string) => t.call(s.code, c, body, token);
const hmac = (secret: string, data: string) => crypto.createHmac('sha256', secret).update(data).digest('hex');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const RZP = { key_id: 'rzp_test_K3yId', key_secret: 'rzp_s3cret_value' };

// A stand-in of Razorpay's Orders API on this machine.
let rzpOrders = 0;
const rzpServer = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => { raw += c; });
  req.on('end', () => {
    const body = raw ? JSON.parse(raw) : null;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ id: `order_Adm${++rzpOrders}`, entity: 'order', amount: body?.amount, currency: 'INR', status: 'created' }));
  });
});

const settings = (body: Record<string, unknown>, token = admin) => call('POST /settings/admissions/', body, token);
const open = (fees: number | null = 250) => settings({ adm_enabled: '1', adm_classes_list: ['LKG', '1', '2'], adm_application_fees: fees });
const passFor = async (token = link, code = s.code) => call(`GET /guest/generate-token/?sch_code=${code}&sch_token=${encodeURIComponent(token)}`);
async function newPass(): Promise<string> {
  const res = await passFor();
  expect(res.body.success, res.body.error ?? '').toBe(true);
  return res.body.data.token;
}
const FORM = {
  student_name: 'Diya Rao', application_class: '1', parent_name: 'Kiran Rao', mobile: '98450 12345', email: 'kiran@example.com',
  details: {
    student: { dob: '2020-04-02', gender: 'f' }, guardian: { address: '12 MG Road, Mysuru' },
    mother: { name: 'Asha Rao', mobile: '9845012346', profession: 'Doctor', salary: '90000' },
    prev_school: { name: 'Little Stars', city: 'Mysuru', marks: 'A' },
  },
};
async function upload(pass: string | undefined, kind: string, name: string, bytes: Buffer) {
  const { payload, headers } = multipart(name, bytes);
  const res = await t.app.inject({ method: 'POST', url: `/api/${s.code}/upload/?file_path=${kind}`, payload, headers: { ...headers, ...(pass ? { authorization: `Bearer ${pass}` } : {}) } });
  return { status: res.statusCode, body: res.json() };
}
async function apply(pass: string, form: Record<string, unknown> = FORM) {
  const res = await call('PUT /admissions/applications/', { ...form, sch_code: s.code }, pass);
  expect(res.body.success, res.body.error ?? '').toBe(true);
  return res.body.data as { application_id: number; application_no: string; fee_amount: number };
}
const application = (id: number) => db().selectFrom('adm_application').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
async function payByTest(pass: string, id: number, outcome: 'success' | 'failure' | 'cancel' = 'success') {
  const order = await call('PUT /admissions/application/fees/', { application_id: id, payment_mode: 'test', amount: 250 }, pass);
  expect(order.body.success, order.body.error ?? '').toBe(true);
  const signed = await call(`POST /admissions/apply/test-gateway/${order.body.data.order_id}/`, { outcome }, pass);
  expect(signed.body.success, signed.body.error ?? '').toBe(true);
  const result = { application_id: id, order_id: order.body.data.order_id, payment_mode: 'test', result: signed.body.data };
  return { order: order.body.data, result, res: await call(`POST /admissions/application/fee/${id}/`, result, pass) };
}

beforeAll(async () => {
  await new Promise<void>((r) => rzpServer.listen(0, '127.0.0.1', r));
  process.env.RAZORPAY_API_URL = `http://127.0.0.1:${(rzpServer.address() as AddressInfo).port}`;
  ({ t, s } = await openTestSchool());
  delete process.env.RAZORPAY_API_URL;
  other = await t.school();
  admin = s.tokens['4']!;
  await putSetting(db(), 'fees', {
    online_fee_payment_enabled: '0',
    payment_gateway_list: [{ value: 'test', name: 'Test Gateway', enabled: true }, { value: 'razorpay', name: 'Razorpay', enabled: true }, { value: 'paytm', name: 'Paytm', enabled: false }],
  });
  await putSetting(db(), 'fees_gateway_secrets', { razorpay: RZP });
  const saved = await open();
  link = saved.body.data.adm_application_token;
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => rzpServer.close(r));
});

describe('the Admissions settings tab (GET, POST, PUT /settings/admissions/)', () => {
  it('saves the switch, the classes and the fee, and answers the share link', async () => {
    const res = await settings({ adm_enabled: '1', adm_classes_list: ['LKG', '1', ' 2 ', '1'], adm_application_fees: 250 });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Admissions Settings Updated');
    expect(res.body.data).toMatchObject({ adm_enabled: '1', adm_classes_list: ['LKG', '1', '2'], adm_application_fees: 250, school_code: s.code });
    const got = (await call('GET /settings/admissions/', undefined, s.tokens['3'])).body.data;
    expect(got.adm_short_url).toBe(`http://school.test/admissions/apply/${s.code}/${got.adm_application_token}/`);
    expect(got.adm_application_token).toBe(link);
  });

  it("refuses a fee under ₹10 with 'Application fees must be atleast ₹10', and takes empty or 0 as none", async () => {
    for (const fee of [5, 0.5, 9.99, -1]) {
      const res = await settings({ adm_enabled: '1', adm_classes_list: ['1'], adm_application_fees: fee });
      expect(res.status, String(fee)).toBe(400);
      expect(res.body.error).toBe('Application fees must be atleast ₹10');
    }
    expect((await settings({ adm_enabled: '1', adm_classes_list: ['1'], adm_application_fees: null })).body.data.adm_application_fees).toBeNull();
    expect((await settings({ adm_enabled: '1', adm_classes_list: ['1'], adm_application_fees: 0 })).body.data.adm_application_fees).toBeNull();
    expect((await settings({ adm_enabled: '1', adm_classes_list: ['1'], adm_application_fees: 10 })).body.data.adm_application_fees).toBe(10);
    await open();
  });

  it('is refused to every other role, to an admin without the module, and to a guest pass for writes', async () => {
    for (const role of ['1', '2', '5', '6', '7', 'admin-none']) {
      expect((await call('GET /settings/admissions/', undefined, s.tokens[role])).status, role).toBe(403);
      expect((await call('PUT /settings/admissions/', undefined, s.tokens[role])).status, role).toBe(403);
    }
    const pass = await newPass();
    expect((await call('PUT /settings/admissions/', undefined, pass)).status).toBe(401);
    expect((await settings({ adm_enabled: '0', adm_classes_list: [] }, pass)).status).toBe(401);
    // The public form reads the public part only: never the token.
    const pub = await call('GET /settings/admissions/', undefined, pass);
    expect(pub.body.data).toEqual({ adm_enabled: '1', adm_classes_list: ['LKG', '1', '2'], adm_application_fees: 250, school_code: s.code });
  });

  it("regenerates the token ('URL Updated'): the old link and every pass made from it stop at once", async () => {
    const pass = await newPass();
    const res = await call('PUT /settings/admissions/', undefined, admin);
    expect(res.body.message).toBe('URL Updated');
    const fresh = res.body.data.adm_application_token as string;
    expect(fresh).not.toBe(link);
    expect(res.body.data.adm_short_url).toBe(`http://school.test/admissions/apply/${s.code}/${fresh}/`);
    const old = await passFor(link);
    expect(old.status).toBe(400);
    expect(old.body.error).toBe('Invalid URL');
    const stale = await call('PUT /admissions/applications/', FORM, pass);
    expect(stale.status).toBe(401);
    expect(stale.body.error).toBe('Something went wrong. Please try again later');
    link = fresh;
    expect((await passFor()).body.success).toBe(true);
  });
});

describe('the guest pass (GET /guest/generate-token/)', () => {
  it("answers 'Invalid URL' without a code and token, 'This is invalid URL' for another code, 'Admissions not yet open' while closed", async () => {
    expect((await call('GET /guest/generate-token/')).body.error).toBe('Invalid URL');
    expect((await call(`GET /guest/generate-token/?sch_code=${s.code}`)).body.error).toBe('Invalid URL');
    expect((await passFor('not-the-token')).body.error).toBe('Invalid URL');
    expect((await call(`GET /guest/generate-token/?sch_code=ZZZZZZ&sch_token=${link}`)).body.error).toBe('This is invalid URL');
    // A code no school has never reaches a school at all.
    expect((await t.call('ZZZZZZ', `GET /guest/generate-token/?sch_code=ZZZZZZ&sch_token=${link}`)).status).toBe(404);
    await settings({ adm_enabled: '1', adm_classes_list: [], adm_application_fees: 250 });
    expect((await passFor()).body.error).toBe('Admissions not yet open');
    await settings({ adm_enabled: '0', adm_classes_list: ['1'], adm_application_fees: 250 });
    expect((await passFor()).body.error).toBe('Admissions not yet open');
    await open();
    const ok = await passFor();
    expect(ok.body.data).toMatchObject({ school_code: s.code, adm_classes_list: ['LKG', '1', '2'], adm_application_fees: 250 });
    expect(ok.body.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('cannot reach any staff call, nor another school', async () => {
    const pass = await newPass();
    for (const c of ['GET /settings/sms/', 'GET /admins/', 'GET /students/', 'GET /fees/settings/', 'GET /settings/fees/', 'GET /dashboard/admin/', 'GET /about/school/']) {
      const res = await call(c, undefined, pass);
      // The school's public details are public to anyone; every other call refuses a pass as no login.
      if (c === 'GET /about/school/') expect(res.status, c).toBe(200);
      else expect([401, 404], c).toContain(res.status);
    }
    expect((await upload(pass, 'homework-files', 'a.pdf', PDF)).status).toBe(401);
    expect((await t.call(other.code, 'PUT /admissions/applications/', FORM, pass)).status).toBe(401);
  });

  it('is refused once expired, and without one the form answers the spec\'s message', async () => {
    const pass = await newPass();
    await db().updateTable('adm_guest').set({ expires_at: new Date(Date.now() - 1000) }).where('token_hash', '=', crypto.createHash('sha256').update(pass).digest('hex')).execute();
    const res = await call('PUT /admissions/applications/', FORM, pass);
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Something went wrong. Please try again later');
    expect((await call('PUT /admissions/applications/', FORM)).body.error).toBe('Something went wrong. Please try again later');
    expect((await upload(undefined, 'admission-photo', 'p.png', PNG)).status).toBe(401);
  });

  it('is refused when the admissions module is switched off', async () => {
    const pass = await newPass();
    const switched = (enabled: boolean) => call('POST /settings/modules/', { modules: [{ module_key: 'admissions', enabled, hidden: false }] }, admin);
    expect((await switched(false)).body.success).toBe(true);
    try {
      expect((await call('PUT /admissions/applications/', FORM, pass)).status).toBe(401);
      expect((await passFor()).body.error).toBe('Admissions not yet open');
    } finally {
      expect((await switched(true)).body.success).toBe(true);
    }
  });
});

describe('the application (PUT /admissions/applications/)', () => {
  it("answers each of the form's messages", async () => {
    const pass = await newPass();
    const res = await call('PUT /admissions/applications/', {}, pass);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(expect.arrayContaining(['Student name is required!', 'Class is required!', 'Parent/Guardian name is required!', 'Enter valid mobile number!', 'Enter valid email address!']));
    const bad = await call('PUT /admissions/applications/', { ...FORM, email: 'kiran@', mobile: '12345' }, pass);
    expect(bad.body.errors).toEqual(expect.arrayContaining(['Enter valid email address!', 'Enter valid mobile number!']));
    const closed = await call('PUT /admissions/applications/', { ...FORM, application_class: '9' }, pass);
    expect(closed.body.error).toBe('Class is required!');
    expect((await call('PUT /admissions/applications/', { ...FORM, sch_code: 'ZZZZZZ' }, pass)).body.error).toBe('This is invalid URL');
  });

  it('numbers the application with the school code, copies the parent to the father, and takes one application per pass', async () => {
    const pass = await newPass();
    const made = await apply(pass);
    expect(made.application_no).toBe(`${s.code}${made.application_id}`);
    expect(made.fee_amount).toBe(250);
    const row = await application(made.application_id);
    expect(row).toMatchObject({ student_name: 'Diya Rao', application_class: '1', status: 0, payment_status: -1, application_no: made.application_no, fee_payment: null });
    expect((row.details as any).father).toMatchObject({ name: 'Kiran Rao', mobile: '98450 12345' });
    expect((row.details as any).mother).toMatchObject({ name: 'Asha Rao', profession: 'Doctor' });
    const again = await call('PUT /admissions/applications/', { ...FORM, sch_code: s.code }, pass);
    expect(again.status).toBe(409);
  });

  it('fills the fields of the relation the parent/guardian gives: the mother\'s, or none for another guardian', async () => {
    const mother = { ...FORM, parent_name: 'Asha Rao', mobile: '9845012346', details: { ...FORM.details, guardian: { relation: 'mother', address: '12 MG Road, Mysuru' }, mother: { profession: 'Doctor' } } };
    const byMother = await application((await apply(await newPass(), mother)).application_id);
    expect(byMother).toMatchObject({ parent_name: 'Asha Rao', mobile: '9845012346' });
    expect(byMother.details).toMatchObject({ guardian: { relation: 'mother' }, mother: { name: 'Asha Rao', mobile: '9845012346', profession: 'Doctor' } });
    expect((byMother.details as any).father).toBeUndefined();

    const uncle = { ...FORM, parent_name: 'Ravi Rao', details: { student: FORM.details.student, guardian: { relation: 'guardian', address: '3 Temple Street' } } };
    const byUncle = await application((await apply(await newPass(), uncle)).application_id);
    expect(byUncle).toMatchObject({ parent_name: 'Ravi Rao', mobile: '98450 12345' });
    expect(byUncle.details).toEqual({ student: FORM.details.student, guardian: { relation: 'guardian', address: '3 Temple Street' } });

    // Without a relation the parent is the father, as before; a relation not on the list is refused.
    expect((await application((await apply(await newPass())).application_id)).details).toMatchObject({ guardian: { relation: 'father' }, father: { name: 'Kiran Rao' } });
    const odd = await call('PUT /admissions/applications/', { ...FORM, sch_code: s.code, details: { guardian: { relation: 'aunt' } } }, await newPass());
    expect(odd.status).toBe(400);
  });

  it('takes a JPG/PNG photo under 2 MB, checked by content and size, and marks cards as images or PDF', async () => {
    const pass = await newPass();
    expect((await upload(pass, 'admission-photo', 'photo.gif', PNG)).body.error).toBe('You can only upload JPG/PNG file!');
    // A PDF named .png is refused by its bytes.
    expect((await upload(pass, 'admission-photo', 'photo.png', PDF)).body.error).toBe('You can only upload JPG/PNG file!');
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await upload(pass, 'admission-photo', 'photo.png', big)).body.error).toBe('Image must smaller than 2MB!');
    const photo = await upload(pass, 'admission-photo', 'photo.png', PNG);
    expect(photo.status).toBe(200);
    expect((await upload(pass, 'admission-marks-card', 'card.exe', PDF)).body.error).toBe('card.exe file upload failed.');
    const card = await upload(pass, 'admission-marks-card', 'card.pdf', PDF);
    expect(card.status).toBe(200);
    // A photo slot naming a file of another kind, or of no upload at all, is refused.
    const wrong = await call('PUT /admissions/applications/', { ...FORM, student_photo: { name: 'card.pdf', path: card.body.data.path, url: card.body.data.path } }, pass);
    expect(wrong.body.error).toBe('You can only upload JPG/PNG file!');
    const made = await apply(pass, {
      ...FORM, student_photo: { name: 'photo.png', path: photo.body.data.path, url: photo.body.data.path },
      details: { ...FORM.details, prev_school: { ...FORM.details.prev_school, marks_card: [{ name: 'card.pdf', path: card.body.data.path, url: card.body.data.path }] } },
    });
    const row = await application(made.application_id);
    expect((row.student_photo as any).path).toBe(photo.body.data.path);
    expect((row.details as any).prev_school.marks_card).toEqual([{ name: 'card.pdf', path: card.body.data.path, url: card.body.data.path }]);
  });
});

describe('the application fee', () => {
  it('is paid through the test gateway and credited once, however many times the result arrives', async () => {
    const pass = await newPass();
    const made = await apply(pass);
    const { res, result, order } = await payByTest(pass, made.application_id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Payment successful');
    expect(res.body.data).toMatchObject({ status: 1, application_no: made.application_no, amount: 250 });
    expect(order.page).toBe(`/admissions/apply/test-gateway/${order.order_id}/`);
    const again = await call(`POST /admissions/application/fee/${made.application_id}/`, result, pass);
    expect(again.body.data).toMatchObject({ status: 1, payment_id: res.body.data.payment_id });
    const row = await application(made.application_id);
    expect(row.payment_status).toBe(1);
    expect(row.fee_payment).toMatchObject({ payment_mode: 'test', order_id: order.order_id, currency: 'INR', total_amount: 25000 });
    const orders = await db().selectFrom('adm_application_order').selectAll().where('application_id', '=', made.application_id).execute();
    expect(orders.filter((o) => o.status === 'paid')).toHaveLength(1);
    // Each write audited once, by the service, under its own action.
    const actions = async (resource: string, id: number) => (await db().selectFrom('audit').select('action')
      .where('resource', '=', resource).where('record_id', '=', String(id)).orderBy('id').execute()).map((a) => a.action);
    expect(await actions('applications', made.application_id)).toEqual(['create', 'number', 'paid']);
    expect(await actions('application-orders', order.id)).toEqual(['create', 'paid']);
    // A visitor's guest pass is a session, not an action: no audit record, however many visitors come.
    expect(await db().selectFrom('audit').select('id').where('resource', '=', 'admission-guests').execute()).toEqual([]);
    // A new order for a paid application: 'Payment already done!'.
    const more = await call('PUT /admissions/application/fees/', { application_id: made.application_id, payment_mode: 'test' }, pass);
    expect(more.body.error).toBe('Payment already done!');
  });

  it("answers 'Payment already done!' when a second order's payment arrives, keeping it for a refund", async () => {
    const pass = await newPass();
    const made = await apply(pass);
    const first = await call('PUT /admissions/application/fees/', { application_id: made.application_id, payment_mode: 'test' }, pass);
    const second = await call('PUT /admissions/application/fees/', { application_id: made.application_id, payment_mode: 'test' }, pass);
    const signed = async (o: any) => (await call(`POST /admissions/apply/test-gateway/${o.order_id}/`, { outcome: 'success' }, pass)).body.data;
    const r1 = await signed(first.body.data);
    const r2 = await signed(second.body.data);
    const post = (o: any, r: any) => call(`POST /admissions/application/fee/${made.application_id}/`, { application_id: made.application_id, order_id: o.order_id, payment_mode: 'test', result: r }, pass);
    expect((await post(first.body.data, r1)).body.data.status).toBe(1);
    const dup = await post(second.body.data, r2);
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('Payment already done!');
    const row = await application(made.application_id);
    expect((row.fee_payment as any).order_id).toBe(first.body.data.order_id);
  });

  it('answers a failure and a cancellation with their result codes and leaves the fee unpaid', async () => {
    const pass = await newPass();
    const made = await apply(pass);
    expect((await payByTest(pass, made.application_id, 'failure')).res.body.data.status).toBe(-1);
    expect((await payByTest(pass, made.application_id, 'cancel')).res.body.data.status).toBe(-2);
    expect((await application(made.application_id)).payment_status).toBe(-1);
    expect((await payByTest(pass, made.application_id, 'success')).res.body.data.status).toBe(1);
  });

  it('refuses a changed result, an unknown gateway, a wrong amount and a disabled gateway', async () => {
    const pass = await newPass();
    const made = await apply(pass);
    const order = (await call('PUT /admissions/application/fees/', { application_id: made.application_id, payment_mode: 'test' }, pass)).body.data;
    const signed = (await call(`POST /admissions/apply/test-gateway/${order.order_id}/`, { outcome: 'success' }, pass)).body.data;
    const forged = await call(`POST /admissions/application/fee/${made.application_id}/`, { application_id: made.application_id, order_id: order.order_id, payment_mode: 'test', result: { ...signed, amount: 100 } }, pass);
    expect(forged.status).toBe(400);
    expect(forged.body.error).toBe('The payment result could not be verified');
    expect((await call('PUT /admissions/application/fees/', { application_id: made.application_id, payment_mode: 'paytm' }, pass)).body.error).toBe('Payment gateway not found');
    expect((await call('PUT /admissions/application/fees/', { application_id: made.application_id, payment_mode: 'cash' }, pass)).body.error).toBe('Payment gateway not found');
    expect((await call('PUT /admissions/application/fees/', { application_id: made.application_id, payment_mode: 'test', amount: 10 }, pass)).body.error).toBe('The amount must be the application fee');
    expect((await application(made.application_id)).payment_status).toBe(-1);
  });

  it('is paid through Razorpay with its signature checked', async () => {
    const pass = await newPass();
    const made = await apply(pass);
    const order = await call('PUT /admissions/application/fees/', { application_id: made.application_id, payment_mode: 'razorpay', amount: 250 }, pass);
    expect(order.body.data).toMatchObject({ razorpay_key_id: RZP.key_id, order: { amount: 25000, currency: 'INR' } });
    const orderId = order.body.data.order_id as string;
    const post = (sig: string) => call(`POST /admissions/application/fee/${made.application_id}/`, {
      application_id: made.application_id, order_id: orderId, payment_mode: 'razorpay',
      razorpay_payment_id: 'pay_Adm111', razorpay_order_id: orderId, razorpay_signature: sig,
    }, pass);
    expect((await post(hmac('wrong', `${orderId}|pay_Adm111`))).body.error).toBe('The payment result could not be verified');
    const ok = await post(hmac(RZP.key_secret, `${orderId}|pay_Adm111`));
    expect(ok.body.data).toMatchObject({ status: 1, payment_id: 'pay_Adm111' });
    expect((await post(hmac(RZP.key_secret, `${orderId}|pay_Adm111`))).body.data.status).toBe(1);
    expect((await application(made.application_id)).payment_status).toBe(1);
  });

  it("cannot read or pay another application ('No Data')", async () => {
    const mine = await newPass();
    const theirs = await newPass();
    const a = await apply(mine);
    const b = await apply(theirs);
    const order = await call('PUT /admissions/application/fees/', { application_id: b.application_id, payment_mode: 'test' }, mine);
    expect(order.status).toBe(404);
    expect(order.body.error).toBe('No Data');
    const theirOrder = (await call('PUT /admissions/application/fees/', { application_id: b.application_id, payment_mode: 'test' }, theirs)).body.data;
    expect((await call(`GET /admissions/apply/test-gateway/${theirOrder.order_id}/`, undefined, mine)).status).toBe(404);
    expect((await call(`POST /admissions/apply/test-gateway/${theirOrder.order_id}/`, { outcome: 'success' }, mine)).status).toBe(404);
    const signed = (await call(`POST /admissions/apply/test-gateway/${theirOrder.order_id}/`, { outcome: 'success' }, theirs)).body.data;
    const res = await call(`POST /admissions/application/fee/${b.application_id}/`, { application_id: b.application_id, order_id: theirOrder.order_id, payment_mode: 'test', result: signed }, mine);
    expect(res.status).toBe(404);
    expect((await application(b.application_id)).payment_status).toBe(-1);
    expect((await call(`POST /admissions/application/fee/${a.application_id}/`, { application_id: a.application_id, order_id: theirOrder.order_id, payment_mode: 'test', result: signed }, mine)).status).toBe(404);
    // Staff logins are not guests: the public calls refuse them.
    expect((await call('PUT /admissions/applications/', FORM, admin)).status).toBe(403);
  });

  it('needs no payment when the fee is empty', async () => {
    await open(null);
    const pass = await newPass();
    const made = await apply(pass);
    expect(made.fee_amount).toBe(0);
    expect((await application(made.application_id)).payment_status).toBe(0);
    expect((await call('PUT /admissions/application/fees/', { application_id: made.application_id, payment_mode: 'test' }, pass)).body.error).toBe('No Data');
    await open();
  });
});

describe('staff deleting an application made through the form', () => {
  it('takes its fee orders with it and leaves its pass unable to pay', async () => {
    const pass = await newPass();
    const made = await apply(pass);
    await payByTest(pass, made.application_id);
    const res = await call(`DELETE /admissions/application/${made.application_id}/`, undefined, admin);
    expect(res.status, res.body.error ?? '').toBe(200);
    expect(await db().selectFrom('adm_application_order').select('id').where('application_id', '=', made.application_id).execute()).toEqual([]);
    expect((await call('PUT /admissions/application/fees/', { application_id: made.application_id, payment_mode: 'test' }, pass)).status).toBe(404);
  });
});

describe('the status check (POST /admissions/application/status/)', () => {
  it('answers the application by its number and mobile, and nothing else', async () => {
    const pass = await newPass();
    const made = await apply(pass);
    const id = made.application_no.slice(6);
    const res = await call('POST /admissions/application/status/', { application_id: id, mobile_no: '9845012345' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ application_no: made.application_no, student_name: 'Diya Rao', status: 0, payment_status: -1 });
    expect(res.body.data).not.toHaveProperty('mobile');
    const wrong = await call('POST /admissions/application/status/', { application_id: id, mobile_no: '9000000000' });
    expect(wrong.status).toBe(404);
    expect(wrong.body.error).toBe('No Data');
    const empty = (await call('POST /admissions/application/status/', {})).body;
    expect([empty.error, ...(empty.errors ?? [])]).toContain('Enter both Application no and mobile no');
    expect((await call('POST /admissions/application/status/', { application_id: 'ab', mobile_no: '9845012345' })).body.error).toBe('Incorrect Application ID');
  });
});

describe('rate limits', () => {
  it('limit the guest pass, the status check and the form per client', async () => {
    const small = await testApp({ authRateLimit: 3 });
    try {
      const sc = await small.school();
      const token = (await small.call(sc.code, 'POST /settings/admissions/', { adm_enabled: '1', adm_classes_list: ['1'], adm_application_fees: null }, sc.tokens['4'])).body.data.adm_application_token;
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await small.call(sc.code, `GET /guest/generate-token/?sch_code=${sc.code}&sch_token=${token}`)).status);
      expect(codes.slice(0, 3)).toEqual([200, 200, 200]);
      expect(codes[4]).toBe(429);
      const status: number[] = [];
      for (let i = 0; i < 5; i++) status.push((await small.call(sc.code, 'POST /admissions/application/status/', { application_id: '1', mobile_no: '9845012345' })).status);
      expect(status[4]).toBe(429);
    } finally {
      await small.close();
    }
  });
});
