import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/shared/csv.js';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { createRecord } from '../support/samples.js';
import { multipart } from '../support/upload.js';

let t: TestApp;
let s: TestSchool;
let admin: string;
let year: number;
let oldYear: number;
let classA: number;

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  admin = s.tokens['4'];
  oldYear = (await createRecord(t, s, 'acyears', { name: '2025-26', start_date: '2025-06-01', end_date: '2026-03-31' })).id;
  year = (await createRecord(t, s, 'acyears', { name: '2026-27', start_date: '2026-06-01', end_date: '2027-03-31' })).id;
  await t.call(s.code, `PATCH /acyear/${year}/`, { action: 'start' }, admin);
  classA = (await createRecord(t, s, 'classes', { class: '3', section: 'A' })).id;
});
afterAll(() => t?.close());

const call = (c: string, body?: unknown, token = admin) => t.call(s.code, c, body, token);
const db = () => schoolDb(t, s);
let mobileSeq = 0;
/** A fresh valid mobile number. */
const mob = () => `7${String(100000000 + ++mobileSeq * 7919).slice(-9)}`;
let admSeq = 0;
const adm = () => `IM${Date.now() % 1000000}-${++admSeq}`;


/** POST /upload/?file_path=documents, as the import modal does; the stored path. */
async function upload(content: string | Buffer, name = 'students.csv'): Promise<string> {
  const { payload, headers } = multipart(name, typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
  const res = await t.app.inject({ method: 'POST', url: `/api/${s.code}/upload/?file_path=documents`, payload, headers: { ...headers, authorization: `Bearer ${admin}` } });
  const body = res.json();
  if (!body.success) throw new Error(`upload: ${body.error}`);
  return body.data.path;
}

async function importCsv(content: string | Buffer, opts: { classId?: number; yearId?: number; token?: string } = {}) {
  const path = await upload(content);
  return call('PUT /import/students/', { path, class_id: opts.classId ?? classA, ac_year_id: opts.yearId ?? year }, opts.token);
}

const HEADER = 'fullname,mobile,dob,admission_no,admission_date,roll_no,usn,aadhar_no,father_name,gender,religion,caste,quota,blood_group,address';
const csvLine = (r: Record<string, string>) => HEADER.split(',').map((k) => {
  const v = r[k] ?? '';
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}).join(',');
const good = (over: Record<string, string> = {}) => ({
  fullname: `Kid ${++admSeq}`, mobile: mob(), dob: '2016-05-17', admission_no: adm(), admission_date: '2026-06-01', ...over,
});
const file = (rows: Array<Record<string, string>>, eol = '\r\n') => [HEADER, ...rows.map(csvLine)].join(eol) + eol;

const byAdmission = (no: string) => db().selectFrom('student').selectAll().where('admission_no', '=', no).executeTakeFirst();
const countWithAdmission = async (nos: string[]) => Number((await db().selectFrom('student').select((eb) => eb.fn.countAll().as('n')).where('admission_no', 'in', nos).executeTakeFirstOrThrow()).n);

describe('import: good rows', () => {
  it('adds students with their year row, family login, father contact and address; re-import adds nothing twice', async () => {
    const sharedMobile = mob();
    const rows = [
      good({ fullname: 'Aarav Sharma', mobile: sharedMobile, roll_no: '4', usn: 'USN1', aadhar_no: '1234 5678 9012', father_name: 'Rajesh Sharma', gender: 'male', religion: 'Hindu', caste: 'X', quota: 'General', blood_group: 'B+', address: '12, 4th Cross,\r\n"Green" Layout, Bengaluru' }),
      good({ fullname: 'Diya Sharma', mobile: sharedMobile, father_name: 'Rajesh Sharma', gender: 'Female' }),
      good({ fullname: 'ಕಾವ್ಯ ರಾವ್', gender: 'F' }),
    ];
    // BOM, CRLF, header with capitals and spaces.
    const content = `\uFEFF${file(rows).replace(HEADER, HEADER.split(',').map((h) => ` ${h.toUpperCase()} `).join(','))}`;
    const res = await importCsv(content);
    expect(res.body).toMatchObject({ success: true, message: 'Students Added', data: { added: 3, skipped: 0, errors: [] } });

    const aarav = await byAdmission(rows[0]!.admission_no!);
    expect(aarav).toMatchObject({
      fullname: 'Aarav Sharma', mobile: sharedMobile, dob: '2016-05-17', admission_date: '2026-06-01', roll_no: 4, usn: 'USN1',
      aadhar_no: '123456789012', gender: 'Male', religion: 'Hindu', caste: 'X', quota: 'General', blood_group: 'B+',
      class_id: classA, ac_year_id: year, status: 1,
      extras: { father_name: 'Rajesh Sharma', address: '12, 4th Cross,\n"Green" Layout, Bengaluru' },
    });
    const diya = await byAdmission(rows[1]!.admission_no!);
    expect(diya!.gender).toBe('Female');
    const kavya = await byAdmission(rows[2]!.admission_no!);
    expect(kavya!.fullname).toBe('ಕಾವ್ಯ ರಾವ್');
    // Brother and sister share one login; the name of the login is the father's.
    expect(diya!.user_id).toBe(aarav!.user_id);
    expect(kavya!.user_id).not.toBe(aarav!.user_id);
    const login = await db().selectFrom('user').selectAll().where('id', '=', aarav!.user_id).executeTakeFirstOrThrow();
    expect(login).toMatchObject({ role: 1, username: sharedMobile, mobile: sharedMobile, name: 'Rajesh Sharma' });
    // The family's password is the mobile: stored as "password is the username", no hash made.
    expect(login.password_hash).toBe('=username');
    const signedIn = await t.call(s.code, 'POST /login/', { email: sharedMobile, password: sharedMobile });
    expect(signedIn.body.data.user).toMatchObject({ id: aarav!.user_id, password_is_username: true });
    expect((await t.call(s.code, 'POST /login/', { email: sharedMobile, password: `${sharedMobile}0` })).status).toBe(401);

    const year1 = await db().selectFrom('student_year').selectAll().where('student_id', '=', aarav!.id).execute();
    expect(year1).toEqual([expect.objectContaining({ ac_year_id: year, class_id: classA, roll_no: 4, status: 1, admission_type: 'NEW' })]);
    const contacts = await db().selectFrom('student_contact').selectAll().where('student_id', '=', aarav!.id).execute();
    expect(contacts).toEqual([expect.objectContaining({ contact_name: 'Rajesh Sharma', mobile: sharedMobile, student_relation: 'Father', address: '12, 4th Cross,\n"Green" Layout, Bengaluru' })]);
    expect(await db().selectFrom('student_contact').select('id').where('student_id', '=', kavya!.id).execute()).toEqual([]);
    // Each student's creation is audited like a form's.
    const audits = await db().selectFrom('audit').select(['resource', 'action']).where('resource', '=', 'students').where('record_id', 'in', [String(aarav!.id), String(kavya!.id)]).execute();
    expect(audits).toHaveLength(2);

    // The imported student logs in with the mobile as username and password.
    const li = await call('POST /login/', { email: sharedMobile, password: sharedMobile }, '');
    expect(li.body.success).toBe(true);
    expect(li.body.data.user ?? li.body.data).toMatchObject({ role: 1 });

    // The same file again: every row is skipped, nothing is added twice.
    const again = await importCsv(content);
    expect(again.body).toMatchObject({ success: true, data: { added: 0, skipped: 3, errors: [] } });
    expect(await countWithAdmission(rows.map((r) => r.admission_no!))).toBe(3);
    expect(await db().selectFrom('user').select('id').where('username', '=', sharedMobile).execute()).toHaveLength(1);
  });

  it('reads LF and CR line ends, columns in any order, missing optional columns and semicolons', async () => {
    const a = good();
    const b = good();
    const lf = `admission_date,Admission_No,DOB,Mobile,Full Name\n${[a, b].map((r) => [r.admission_date, r.admission_no, r.dob, r.mobile, r.fullname].join(',')).join('\n')}\n\n`;
    expect((await importCsv(lf)).body.data).toMatchObject({ added: 2, skipped: 0, errors: [] });
    const c = good();
    const cr = `fullname;mobile;dob;admission_no;admission_date\r${[c.fullname, c.mobile, c.dob, c.admission_no, c.admission_date].join(';')}`;
    expect((await importCsv(cr)).body.data).toMatchObject({ added: 1, errors: [] });
    expect(await countWithAdmission([a.admission_no!, b.admission_no!, c.admission_no!])).toBe(3);
  });

  it('links a row to an existing parent login with the same mobile, and refuses a staff login\'s username', async () => {
    await db().insertInto('user').values({ name: 'Staff', username: '9123456780', mobile: '9123456780', role: 2, password_hash: 'x' }).execute();
    const sib = good({ mobile: '9800000001' });
    const staff = good({ mobile: '9123456780', fullname: 'Staff Kid' });
    const res = await importCsv(file([sib, staff]));
    expect(res.body.data.added).toBe(1);
    expect(res.body.data.errors).toEqual([{ fullname: 'Staff Kid', error: 'Row 3: This mobile number is the username of a staff login' }]);
    expect((await byAdmission(sib.admission_no!))!.user_id).toBe(s.users['1']);
    expect(await byAdmission(staff.admission_no!)).toBeUndefined();
  });
});

describe('import: rows with problems', () => {
  it('lists duplicates in the school and in the file, adds the rest', async () => {
    const existing = good({ fullname: 'Meera Nair' });
    await importCsv(file([existing]));
    const clash = good({ fullname: 'Someone Else', admission_no: existing.admission_no! });
    const first = good({ fullname: 'First Of Two' });
    const second = good({ fullname: 'Second Of Two', admission_no: first.admission_no! });
    const fine = good();
    const res = await importCsv(file([clash, first, second, fine]));
    expect(res.body.data).toEqual({
      added: 2, skipped: 0,
      errors: [
        { fullname: 'Someone Else', error: 'Row 2: Admission number already used' },
        { fullname: 'Second Of Two', error: `Row 4: Admission number ${first.admission_no} is repeated in this file (row 3)` },
      ],
    });
    expect((await byAdmission(existing.admission_no!))!.fullname).toBe('Meera Nair');
    expect((await byAdmission(first.admission_no!))!.fullname).toBe('First Of Two');
    expect(await byAdmission(fine.admission_no!)).toBeTruthy();
  });

  it('refuses bad dates, bad mobiles and missing fields, and stores nothing of those rows', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [good({ fullname: 'Bad Dob 1', dob: '21/06/2015' }), 'DoB must be a date written YYYY-MM-DD, e.g. 2015-06-21'],
      [good({ fullname: 'Bad Dob 2', dob: '2015-02-30' }), 'DoB is not a real date: 2015-02-30'],
      [good({ fullname: 'Bad Dob 3', dob: '2999-01-01' }), 'DoB is not a real date: 2999-01-01'],
      [good({ fullname: 'Future Dob', dob: '2099-01-01' }), 'DoB is in the future'],
      [good({ fullname: 'Bad Admission Date', admission_date: '2026-13-01' }), 'Admission date is not a real date: 2026-13-01'],
      [good({ fullname: 'Leading Zero', mobile: '0987654321' }), 'Enter valid mobile number: 10 digits starting 6-9, without 0, +91, spaces or hyphens'],
      [good({ fullname: 'Country Code', mobile: '+919876543210' }), 'Enter valid mobile number: 10 digits starting 6-9, without 0, +91, spaces or hyphens'],
      [good({ fullname: 'Spaces', mobile: '98765 43210' }), 'Enter valid mobile number: 10 digits starting 6-9, without 0, +91, spaces or hyphens'],
      [good({ fullname: 'Hyphens', mobile: '98765-43210' }), 'Enter valid mobile number: 10 digits starting 6-9, without 0, +91, spaces or hyphens'],
      [good({ fullname: 'Starts Five', mobile: '5876543210' }), 'Enter valid mobile number: 10 digits starting 6-9, without 0, +91, spaces or hyphens'],
      [good({ fullname: 'Short', mobile: '98765' }), 'Enter valid mobile number: 10 digits starting 6-9, without 0, +91, spaces or hyphens'],
      [good({ fullname: 'No Mobile', mobile: '' }), 'Mobile is required'],
      [good({ fullname: 'No Dob', dob: '' }), 'DoB is required'],
      [good({ fullname: 'No Admission No', admission_no: '' }), 'Admission number is required'],
      [good({ fullname: 'Zero Admission', admission_no: '0' }), 'Invalid Admission Number'],
      [good({ fullname: 'No Admission Date', admission_date: '' }), 'Admission date is required'],
      [good({ fullname: 'Bad Roll', roll_no: 'seven' }), 'Roll No must be a whole number from 0 to 100000'],
      [good({ fullname: 'Bad Aadhaar', aadhar_no: '1234' }), 'Aadhaar must be 12 digits'],
      [good({ fullname: 'Bad Gender', gender: 'X' }), 'Gender must be Male, Female or Others'],
      [good({ fullname: 'Long Admission', admission_no: 'A'.repeat(31) }), 'Admission number must be at most 30 characters'],
    ];
    const nameless = good({ fullname: '' });
    const res = await importCsv(file([...cases.map(([r]) => r), nameless, good({ fullname: 'Two Problems', mobile: '123', dob: 'x' })]));
    expect(res.body.success).toBe(true);
    expect(res.body.data.added).toBe(0);
    expect(res.body.data.errors).toEqual([
      ...cases.map(([r, error], i) => ({ fullname: r.fullname, error: `Row ${i + 2}: ${error}` })),
      { fullname: `Row ${cases.length + 2}`, error: `Row ${cases.length + 2}: Student name is required` },
      { fullname: 'Two Problems', error: `Row ${cases.length + 3}: Enter valid mobile number: 10 digits starting 6-9, without 0, +91, spaces or hyphens; DoB must be a date written YYYY-MM-DD, e.g. 2015-06-21` },
    ]);
    expect(await countWithAdmission(cases.map(([r]) => r.admission_no!).filter(Boolean))).toBe(0);
  });

  it('refuses formulas, control characters and 10,000-character values', async () => {
    const rows: Array<[Record<string, string>, string, string]> = [
      [good({ fullname: "=cmd|' /C calc'!A0" }), 'Row 2', 'Student name: Formulas are not allowed'],
      [good({ fullname: 'Plus Father', father_name: '+SUM(A1:A9)' }), 'Plus Father', "Father's name: Formulas are not allowed"],
      [good({ fullname: 'At Address', address: '@IMPORTXML(x)' }), 'At Address', 'Address: Formulas are not allowed'],
      [good({ fullname: 'Minus Caste', caste: '-2+3' }), 'Minus Caste', 'Caste: Formulas are not allowed'],
      [good({ fullname: 'Tab Religion', religion: '\t=1+1' }), 'Tab Religion', 'Religion: Formulas are not allowed'],
      [good({ fullname: 'CR Quota', quota: '\r=1+1' }), 'CR Quota', 'Quota: Formulas are not allowed'],
      [good({ fullname: 'Spaced Formula', usn: '   =1+1' }), 'Spaced Formula', 'SATS/USN: Formulas are not allowed'],
      [good({ fullname: 'Control', caste: 'a\u0007b' }), 'Control', 'Caste has characters that are not allowed'],
      [good({ fullname: 'Two Lines', religion: 'a\nb' }), 'Two Lines', 'Religion must be on one line'],
      [good({ fullname: 'N'.repeat(10_000) }), `${'N'.repeat(60)}…`, 'Student name must be at most 100 characters'],
      [good({ fullname: 'Long Address', address: 'x'.repeat(10_000) }), 'Long Address', 'Address must be at most 500 characters'],
      [good({ fullname: 'Long Mobile', mobile: '9'.repeat(10_000) }), 'Long Mobile', 'Mobile is too long'],
    ];
    const res = await importCsv(file(rows.map(([r]) => r)));
    expect(res.body.data.added).toBe(0);
    expect(res.body.data.errors).toEqual(rows.map(([, fullname, error], i) => ({ fullname, error: `Row ${i + 2}: ${error}` })));
    expect(await countWithAdmission(rows.map(([r]) => r.admission_no!))).toBe(0);
    // A value with a formula character inside (not at the start) is ordinary text.
    const ok = good({ fullname: 'Ravi = Kumar', blood_group: 'AB-', address: 'Flat 2-B, 1st Main' });
    expect((await importCsv(file([ok]))).body.data).toMatchObject({ added: 1, errors: [] });
  });
});

