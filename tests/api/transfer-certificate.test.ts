/**
 * Transfer certificates (/certificate/transfer): finding a student by admission number, issuing
 * the certificate with the school's sequential serial (TC/<year>/<nnnn>), which marks the
 * student TC as the students list's delete with reason TC does; issuing again keeps the one
 * serial, concurrent issues never share one, the PDF carries the serial; admins only.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, PASSWORD, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { admitStudent } from '../support/admit.js';
import { createRecord } from '../support/samples.js';

let t: TestApp;
let s: TestSchool;
let admin: string;
let year: number;
let classA: number;
const YEAR = new Date().getUTCFullYear();

const call = (c: string, body?: unknown, token = admin) => t.call(s.code, c, body, token);
const leaving = (student_id: number, extra: Record<string, unknown> = {}) => ({
  student_id, leaving_date: '2026-11-20', reason: "Parent's transfer to Pune", conduct: 'Good', fees_paid_upto: 'November 2026', ...extra,
});
const admit = (values: Record<string, unknown> = {}) => admitStudent(t, s, admin, { ac_year_id: year, class_id: classA, ...values }, 'TC');

/** The text of a PDF, as pdftotext reads it. */
function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'tc-'));
  writeFileSync(join(dir, 'tc.pdf'), bytes);
  return execFileSync('pdftotext', ['-layout', join(dir, 'tc.pdf'), '-'], { encoding: 'utf8' });
}

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  admin = s.tokens['3']!;
  year = (await createRecord(t, s, 'acyears', { name: '2026-27' })).id;
  classA = (await createRecord(t, s, 'classes', { class: '10', section: 'A' })).id;
});
afterAll(() => t?.close());

describe('issuing a transfer certificate', () => {
  it('finds the student by admission number, issues TC/<year>/0001 from the record and marks the student TC', async () => {
    const student = await admit({ fullname: 'Meera Iyer', admission_no: 'ADM-7001', dob: '2011-02-14', admission_date: '2019-06-03', extras: { father_name: 'Venkat Iyer', mother_name: 'Lakshmi Iyer' } });
    const found = await call('GET /certificate/transfer/search/adm-7001/');
    expect(found.body.data).toEqual([{ id: student.id, fullname: 'Meera Iyer', admission_no: 'ADM-7001', status: 1, class: '10', section: 'A', serial: null }]);
    expect(await call('GET /certificate/transfer/search/NOPE-1/')).toMatchObject({ status: 404, body: { success: false, error: 'No student has admission number NOPE-1' } });

    const before = (await call(`GET /certificate/transfer/${student.id}/`)).body.data;
    expect(before.certificate).toBeNull();
    expect(before.student).toMatchObject({ fullname: 'Meera Iyer', admission_no: 'ADM-7001', dob: '2011-02-14', admission_date: '2019-06-03', father_name: 'Venkat Iyer', mother_name: 'Lakshmi Iyer', class: '10', section: 'A' });

    const issued = await call('PUT /certificate/transfer/', leaving(student.id, { remarks: 'A bright student' }));
    expect(issued.body).toMatchObject({ success: true, message: 'Transfer Certificate Issued', data: { student_id: student.id, serial: `TC/${YEAR}/0001` } });
    const after = (await call(`GET /certificate/transfer/${student.id}/`)).body.data;
    expect(after.certificate).toMatchObject({
      serial: `TC/${YEAR}/0001`, class_left: '10 - A', leaving_date: '2026-11-20', reason: "Parent's transfer to Pune", conduct: 'Good',
      fees_paid_upto: 'November 2026', remarks: 'A bright student',
    });
    expect((await call(`GET /student/${student.id}/`)).body.data.status).toBe(2);
    expect((await call('GET /certificate/transfer/search/ADM-7001/')).body.data[0]).toMatchObject({ status: 2, serial: `TC/${YEAR}/0001` });
  });

  it('keeps one serial when a student is issued again, even at the same moment', async () => {
    const student = await admit();
    const both = await Promise.all([call('PUT /certificate/transfer/', leaving(student.id)), call('PUT /certificate/transfer/', leaving(student.id))]);
    const serials = both.map((r) => r.body.data.serial);
    expect(serials[0]).toBe(serials[1]);
    expect(both.map((r) => r.body.message).sort()).toEqual(['Transfer Certificate Issued', 'Transfer Certificate already issued']);
    const again = await call('PUT /certificate/transfer/', leaving(student.id, { reason: 'Changed my mind' }));
    expect(again.body).toMatchObject({ success: true, message: 'Transfer Certificate already issued', data: { serial: serials[0] } });
    expect((await call(`GET /certificate/transfer/${student.id}/`)).body.data.certificate.reason).toBe("Parent's transfer to Pune");
    const rows = await schoolDb(t, s).selectFrom('transfer_certificate').select('serial').where('student_id', '=', student.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('gives ten students issued at once ten distinct, sequential serials', async () => {
    const existing = await schoolDb(t, s).selectFrom('transfer_certificate').select('serial_no').execute();
    const start = Math.max(0, ...existing.map((r) => r.serial_no ?? 0));
    const students = await Promise.all(Array.from({ length: 10 }, () => admit()));
    const res = await Promise.all(students.map((st) => call('PUT /certificate/transfer/', leaving(st.id))));
    for (const r of res) expect(r.body.message).toBe('Transfer Certificate Issued');
    const serials = res.map((r) => r.body.data.serial as string).sort();
    expect(new Set(serials).size).toBe(10);
    expect(serials).toEqual(Array.from({ length: 10 }, (_, i) => `TC/${YEAR}/${String(start + i + 1).padStart(4, '0')}`));
  });

  it('refuses what is missing or wrong, with nothing stored and the student still active', async () => {
    const student = await admit({ admission_date: '2024-06-01' });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ leaving_date: undefined }, 'Date of leaving is required'],
      [{ reason: undefined }, 'Reason for leaving is required'],
      [{ reason: '   ' }, 'Reason for leaving is required'],
      [{ conduct: undefined }, 'Conduct is required'],
      [{ fees_paid_upto: undefined }, 'Fees paid up to is required'],
      [{ leaving_date: '2024-05-01' }, 'The date of leaving cannot be before the admission date'],
    ];
    for (const [change, message] of cases) {
      const body = leaving(student.id, change);
      for (const k of Object.keys(change)) if (change[k] === undefined) delete (body as Record<string, unknown>)[k];
      const res = await call('PUT /certificate/transfer/', body);
      expect(res.status, message).toBe(400);
      expect(res.body.error).toBe(message);
    }
    expect((await call('PUT /certificate/transfer/', leaving(999999))).status).toBe(404);
    expect((await call(`GET /certificate/transfer/${student.id}/`)).body.data.certificate).toBeNull();
    expect((await call(`GET /student/${student.id}/`)).body.data.status).toBe(1);
  });
});

