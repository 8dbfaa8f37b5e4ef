/**
 * A school's configuration file (config/schools/<CODE>.json under CONFIG_DIR): custom fields
 * stored, validated with the merged schema, read back and exported; required and hidden fields;
 * labels served to the screens; the SMS template with its DLT id; modules at provisioning; an
 * invalid file refused with file, path and reason while the previous one stays in force; and an
 * edit applied without a restart.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp, type TestSchool } from '../support/app.js';
import { createRecord } from '../support/samples.js';
import { parseCsv } from '../../src/shared/csv.js';
import { CONFIG_TTL_MS } from '../../src/server/framework/school-config.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-config-'));
fs.mkdirSync(path.join(dir, 'schools'));

let t: TestApp;
let s: TestSchool;
let plain: TestSchool;
let admin: string;
let year: any;
let klass: any;
let seq = 0;

const fileOf = (code: string) => path.join(dir, 'schools', `${code}.json`);
const HOUSES = ['Ganga', 'Yamuna', 'Kaveri', 'Narmada'];
const CONFIG = {
  labels: { terms: { Class: 'Grade', Section: 'Division' }, modules: { fees: 'Fee Office' } },
  fields: {
    students: {
      require: ['blood_group'],
      hide: ['usn'],
      titles: { quota: 'Admission Quota' },
      custom: { house: { title: 'House', type: 'string', enum: HOUSES, list: true }, bus_stop: { title: 'Bus Stop', type: 'string' } },
    },
  },
  receipt: { signatory: 'Principal', copies_per_sheet: 1 },
  academics: { grading_scale: [{ grade: 'A', min: 60, max: 100 }, { grade: 'B', min: 0, max: 59.99 }] },
  fees: { late_fine: { mode: 'fixed', amount: 100 } },
  sms: { templates: { fee_due: { text: '{student} owes {amount} on {bill}. {school}', dlt_template_id: '1107000000000000042' } } },
  calendar: { weekly_off: ['sunday'], holidays: [{ date: '2026-08-15', name: 'Independence Day' }] },
  modules: { teachers: false },
};
const writeConfig = (code: string, config: unknown) => fs.writeFileSync(fileOf(code), typeof config === 'string' ? config : JSON.stringify(config, null, 2));
const later = () => new Promise((r) => setTimeout(r, CONFIG_TTL_MS + 100));

const call = (c: string, body?: unknown, token = admin) => t.call(s.code, c, body, token);
const student = (over: Record<string, unknown> = {}) => ({
  ac_year_id: year.id, class_id: klass.id, fullname: `Config Kid ${++seq}`, mobile: '9876543210', dob: '2015-04-01',
  admission_no: `CFG-${seq}-${Math.random().toString(36).slice(2, 7)}`, admission_date: '2026-06-01', blood_group: 'O+', ...over,
});

beforeAll(async () => {
  const code = `CF${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
  writeConfig(code, CONFIG);
  t = await testApp({ configDir: dir });
  s = await t.school({ code });
  plain = await t.school();
  admin = s.tokens['4'];
  year = await createRecord(t, s, 'acyears', { name: '2026-27', start_date: '2026-06-01', end_date: '2027-03-31' });
  expect((await call(`PATCH /acyear/${year.id}/`, { action: 'start' })).body.success).toBe(true);
  klass = await createRecord(t, s, 'classes', { class: '6', section: 'A' });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('custom fields', () => {
  it('stores a custom field, answers it flat, and exports it', async () => {
    const made = await call('PUT /students/', student({ fullname: 'Meera House', house: 'Kaveri', bus_stop: 'Jayanagar 4th Block' }));
    expect(made.body.error).toBeNull();
    expect(made.body.data).toMatchObject({ fullname: 'Meera House', house: 'Kaveri', bus_stop: 'Jayanagar 4th Block' });
    expect(made.body.data).not.toHaveProperty('custom');
    const stored = await t.database.db.withSchema(s.schema).selectFrom('student').select('custom').where('id', '=', made.body.data.id).executeTakeFirstOrThrow();
    expect(stored.custom).toEqual({ house: 'Kaveri', bus_stop: 'Jayanagar 4th Block' });

    // The record as the edit form and details read it, and the class list.
    expect((await call(`GET /student/${made.body.data.id}/`)).body.data).toMatchObject({ house: 'Kaveri', bus_stop: 'Jayanagar 4th Block' });
    const list = await call(`GET /students-list/${klass.id}/${year.id}/`);
    expect(list.body.data.find((r: any) => r.id === made.body.data.id)).toMatchObject({ house: 'Kaveri' });

    // An update of another field keeps it; changing it keeps the other custom field.
    expect((await call(`POST /student/${made.body.data.id}/`, { religion: 'Hindu' })).body.data).toMatchObject({ house: 'Kaveri', religion: 'Hindu' });
    expect((await call(`POST /student/${made.body.data.id}/`, { house: 'Ganga' })).body.data).toMatchObject({ house: 'Ganga', bus_stop: 'Jayanagar 4th Block' });

    const exp = await call(`GET /export/students/?class_id=${klass.id}`);
    expect(exp.body.error).toBeNull();
    const file = await t.app.inject({ method: 'GET', url: exp.body.data.path });
    const [header, ...rows] = parseCsv(file.rawPayload.toString('utf8').slice(1));
    expect(header).toEqual(expect.arrayContaining(['House', 'Bus Stop', 'Admission Quota']));
    const meera = rows.find((r) => r.includes('Meera House'))!;
    expect(meera[header!.indexOf('House')]).toBe('Ganga');
    expect(meera[header!.indexOf('Bus Stop')]).toBe('Jayanagar 4th Block');
  });

  it('refuses a value outside the choices, and a field the school requires when missing, with nothing stored', async () => {
    const bad = await call('PUT /students/', student({ fullname: 'Wrong House', house: 'Brahmaputra' }));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('House is not an allowed value');
    const missing = await call('PUT /students/', student({ fullname: 'No Blood Group', blood_group: undefined }));
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Please enter Blood Group');
    const cleared = await call('POST /student/999999/', { blood_group: '' });
    expect(cleared.body.error).toBe('Please enter Blood Group');
    const names = await t.database.db.withSchema(s.schema).selectFrom('student').select('fullname').where('fullname', 'in', ['Wrong House', 'No Blood Group']).execute();
    expect(names).toEqual([]);
  });

  it('imports a custom field from its CSV column, by name or title, checking its choices', async () => {
    const csv = [
      'fullname,mobile,dob,admission_no,admission_date,blood_group,House',
      'Imported Kid,9811100001,2016-01-02,IMP-CFG-1,2026-06-01,B+,yamuna',
      'Bad House Kid,9811100002,2016-01-02,IMP-CFG-2,2026-06-01,B+,Thames',
    ].join('\r\n');
    const boundary = '----cfg';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="s.csv"\r\nContent-Type: text/csv\r\n\r\n`),
      Buffer.from(csv), Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t.app.inject({ method: 'POST', url: `/api/${s.code}/upload/?file_path=documents`, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${admin}` } });
    const imp = await call('PUT /import/students/', { path: up.json().data.path, class_id: klass.id, ac_year_id: year.id });
    expect(imp.body.data).toMatchObject({ added: 1, errors: [{ fullname: 'Bad House Kid', error: 'Row 3: House must be one of Ganga, Yamuna, Kaveri, Narmada' }] });
    const row = await t.database.db.withSchema(s.schema).selectFrom('student').select('custom').where('admission_no', '=', 'IMP-CFG-1').executeTakeFirstOrThrow();
    expect(row.custom).toEqual({ house: 'Yamuna' });
  });

  it('leaves a school without a file as the product declares it', async () => {
    const y = await createRecord(t, plain, 'acyears', {});
    const c = await createRecord(t, plain, 'classes', {});
    const res = await t.call(plain.code, 'PUT /students/', { ...student({ ac_year_id: y.id, class_id: c.id }), house: 'Ganga' }, plain.tokens['4']);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Unknown field: house');
    const ok = await t.call(plain.code, 'PUT /students/', student({ ac_year_id: y.id, class_id: c.id, blood_group: undefined }), plain.tokens['4']);
    expect(ok.body.error).toBeNull();
    expect(ok.body.data).not.toHaveProperty('house');
    expect((await t.call(plain.code, 'GET /about/school/')).body.data.config).toBeNull();
  });
});

describe('what the school sets', () => {
  it('serves labels, fields and the receipt to the screens, and the whole configuration to signed-in people', async () => {
    const about = (await call('GET /about/school/', undefined, '')).body.data;
    expect(about.config).toMatchObject({ labels: CONFIG.labels, receipt: CONFIG.receipt, fields: CONFIG.fields });
    expect(about.config).not.toHaveProperty('sms');
    const full = await call('GET /school-config/', undefined, s.tokens['2']);
    expect(full.body.data.config).toMatchObject({ academics: CONFIG.academics, fees: CONFIG.fees, calendar: CONFIG.calendar, sms: CONFIG.sms });
    expect(full.body.data).not.toHaveProperty('problem');
    expect((await call('GET /school-config/', undefined, '')).status).toBe(401);
  });

  it('applies its terms to the server\'s own messages of the merged schema', async () => {
    const res = await call('PUT /students/', student({ class_id: undefined }));
    expect(res.body.error).toBe('Please select grade and division');
  });

  it('sends the due alert with its SMS template and DLT id', async () => {
    const kid = (await call('PUT /students/', student({ fullname: 'Owing Kid', mobile: '9811122299' }))).body.data;
    const tuition = await createRecord(t, s, 'fee-items', { name: 'Tuition', amount: 1500 });
    const bill = await call('PUT /fees/pay/', {
      student_id: kid.id, ac_year_id: year.id, name: 'Term 1', amount_total: 1500, amount_paid: 0,
      details: [{ fee_item_id: tuition.id, amount: 1500, quantity: 1 }], installments: [],
    });
    expect(bill.body.error).toBeNull();
    const alert = await call(`GET /fees/due/alert/${bill.body.data.payment_id}/`);
    expect(alert.body.error).toBeNull();
    const sms = await t.database.db.withSchema(s.schema).selectFrom('outbox_sms').select(['mobile', 'message', 'template_id']).where('mobile', '=', '9811122299').execute();
    expect(sms).toEqual([{ mobile: '9811122299', message: `Owing Kid owes ₹1,500.00 on Term 1. School ${s.code}`, template_id: '1107000000000000042' }]);
  });

  it('starts the school with the modules its file switches off', async () => {
    const mods = (await call('GET /settings/modules/')).body.data;
    expect(mods.find((m: any) => m.module_key === 'teachers').enabled).toBe(false);
    expect(mods.find((m: any) => m.module_key === 'fees').enabled).toBe(true);
  });
});

describe('a changed file', () => {
  it('is refused with its file, path and reason while the previous configuration stays in force; a good edit applies without a restart', async () => {
    writeConfig(s.code, { ...CONFIG, fields: { students: { ...CONFIG.fields.students, hide: ['dob'] } } });
    await later();
    const refused = await call('GET /school-config/');
    expect(refused.body.data.problem).toBe(`${fileOf(s.code)}: $.fields.students.hide[0]: dob is required by the product and cannot be hidden`);
    // Still in force: the house field is stored and checked.
    expect((await call('PUT /students/', student({ house: 'Narmada' }))).body.data.house).toBe('Narmada');
    expect((await call('PUT /students/', student({ house: 'Thames' }))).body.error).toBe('House is not an allowed value');

    writeConfig(s.code, '{ "fields": { "students": { "custom": { "house": { "title": "House", "type": "colour" } } } } }');
    await later();
    expect((await call('GET /school-config/')).body.data.problem).toMatch(/\$\.fields\.students\.custom\.house\.type: must be one of "string", "text", "integer", "number", "boolean", "date"$/);
    writeConfig(s.code, '{ "labels": { "terms": { "Class": "Grade" } }, }');
    await later();
    expect((await call('GET /school-config/')).body.data.problem).toMatch(/: line 1, column \d+: not valid JSON/);
    expect((await call('PUT /students/', student({ house: 'Ganga' }))).body.data.house).toBe('Ganga');

    // A good edit: the house field goes, a required roll number comes.
    writeConfig(s.code, { labels: CONFIG.labels, fields: { students: { require: ['roll_no'] } } });
    await later();
    const now = await call('GET /school-config/');
    expect(now.body.data.problem).toBeNull();
    expect((await call('PUT /students/', student({ house: 'Ganga', roll_no: 3 }))).body.error).toBe('Unknown field: house');
    expect((await call('PUT /students/', student())).body.error).toBe('Please enter Roll No');
    expect((await call('PUT /students/', student({ roll_no: 4 }))).body.error).toBeNull();
    expect((await call('GET /about/school/', undefined, '')).body.data.config.fields).toEqual({ students: { require: ['roll_no'] } });

    // The file removed: the product's defaults.
    fs.rmSync(fileOf(s.code));
    await later();
    expect((await call('GET /about/school/', undefined, '')).body.data.config).toBeNull();
    expect((await call('PUT /students/', student())).body.error).toBeNull();
  });
});