describe('import: the file', () => {
  it('refuses a file that is not UTF-8 with one clear error and stores nothing', async () => {
    const row = good({ fullname: 'José Ñúñez' });
    const latin1 = Buffer.from(file([row]), 'latin1');
    const res = await importCsv(latin1);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('The file is not UTF-8 text. In Excel use "Save As" > "CSV UTF-8 (Comma delimited)" and upload it again');
    expect(await byAdmission(row.admission_no!)).toBeUndefined();
    const binary = await importCsv(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00]));
    expect(binary.status).toBe(400);
  });

  it('answers 400 with a clear message for empty, headerless, short and broken files', async () => {
    const expect400 = async (content: string, msg: string) => {
      const r = await importCsv(content);
      expect(r.status, content.slice(0, 40)).toBe(400);
      expect(r.body.error).toBe(msg);
    };
    await expect400('\r\n\r\n', 'The file is empty');
    await expect400('\uFEFF', 'The file is empty');
    await expect400(`${HEADER}\r\n`, 'The file has no students below the header row');
    await expect400(`Asha,9876543210,2015-01-01,77,2026-06-01\r\n`, `The first row must be the header row of the template: ${HEADER.split(',').join(', ')}`);
    await expect400(`fullname,mobile,admission_no\r\nAsha,9876543210,77\r\n`, 'Missing columns: dob, admission_date. The first row must be the header row of the template');
    await expect400(`fullname,mobile,FullName,dob,admission_no,admission_date\r\n`, 'The column fullname appears twice in the header row');
    await expect400(`${HEADER}\r\n"Asha,9876543210\r\n`, 'A quoted value that starts on line 2 is not closed');
    const many = `fullname,mobile,dob,admission_no,admission_date\n${'a,b,c,d,e\n'.repeat(20_001)}`;
    await expect400(many, 'The file has more than 20,000 students; split it into smaller files');
  });

  it('checks the class, year and path', async () => {
    const path = await upload(file([good()]));
    const expect400 = async (body: unknown, msg: string) => {
      const r = await call('PUT /import/students/', body);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe(msg);
    };
    await expect400({ path, ac_year_id: year }, 'Please select class and section');
    await expect400({ path, class_id: classA }, 'Please select academic year!');
    await expect400({ path, class_id: 999999, ac_year_id: year }, 'Class not found');
    await expect400({ path, class_id: classA, ac_year_id: 999999 }, 'Academic year not found');
    await expect400({ class_id: classA, ac_year_id: year }, 'Upload the CSV file first');
    await expect400({ path: '/etc/passwd', class_id: classA, ac_year_id: year }, 'The uploaded file was not found: upload it again');
    await expect400({ path: `/api/${s.code}/files/${'A'.repeat(32)}/x.csv`, class_id: classA, ac_year_id: year }, 'The uploaded file was not found: upload it again');
    await expect400({ path, class_id: classA, ac_year_id: year, extra: 1 }, 'Unknown field: extra');
  });

  it('answers other requests while a long import runs, and reports its progress', async () => {
    const rows = [...Array.from({ length: 1000 }, () => good()), good({ mobile: '12345' }), good({ dob: '2016-02-30' })];
    const path = await upload(file(rows));
    let importDone = false;
    const importId = `imp-${Date.now()}-progress`;
    const imp = call('PUT /import/students/', { path, class_id: classA, ac_year_id: year, import_id: importId }).then((r) => { importDone = true; return r; });
    const progress = async () => (await call(`GET /import/students/progress/${importId}/`)).body.data;
    // Once the first batch is in, another person's request is answered before the import ends:
    // the import works in batches, each its own short transaction, and gives way between them.
    await expect.poll(async () => (await progress()).added, { timeout: 60_000, interval: 20 }).toBeGreaterThan(0);
    const light = await call('GET /classes-list/');
    expect(light.body.success).toBe(true);
    expect(importDone).toBe(false);
    const during = await progress();
    expect(during).toMatchObject({ total: 1002, finished: false, not_added: 2 });
    expect(during.done).toBeGreaterThan(2);
    expect(during.done).toBeLessThan(1002);
    const res = await imp;
    expect(res.body.data).toMatchObject({ added: 1000, skipped: 0 });
    expect(res.body.data.errors).toHaveLength(2);
    expect(await progress()).toEqual({ total: 1002, done: 1002, added: 1000, skipped: 0, not_added: 2, finished: true });
  });

  it('keeps each admin\'s progress to themselves and refuses a made-up import id', async () => {
    expect((await call('GET /import/students/progress/imp-nothing-here/')).body.data).toEqual({ total: 0, done: 0, added: 0, skipped: 0, not_added: 0, finished: false });
    expect((await call('GET /import/students/progress/a%20b/')).status).toBe(400);
    const path = await upload(file([good()]));
    expect((await call('PUT /import/students/', { path, class_id: classA, ac_year_id: year, import_id: 'x' })).body.error).toBe('Invalid import id');
    expect((await call('GET /import/students/progress/imp-nothing-here/', undefined, s.tokens['2'])).status).toBe(403);
  });
});

