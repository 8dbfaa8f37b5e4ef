import type { TestApp, TestSchool } from './app.js';

let admitted = 0;

/**
 * Admits a student through the contract's own call (PUT /students/), as a test's setup: a fresh
 * name and admission number (`prefix` tells which test made it, so files never clash), the
 * given values over them. The new student as the call answers it; a refusal throws.
 */
export async function admitStudent(
  t: TestApp, s: TestSchool, token: string, values: { ac_year_id: number; class_id: number } & Record<string, unknown>, prefix: string,
) {
  const n = ++admitted;
  const res = await t.call(s.code, 'PUT /students/', {
    fullname: `Student ${n}`, mobile: '9876543210', dob: '2015-04-01',
    admission_no: `${prefix}-${n}-${Math.random().toString(36).slice(2, 7)}`, admission_date: '2026-06-01', ...values,
  }, token);
  if (!res.body.success) throw new Error(`admit: ${res.body.error}`);
  return res.body.data;
}
