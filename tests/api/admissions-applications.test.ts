/**
 * Admission applications as the office handles them (spec 3 Admissions): the table with paging
 * and search, the detail, delete, the application and payment statuses set freely with
 * 'Status Updated', the payment status locked once an online payment record exists, and the
 * dashboard's admissions panel, latest leads and latest applications. Applications are written
 * straight to the table, as the public form would leave them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admitStudent } from '../support/admit.js';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { createRecord } from '../support/samples.js';

let t: TestApp;
let s: TestSchool;
let admin: string;

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  admin = s.tokens['3'];
});
afterAll(() => t?.close());

const call = (c: string, body?: unknown, token = admin) => t.call(s.code, c, body, token);
let n = 0;
async function application(extra: Record<string, unknown> = {}) {
  n += 1;
  const db = schoolDb(t, s);
  const row = await db.insertInto('adm_application').values({
    student_name: `Applicant ${n}`, application_class: '1', parent_name: `Parent ${n}`, mobile: `98450${String(n).padStart(5, '0')}`,
    email: `parent${n}@example.com`, timestamp: new Date(Date.now() - (1000 - n) * 60_000).toISOString(), status: 0, payment_status: -1,
    details: JSON.stringify({ student: { dob: '2020-04-02', gender: 'f' }, father: { name: 'Father', mobile: '9845000001', profession: 'Farmer', salary: '20000' } }),
    ...extra,
  } as any).returning('id').executeTakeFirstOrThrow();
  await db.updateTable('adm_application').set({ application_no: `${s.code}${row.id}` } as any).where('id', '=', row.id).execute();
  return row.id;
}
const PAID = JSON.stringify({ id: 7, payment_mode: 'test', order_id: 'order_1', payment_id: 'pay_1', timestamp: '2026-11-20T05:00:00.000Z', currency: 'INR', total_amount: 50000 });

describe('applications table and detail', () => {
  it('lists applications newest first, pages and searches them on the server, and shows one', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await application());
    const page = await call('GET /admissions/applications/?page=1&page_size=2&sort=-timestamp');
    expect(page.body.meta?.total).toBeGreaterThanOrEqual(5);
    expect(page.body.data.map((r: any) => r.id)).toEqual([ids[4], ids[3]]);
    const found = await call(`GET /admissions/applications/?page=1&page_size=10&q=${encodeURIComponent('Applicant 3')}`);
    expect(found.body.data.map((r: any) => r.student_name)).toEqual(['Applicant 3']);
    const one = await call(`GET /admissions/application/${ids[0]}/`);
    expect(one.body.data).toMatchObject({ id: ids[0], student_name: 'Applicant 1', status: 0, payment_status: -1, details: { father: { name: 'Father' } } });
  });

  it("deletes an application ('Application Deleted')", async () => {
    const id = await application();
    expect((await call(`DELETE /admissions/application/${id}/`)).body).toMatchObject({ success: true, message: 'Application Deleted' });
    expect((await call(`GET /admissions/application/${id}/`)).status).toBe(404);
  });

  it('is for administrators only', async () => {
    const id = await application();
    for (const role of ['1', '2', '7']) {
      expect((await call('GET /admissions/applications/', undefined, s.tokens[role])).status).toBe(403);
      expect((await call('PATCH /admissions/application/status/', { application_id: id, application_status: 3 }, s.tokens[role])).status).toBe(403);
    }
    expect((await call('PATCH /admissions/application/status/', { application_id: id, application_status: 3 }, s.tokens['admin-read'])).status).toBe(403);
    expect((await call(`DELETE /admissions/application/${id}/`, undefined, s.tokens['admin-read'])).status).toBe(403);
  });
});

describe('status', () => {
  it("sets any application status and payment status ('Status Updated')", async () => {
    const id = await application();
    for (const application_status of [3, -2, 1, -1, 2, 0]) {
      const res = await call('PATCH /admissions/application/status/', { application_id: id, application_status, payment_status: application_status % 2 === 0 ? 1 : -1 });
      expect(res.body).toMatchObject({ success: true, message: 'Status Updated', data: { application_id: id, application_status } });
    }
    expect((await call('PATCH /admissions/application/status/', { application_id: id, payment_status: 0 })).body.data).toMatchObject({ application_status: 0, payment_status: 0 });
    expect((await call(`GET /admissions/application/${id}/`)).body.data).toMatchObject({ status: 0, payment_status: 0 });
  });

  it('refuses values outside the lists, a call that sets nothing, and an unknown application', async () => {
    const id = await application();
    for (const [body, message] of [
      [{ application_id: id, application_status: 4 }, 'Application status must be one of -2, -1, 0, 1, 2, 3'],
      [{ application_id: id, payment_status: 2 }, 'Payment status must be one of -1, 0, 1'],
      [{ application_id: id }, 'Choose the application status or the payment status'],
      [{ application_status: 3 }, 'Application is required'],
    ] as const) {
      const res = await call('PATCH /admissions/application/status/', body);
      expect(res.status, message).toBe(400);
      expect(res.body.error).toBe(message);
    }
    expect((await call('PATCH /admissions/application/status/', { application_id: 999999, application_status: 3 })).status).toBe(404);
    expect((await call(`GET /admissions/application/${id}/`)).body.data).toMatchObject({ status: 0, payment_status: -1 });
  });

  it('keeps the payment status of an application paid online, while its application status still changes', async () => {
    const id = await application({ payment_status: 1, fee_payment: PAID, fee_amount: 500 });
    const refused = await call('PATCH /admissions/application/status/', { application_id: id, application_status: 3, payment_status: -1 });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('The payment status of an application paid online cannot be changed');
    expect((await call(`GET /admissions/application/${id}/`)).body.data).toMatchObject({ status: 0, payment_status: 1 });
    // The screen sends the locked value unchanged, or leaves it out.
    expect((await call('PATCH /admissions/application/status/', { application_id: id, application_status: 3, payment_status: 1 })).body).toMatchObject({ success: true, message: 'Status Updated' });
    expect((await call('PATCH /admissions/application/status/', { application_id: id, application_status: 2 })).body.data).toMatchObject({ application_status: 2, payment_status: 1 });
  });
});

describe('dashboard', () => {
  it("fills the admissions panel, the latest leads and the latest applications", async () => {
    const year = await createRecord(t, s, 'acyears', { name: '2026-27' });
    const klass = await createRecord(t, s, 'classes', { class: '1', section: 'A' });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const admitted = await admitStudent(t, s, admin, { ac_year_id: year.id, class_id: klass.id, fullname: 'Admitted Today', admission_date: today }, 'ADM');
    await admitStudent(t, s, admin, { ac_year_id: year.id, class_id: klass.id, fullname: 'Admitted Long Ago', admission_date: '2020-06-01' }, 'ADM');
    for (let i = 0; i < 12; i++) await call('PUT /admissions/leads/', { parent_name: `Lead ${i}`, mobile: '9845012345', status: i % 7 });
    const newest = await application({ student_name: 'Newest Applicant', timestamp: new Date().toISOString() });

    const d = (await call('GET /dashboard/admin/')).body.data;
    expect(d.admissions).toMatchObject({ today: 1, week: 1, month: 1 });
    expect(d.admissions.list[0]).toMatchObject({ id: admitted.id, fullname: 'Admitted Today', class: '1', section: 'A', admission_date: today });
    expect(d.admissions.list.map((r: any) => r.fullname)).toEqual(['Admitted Today', 'Admitted Long Ago']);
    expect(d.latest_leads).toHaveLength(10);
    expect(d.latest_leads[0]).toMatchObject({ parent_name: 'Lead 11', status: 4 });
    expect(d.latest_admission_applications.length).toBeLessThanOrEqual(10);
    expect(d.latest_admission_applications[0]).toMatchObject({ id: newest, student_name: 'Newest Applicant', status: 0, payment_status: -1 });

    // An admin without the admissions module sees no leads or applications.
    const none = (await call('GET /dashboard/admin/', undefined, s.tokens['admin-none'])).body.data;
    expect(none.latest_leads).toEqual([]);
    expect(none.latest_admission_applications).toEqual([]);
    expect(none.admissions).toEqual({ today: 0, week: 0, month: 0, list: [] });
  });
});