describe('who may import and export', () => {
  it('lets only admins with students create access import', async () => {
    const row = good();
    const path = await upload(file([row]));
    for (const who of ['1', '2', '5', '7', 'admin-none', 'admin-read']) {
      const r = await call('PUT /import/students/', { path, class_id: classA, ac_year_id: year }, s.tokens[who]);
      expect(r.status, who).toBe(403);
    }
    expect((await call('PUT /import/students/', { path, class_id: classA, ac_year_id: year }, '')).status).toBe(401);
    expect(await byAdmission(row.admission_no!)).toBeUndefined();
    const r = await call('PUT /import/students/', { path, class_id: classA, ac_year_id: year }, s.tokens['3']);
    expect(r.body.data.added).toBe(1);
  });

  it('lets teachers, admins and librarians export; not parents', async () => {
    for (const who of ['2', '3', '4', '7', 'admin-read']) expect((await call('GET /export/students/', undefined, s.tokens[who])).status, who).toBe(200);
    for (const who of ['1', '5', '6', 'admin-none']) expect((await call('GET /export/students/', undefined, s.tokens[who])).status, who).toBe(403);
  });
});

describe('export', () => {
  async function download(query = '') {
    const r = await call(`GET /export/students/${query}`);
    expect(r.body.success, r.body.error ?? '').toBe(true);
    const got = await t.app.inject({ method: 'GET', url: r.body.data.path });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toMatch(/^text\/csv/);
    expect(got.headers['content-disposition']).toMatch(/^attachment/);
    const bytes = got.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return { data: r.body.data, text: bytes.toString('utf8'), records: parseCsv(bytes.toString('utf8').slice(1)) };
  }

  it('writes the spec columns for current students only, with formulas neutralised', async () => {
    const cls = (await createRecord(t, s, 'classes', { class: '9', section: 'EX' })).id;
    const other = (await createRecord(t, s, 'classes', { class: '9', section: 'EY' })).id;
    const rows = [
      good({ fullname: 'Current One', roll_no: '2', quota: 'RTE', religion: 'Hindu', caste: 'GM', address: 'House 1, "Lane", Mysuru' }),
      good({ fullname: 'Current Two', roll_no: '1' }),
      good({ fullname: 'Graduated' }), good({ fullname: 'Left With TC' }), good({ fullname: 'Shuffled Away' }), good({ fullname: 'Year Break' }),
    ];
    expect((await importCsv(file(rows), { classId: cls })).body.data.added).toBe(6);
    const id = async (i: number) => (await byAdmission(rows[i]!.admission_no!))!.id as number;
    await call('PUT /promote/students/', { from_class: cls, from_ac_year: year, students: [await id(2)] });
    await db().updateTable('student').set({ status: 2 }).where('id', '=', await id(3)).execute();
    await call('POST /shuffle/students/', { from_class: cls, from_ac_year: year, to_class: other, to_ac_year: year, students: [await id(4)] });
    await call('PATCH /promote/students/', { from_class: cls, from_ac_year: year, students: [await id(5)] });
    // A hostile value that reached the database some other way.
    await db().updateTable('student').set({ caste: "=cmd|' /C calc'!A0", religion: '+1', quota: '@x' }).where('id', '=', await id(1)).execute();

    const { data, text, records } = await download(`?class_id=${cls}&ac_year_id=${year}`);
    expect(data.count).toBe(2);
    expect(data.path).toMatch(new RegExp(`^/api/${s.code}/files/[A-Za-z0-9_-]{32}/students-9-EX-2026-27\\.csv$`));
    expect(records[0]).toEqual(['ID', 'Student Name', 'DoB', 'Mobile', 'Admission No', 'Admission Date', 'Roll No', 'Admission Type', 'Quota', 'Religion', 'Caste', 'Address']);
    expect(records.slice(1)).toEqual([
      [String(await id(1)), 'Current Two', '2016-05-17', rows[1]!.mobile, rows[1]!.admission_no, '2026-06-01', '1', 'NEW', "'@x", "'+1", "'=cmd|' /C calc'!A0", ''],
      [String(await id(0)), 'Current One', '2016-05-17', rows[0]!.mobile, rows[0]!.admission_no, '2026-06-01', '2', 'NEW', 'RTE', 'Hindu', 'GM', 'House 1, "Lane", Mysuru'],
    ]);
    expect(text).toContain('\r\n');
    expect(text).not.toMatch(/(^|,)=cmd/m);

    // The shuffled student is current in the other class.
    const moved = await download(`?class_id=${other}`);
    expect(moved.records.slice(1).map((r) => r[1])).toEqual(['Shuffled Away']);
  });

  it('exports every class of the enabled year by default, and another year on request', async () => {
    const all = await download();
    const names = all.records.slice(1).map((r) => r[1]);
    expect(names).toContain('Aarav Sharma');
    expect(names).toContain('Current One');
    expect(names).not.toContain('Graduated');
    const old = await download(`?ac_year_id=${oldYear}`);
    expect(old.records).toHaveLength(1);
    expect(old.data.count).toBe(0);
    expect((await call('GET /export/students/?class_id=abc')).status).toBe(400);
    expect((await call('GET /export/students/?ac_year_id=999999')).body.error).toBe('Academic year not found');
  });
});
