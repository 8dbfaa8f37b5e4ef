/**
 * Admission leads (spec 3 Admissions): the lead's calls and messages, the ten statuses set
 * freely, the server-side list (page, search), the contact log, the bulk text through the SMS
 * service and the CSV import with its per-row errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { uploadAs } from '../support/upload.js';

let t: TestApp;
let s: TestSchool;
let admin: string;

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  admin = s.tokens['3'];
});
afterAll(() => t?.close());

const call = (c: string, body?: unknown, token = admin) => t.call(s.code, c, body, token);
const lead = (extra: Record<string, unknown> = {}) => ({ parent_name: 'Suresh Kumar', mobile: '9845012345', status: 0, ...extra });
const addLead = async (extra: Record<string, unknown> = {}) => {
  const res = await call('PUT /admissions/leads/', lead(extra));
  expect(res.body.success, res.body.error ?? "").toBe(true);
  return res.body.data;
};

describe('leads', () => {
  it("adds a lead ('New Lead added'), reads it, updates it ('Lead Updated') and keeps created and updated times", async () => {
    const added = await call('PUT /admissions/leads/', lead({ email: 'suresh@example.com', student_name: 'Anu', class: '1', extras: { dob: '2020-05-01', gender: 'Female', referrer: 'Neighbour', sibling: 'In 4 B' } }));
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ success: true, message: 'New Lead added', data: { parent_name: 'Suresh Kumar', status: 0, extras: { sibling: 'In 4 B' } } });
    const id = added.body.data.id;
    const one = (await call(`GET /admissions/lead/${id}/`)).body.data;
    expect(one).toMatchObject({ id, mobile: '9845012345', email: 'suresh@example.com', student_name: 'Anu', class: '1' });
    expect(Date.parse(one.created)).toBeGreaterThan(Date.now() - 60_000);
    const updated = await call(`POST /admissions/lead/${id}/`, { status: 5 });
    expect(updated.body).toMatchObject({ success: true, message: 'Lead Updated', data: { status: 5 } });
    expect(Date.parse(updated.body.data.updated)).toBeGreaterThanOrEqual(Date.parse(one.created));
    // The created time is the server's, not the form's.
    expect((await call(`POST /admissions/lead/${id}/`, { created: '2020-01-01T00:00:00Z' })).status).toBe(400);
  });

  it('takes any of the ten statuses in any order, and nothing else', async () => {
    const { id } = await addLead();
    for (const status of [6, -3, 2, -1, 0, 4, -2, 1, 3, 5]) {
      const res = await call(`POST /admissions/lead/${id}/`, { status });
      expect(res.body.data?.status, res.body.error ?? "").toBe(status);
    }
    expect((await call(`POST /admissions/lead/${id}/`, { status: 7 })).body.error).toBe('Status is required!');
  });

  it("answers the form's messages: name, mobile, status, e-mail", async () => {
    for (const [body, message] of [
      [{ mobile: '9845012345', status: 0 }, 'Name is required!'],
      [lead({ parent_name: '  ' }), 'Name is required!'],
      [{ parent_name: 'Ravi', status: 0 }, 'Mobile is required!'],
      [lead({ mobile: '' }), 'Mobile is required!'],
      [{ parent_name: 'Ravi', mobile: '9845012345', status: null }, 'Status is required!'],
      [lead({ email: 'not-an-email' }), 'Invalid email address'],
    ] as const) {
      const res = await call('PUT /admissions/leads/', body);
      expect(res.status, message).toBe(400);
      expect(res.body.error).toBe(message);
    }
  });

  it("deletes a lead with its contact log ('Lead Deleted')", async () => {
    const { id } = await addLead();
    await call('PUT /admissions/leads/contact/', { adm_lead_id: id, mode: 'call', contact_time: new Date().toISOString(), summary: 'Called' });
    const res = await call(`DELETE /admissions/lead/${id}/`);
    expect(res.body).toMatchObject({ success: true, message: 'Lead Deleted' });
    expect((await call(`GET /admissions/lead/${id}/`)).status).toBe(404);
    expect(await schoolDb(t, s).selectFrom('adm_lead_contact').select('id').where('adm_lead_id', '=', id).execute()).toEqual([]);
  });

  it('pages and searches the list on the server', async () => {
    const db = schoolDb(t, s);
    await db.insertInto('adm_lead').values(Array.from({ length: 120 }, (_, i) => ({
      parent_name: `Paged Parent ${i}`, mobile: `9000000${String(i).padStart(3, '0')}`, status: 0, extras: '{}',
      created: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(), updated: new Date().toISOString(),
    })) as any).execute();
    const page = await call('GET /admissions/leads/?page=2&page_size=50&q=Paged%20Parent&sort=-created');
    expect(page.body.meta?.total).toBe(120);
    expect(page.body.data).toHaveLength(50);
    expect(page.body.data[0].parent_name).toBe('Paged Parent 69');
    const found = await call('GET /admissions/leads/?page=1&page_size=50&q=9000000117');
    expect(found.body.meta?.total).toBe(1);
    expect(found.body.data[0].parent_name).toBe('Paged Parent 117');
  });

  it('is for administrators only', async () => {
    for (const role of ['1', '2', '7']) expect((await call('GET /admissions/leads/', undefined, s.tokens[role])).status).toBe(403);
    expect((await call('PUT /admissions/leads/', lead(), s.tokens['admin-read'])).status).toBe(403);
  });
});

describe('contact log', () => {
  it("adds entries ('New lead contact entry added!'), signed by the staff member, latest first", async () => {
    const { id } = await addLead();
    const before = (await call(`GET /admissions/lead/${id}/`)).body.data.updated;
    const first = await call('PUT /admissions/leads/contact/', { adm_lead_id: id, mode: 'call', contact_time: '2026-11-20T05:00:00.000Z', summary: 'Asked about fees', details: 'Will visit on Monday' });
    expect(first.body).toMatchObject({ success: true, message: 'New lead contact entry added!', data: { mode: 'call', summary: 'Asked about fees' } });
    await call('PUT /admissions/leads/contact/', { adm_lead_id: id, mode: 'email', contact_time: '2026-11-21T05:00:00.000Z', summary: 'Sent the prospectus' });
    const log = (await call(`GET /admissions/leads/${id}/contact/`)).body.data;
    expect(log.map((c: any) => c.summary)).toEqual(['Sent the prospectus', 'Asked about fees']);
    expect(log[1]).toMatchObject({ adm_lead_id: id, mode: 'call', details: 'Will visit on Monday', name: expect.any(String) });
    expect(log[1].name.length).toBeGreaterThan(0);
    // Working on a lead makes it the latest updated.
    expect(Date.parse((await call(`GET /admissions/lead/${id}/`)).body.data.updated)).toBeGreaterThan(Date.parse(before));
  });

  it("answers 'Summary is required!', 'Contact mode is required!', 'Contact time is required!', and refuses an unknown lead", async () => {
    const { id } = await addLead();
    const entry = { adm_lead_id: id, mode: 'message', contact_time: new Date().toISOString(), summary: 'Sent SMS' };
    for (const [body, message] of [
      [{ ...entry, summary: '' }, 'Summary is required!'],
      [{ ...entry, summary: undefined }, 'Summary is required!'],
      [{ ...entry, mode: null }, 'Contact mode is required!'],
      [{ ...entry, mode: 'fax' }, 'Contact mode is required!'],
      [{ ...entry, contact_time: undefined }, 'Contact time is required!'],
      [{ ...entry, contact_time: 'yesterday' }, 'Contact time is required!'],
    ] as const) {
      const res = await call('PUT /admissions/leads/contact/', JSON.parse(JSON.stringify(body)));
      expect(res.status, message).toBe(400);
      expect(res.body.error).toBe(message);
    }
    const gone = await call('PUT /admissions/leads/contact/', { ...entry, adm_lead_id: 999999 });
    expect(gone.status).toBe(400);
    expect(gone.body.error).toBe('Lead not found');
    expect((await call('GET /admissions/leads/999999/contact/')).status).toBe(404);
  });
});

describe('bulk message', () => {
  it("texts every lead's mobile once through the SMS service ('Messages Sent'), and refuses an empty text", async () => {
    const db = schoolDb(t, s);
    await addLead({ mobile: '9845099999' });
    await addLead({ mobile: '9845099999', parent_name: 'Same family' });
    const mobiles = (await db.selectFrom('adm_lead').select('mobile').distinct().execute()).length;
    const before = (await db.selectFrom('outbox_sms').select('id').execute()).length;
    for (const body of [{ message: '' }, { message: '   ' }, {}]) {
      const res = await call('POST /admissions/leads/message/', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Message is empty');
    }
    const res = await call('POST /admissions/leads/message/', { message: 'Admissions for 2027-28 are open' });
    expect(res.body).toMatchObject({ success: true, message: 'Messages Sent', data: { sent: mobiles } });
    const sent = await db.selectFrom('outbox_sms').select(['mobile', 'message']).orderBy('id').execute();
    expect(sent.length - before).toBe(mobiles);
    expect(sent.filter((m) => m.mobile === '9845099999' && m.message === 'Admissions for 2027-28 are open')).toHaveLength(1);
  });
});

describe('CSV import', () => {
  const importCsv = async (csv: string, name = 'leads.csv') => {
    const up = await uploadAs(t, s, admin, 'leads-import', name, csv);
    if (!up.body.success) return up;
    return call('PUT /leads/import/', { path: up.body.data.path });
  };

  it("adds the good rows ('Leads list imported!') and lists each bad row with its error", async () => {
    const csv = [
      'Parent Name,Mobile,Email,Student Name,Class,Status,Gender,Referred By,Sibling',
      'Lakshmi Rao,+91 98450 11111,lakshmi@example.com,Kiran,LKG,Follow up positive,F,Website,None',
      'Imran Khan,9845022222,,Zoya,2,3,,,',
      ',9845033333,,,,,,,',
      'No Mobile,,,,,,,,',
      'Bad Status,9845044444,,,,9,,,',
      'Bad Mail,9845055555,bad-mail,,,,,,',
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.body, JSON.stringify(res.body.data?.errors)).toMatchObject({ success: true, message: 'Leads list imported!', data: { added: 2 } });
    expect(res.body.data.errors).toEqual([
      { line: 4, parent_name: '', error: 'Name is required!' },
      { line: 5, parent_name: 'No Mobile', error: 'Mobile is required!' },
      { line: 6, parent_name: 'Bad Status', error: 'Unknown status: 9' },
      { line: 7, parent_name: 'Bad Mail', error: 'Invalid email address' },
    ]);
    const rows = await schoolDb(t, s).selectFrom('adm_lead').selectAll().where('mobile', 'in', ['9845011111', '9845022222']).orderBy('mobile').execute();
    expect(rows.map((r) => [r.parent_name, r.status, r.class])).toEqual([['Lakshmi Rao', 1, 'LKG'], ['Imran Khan', 3, '2']]);
    expect(rows[0]!.extras).toEqual({ gender: 'Female', referrer: 'Website', sibling: 'None' });
  });

  it('accepts csv files only, and refuses a file with no good row naming each problem', async () => {
    const notCsv = await uploadAs(t, s, admin, 'leads-import', 'leads.xlsx', 'parent_name,mobile\nA,9845012345');
    expect(notCsv.status).toBe(400);
    expect(notCsv.body.error).toBe('You can only import a CSV file!');
    // A file uploaded for something else is not a leads list.
    const other = await uploadAs(t, s, admin, 'documents', 'leads.csv', 'parent_name,mobile\nA,9845012345');
    expect((await call('PUT /leads/import/', { path: other.body.data.path })).body.error).toBe('You can only import a CSV file!');
    const none = await importCsv('parent_name,mobile\n,9845012345\nB,');
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('No lead could be imported');
    expect(none.body.errors).toEqual(['No lead could be imported', 'Row 2: Name is required!', 'Row 3: Mobile is required!']);
    expect((await importCsv('parent_name,mobile\n')).body.error).toBe('The file has no leads');
    expect((await call('PUT /leads/import/', {})).body.error).toBe('Upload the CSV file first');
    expect((await call('PUT /leads/import/', { path: '/files/nothing.csv' })).body.error).toBe('The uploaded file was not found: upload it again');
  });
});