describe('the certificate as a PDF', () => {
  it('is served as application/pdf with the serial and the student inside, the same serial each time', async () => {
    const student = await admit({ fullname: 'Arjun Rao', admission_no: 'ADM-8001', extras: { father_name: 'Kiran Rao' } });
    expect(await call(`GET /certificate/transfer/${student.id}/pdf/`)).toMatchObject({ status: 404, body: { error: 'The transfer certificate has not been issued yet' } });
    const serial = (await call('PUT /certificate/transfer/', leaving(student.id))).body.data.serial as string;
    for (let i = 0; i < 2; i++) {
      const made = await call(`GET /certificate/transfer/${student.id}/pdf/`);
      expect(made.body).toMatchObject({ success: true, message: 'Transfer certificate ready', data: { serial } });
      const file = await t.app.inject({ method: 'GET', url: made.body.data.path });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      const text = pdfText(file.rawPayload);
      expect(text).toContain('TRANSFER CERTIFICATE');
      expect(text).toContain(`Serial No: ${serial}`);
      expect(text).toContain('Arjun Rao');
      expect(text).toContain('ADM-8001');
      expect(text).toContain('Kiran Rao');
      expect(text).toContain('20-11-2026');
    }
  });
});

describe('who may issue', () => {
  it('is for admins only: teachers, parents and the librarian are refused', async () => {
    const student = await admit({ admission_no: 'ADM-9001' });
    for (const token of [s.tokens['2']!, s.tokens['1']!, s.tokens['7']!]) {
      expect((await call('PUT /certificate/transfer/', leaving(student.id), token)).status).toBe(403);
      expect((await call(`GET /certificate/transfer/${student.id}/`, undefined, token)).status).toBe(403);
      expect((await call('GET /certificate/transfer/search/ADM-9001/', undefined, token)).status).toBe(403);
    }
    expect((await call('PUT /certificate/transfer/', leaving(student.id), s.tokens['admin-read']!)).status).toBe(403);
    expect((await call(`GET /student/${student.id}/`)).body.data.status).toBe(1);
    expect((await call('PUT /certificate/transfer/', leaving(student.id), s.tokens['4']!)).body.message).toBe('Transfer Certificate Issued');
  });

  it("takes a TC student off the family's current list", async () => {
    const email = `tcparent@${s.code.toLowerCase()}.test`;
    const { user_id } = (await call('PUT /user/', { name: 'TC Parent', email, password: PASSWORD, role: 1 })).body.data;
    const child = await admit({ fullname: 'Leaving Child' });
    await call('POST /user/link/student/', { student_id: child.id, user_id });
    const parent = (await call('POST /login/', { email, password: PASSWORD }, '')).body.data.token;
    expect((await call('GET /students-list/', undefined, parent)).body.data.map((c: { id: number }) => c.id)).toContain(child.id);
    await call('PUT /certificate/transfer/', leaving(child.id));
    expect((await call('GET /students-list/', undefined, parent)).body.data.map((c: { id: number }) => c.id)).not.toContain(child.id);
  });
});
