/**
 * Marks in the browser: the class teacher of 5 A enters a test's marks with the keyboard and by
 * pasting a column from a spreadsheet, an admin approves them and the families' texts show in
 * the SMS log, and the demo parent reads Aarav's marks on a phone.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, PHONE, adminToken, demoApi, pick, signIn, startE2E, toast, type E2E } from './support.js';

let e: E2E;
let token: string;
let year: { id: number; name: string };
let class5a: number;
let test: number;
let students: Array<{ student_id: number; fullname: string }>;
const TEST = 'Weekly Test 3';

beforeAll(async () => {
  fs.mkdirSync('.tmp/marks', { recursive: true });
  e = await startE2E();
  token = await adminToken(e);
  year = await e.demoDb.selectFrom('ac_year').select(['id', 'name']).where('status', '=', 1).executeTakeFirstOrThrow();
  class5a = (await e.demoDb.selectFrom('class').select('id').where('class', '=', '5').where('section', '=', 'A').executeTakeFirstOrThrow()).id;
  const maths = await e.demoDb.selectFrom('subject').select('id').where('class_id', '=', class5a).where('name', '=', 'Mathematics').executeTakeFirstOrThrow();
  test = (await demoApi<{ id: number }>(e, 'PUT', '/tests/', { name: TEST, ac_year: year.id, start_date: '2026-11-02', end_date: '2026-11-02', test_type: 2 }, token)).id;
  await demoApi(e, 'PUT', '/class/tests/', {
    test_id: test, class_id: class5a,
    subjects: [{ subject_id: maths.id, marks_type: 1, min_marks: 9, max_marks: 25, start_time: '2026-11-02T04:30:00.000Z', end_time: '2026-11-02T05:30:00.000Z' }],
  }, token);
  students = (await e.demoDb.selectFrom('student_year as sy').innerJoin('student as s', 's.id', 'sy.student_id')
    .select(['s.id as student_id', 's.fullname']).where('sy.class_id', '=', class5a).where('sy.ac_year_id', '=', year.id).where('sy.status', '<>', 4)
    .orderBy('sy.roll_no').orderBy('s.fullname').orderBy('s.id').execute());
});
afterAll(() => e?.close());

const markInput = (page: Page, i: number) => page.getByLabel(`Marks of ${students[i]!.fullname}`);

it('a class teacher enters marks with the keyboard and by pasting a column', async () => {
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.teacher);
  await page.goto('/marks/update');
  await pick(page, 'Class', '5 - A');
  await page.locator('.ant-form-item', { hasText: 'Academic Year' }).locator('.ant-select-selection-item', { hasText: year.name }).waitFor();
  await pick(page, 'Test', TEST);
  await pick(page, 'Subject', 'Mathematics');
  await markInput(page, 0).waitFor();
  await page.getByText('Marks (max 25)').first().waitFor();

  // The first cell has the focus: type, Enter, type, Tab, type.
  await expect.poll(() => markInput(page, 0).evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type('24');
  await page.keyboard.press('Enter');
  await page.keyboard.type('ab');
  await page.keyboard.press('Tab');
  await page.keyboard.type('26');
  await page.getByText('Marks obtained must be less than max marks').waitFor();
  expect(await page.getByRole('button', { name: 'Save Marks' }).isDisabled()).toBe(true);
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('19.5');

  // The rest of the class pasted as one spreadsheet column into the fourth cell.
  const rest = students.slice(3).map((_, i) => String(10 + (i % 15)));
  await markInput(page, 3).evaluate((el, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, `${rest.join('\r\n')}\r\n`);
  await expect.poll(() => markInput(page, students.length - 1).inputValue()).toBe(rest.at(-1));
  expect(await markInput(page, 3).inputValue()).toBe('10');
  expect(await markInput(page, 1).inputValue()).toBe('ab');
  await page.screenshot({ path: '/tmp/marks-editor.png', fullPage: true });

  await page.getByRole('button', { name: 'Save Marks' }).click();
  await toast(page, 'Marks Updated').waitFor();
  const stored = await e.demoDb.selectFrom('marks as m').innerJoin('class_test as ts', 'ts.id', 'm.test_subject_id')
    .select(['m.student_id', 'm.marks_obtained', 'm.absent', 'm.grade']).where('ts.test_id', '=', test).execute();
  const byStudent = new Map(stored.map((r) => [r.student_id, r]));
  expect(stored).toHaveLength(students.length);
  expect(byStudent.get(students[0]!.student_id)).toMatchObject({ marks_obtained: 24, absent: false, grade: 'A1' });
  expect(byStudent.get(students[1]!.student_id)).toMatchObject({ marks_obtained: null, absent: true });
  expect(byStudent.get(students[2]!.student_id)).toMatchObject({ marks_obtained: 19.5, grade: 'B1' });
  expect(byStudent.get(students[3]!.student_id)).toMatchObject({ marks_obtained: 10 });
  await page.context().close();
});

it('an admin approves the marks once, and the texts show in the SMS log', async () => {
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.admin);
  await page.goto(`/marks/?class_id=${class5a}&year=${year.id}&test=${test}`);
  await page.getByRole('cell', { name: students[0]!.fullname }).waitFor();
  const row = page.locator('.ant-table-row', { hasText: students[0]!.fullname });
  expect(await row.textContent()).toContain('24/25');
  await page.screenshot({ path: '/tmp/marks-viewer.png', fullPage: true });
  const approve = page.getByRole('button', { name: 'Approve Marks' });
  await approve.click();
  await toast(page, 'Marks approved and messages sent').waitFor();
  await expect.poll(() => approve.isDisabled()).toBe(true);
  await page.goto('/reports/sms/');
  await page.getByText(`${students[0]!.fullname} has scored 24/25 (96%) in ${TEST}`).first().waitFor();
  await page.context().close();
});

it("the parent reads Aarav's approved marks on a phone", async () => {
  const { context, page } = await e.newPage({ phone: true });
  await signIn(page, DEMO.code, DEMO.parentMobile);
  await page.goto('/marks/student');
  // The first of the family's children (by name) is shown first.
  await page.locator('.ant-select-selection-item', { hasText: 'Aarav Kumar (5 - A)' }).waitFor();
  const card = page.locator('.ant-card', { hasText: TEST });
  await card.waitFor();
  const aarav = await e.demoDb.selectFrom('marks as m').innerJoin('student as s', 's.id', 'm.student_id').innerJoin('class_test as ts', 'ts.id', 'm.test_subject_id')
    .select(['m.marks_obtained', 'm.absent', 'm.grade']).where('s.fullname', '=', 'Aarav Kumar').where('ts.test_id', '=', test).executeTakeFirstOrThrow();
  const text = await card.textContent();
  expect(text).toContain('Mathematics');
  expect(text).toContain(aarav.absent ? 'AB' : `${aarav.marks_obtained} / 25`);
  // Nothing runs off the side of a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: '/tmp/marks-parent.png', fullPage: true });
  await context.close();
});

it('says which tests of the class have a subject the chosen test lacks, with a way to add it for an admin only', async () => {
  // The class teacher may enter marks but not change tests: the tests that have the subject, no link to add it.
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.teacher);
  const science = (await e.demoDb.selectFrom('subject').select('id').where('class_id', '=', class5a).where('name', '=', 'Science').executeTakeFirstOrThrow()).id;
  await page.goto(`/marks/update?class_id=${class5a}&year=${year.id}&test=${test}&subject_id=${science}`);
  const hint = page.getByTestId('no-test');
  await hint.getByText(`${TEST} does not include Science for 5 - A.`).waitFor();
  await hint.getByText('Tests of 5 - A with Science:').waitFor();
  const midTerm = hint.getByRole('button', { name: 'Mid Term' });
  await midTerm.waitFor();
  expect(await hint.getByRole('button', { name: TEST }).count()).toBe(0);
  expect(await hint.getByRole('link').count()).toBe(0);
  await page.screenshot({ path: '.tmp/marks/no-test-teacher.png' });
  // A test named there opens its sheet.
  await midTerm.click();
  await page.getByText('Marks (max 100)').first().waitFor();
  await page.context().close();

  const { page: admin } = await e.newPage({ phone: true });
  await signIn(admin, DEMO.code, DEMO.admin);
  await admin.goto(`/marks/update?class_id=${class5a}&year=${year.id}&test=${test}&subject_id=${science}`);
  const add = admin.getByTestId('no-test').getByRole('link', { name: `Add Science to ${TEST}` });
  await add.waitFor();
  await admin.screenshot({ path: '.tmp/marks/no-test-admin-phone.png', fullPage: true });
  await add.click();
  await admin.waitForURL(`**/academics/test/details/${test}?*`);
  // The test's details open with the class and the subject chosen.
  await admin.locator('.ant-form-item', { hasText: 'Class' }).locator('.ant-select-selection-item', { hasText: '5 - A' }).first().waitFor();
  await admin.locator('.ant-select-selection-item', { hasText: 'Science' }).first().waitFor();
  await admin.context().close();
});
