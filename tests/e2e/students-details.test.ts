/**
 * Student details, pocket money, the attendance editor, the classes list's student import and
 * the promote screen, driven in the browser against the real server and the demo school.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, pick, signIn, startE2E, type E2E } from './support.js';

let e: E2E;
let page: Page;
/** A 10A student without pocket money (the demo gives it to every third one) and with attendance since June. */
let student: { id: number; fullname: string; admission_no: string };

beforeAll(async () => {
  e = await startE2E();
  ({ page } = await e.newPage());
  const class10a = await e.demoDb.selectFrom('class').select('id').where('class', '=', '10').where('section', '=', 'A').executeTakeFirstOrThrow();
  student = await e.demoDb.selectFrom('student').select(['id', 'fullname', 'admission_no'])
    .where('class_id', '=', class10a.id).where('roll_no', '=', 2).executeTakeFirstOrThrow();
  await signIn(page, DEMO.code, DEMO.admin);
});
afterAll(() => e?.close());

const toast = (p: Page, text: string | RegExp) => p.locator('.ant-notification-notice, .ant-message-notice').filter({ hasText: text }).first();
const modal = (p: Page, title: string) => p.locator('.ant-modal-content').filter({ has: p.locator('.ant-modal-title', { hasText: title }) });

/** antd DatePicker: type the date into its input and confirm. */
async function typeDate(p: Page, selector: string, value: string) {
  const input = p.locator(selector);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

it("opens a student's details with the profile, years, attendance and marks", async () => {
  await page.goto(`/students/details/${student.id}`);
  const profile = page.getByTestId('profile-card');
  await expect.poll(() => profile.textContent(), { timeout: 15_000 }).toContain(student.admission_no);
  expect(await profile.textContent()).toContain(student.fullname);
  expect(await profile.textContent()).toContain('10 - A');
  // The latest year is preselected; the years table lists last year's class too.
  await expect.poll(() => page.locator('#details-year').locator('xpath=ancestor::div[contains(@class,"ant-select")]').first().textContent()).toContain('2026-27');
  const yearsTable = page.locator('.ant-card', { has: page.locator('.ant-card-head-title', { hasText: 'Academic Years' }) });
  await expect.poll(() => yearsTable.textContent()).toContain('2025-26');
  expect(await yearsTable.textContent()).toContain('9 - A');
  // Attendance is recorded for 10A: the calendar marks days and the chart draws months.
  await expect.poll(() => page.locator('[data-attendance]').count()).toBeGreaterThan(0);
  const chart = page.getByTestId('attendance-chart').getByRole('img', { name: 'Attendance by month' });
  await expect.poll(() => chart.locator('.recharts-bar-rectangle path').count()).toBeGreaterThan(0);
  expect(await chart.locator('.recharts-bar-rectangle path').evaluateAll((ps) => new Set(ps.map((p) => p.getAttribute('fill'))).size)).toBeGreaterThan(0);
  // The demo's tests have no marks yet: NA in the grid.
  const marks = page.locator('.ant-card', { has: page.locator('.ant-card-head-title', { hasText: /^Marks$/ }) });
  await expect.poll(() => marks.textContent()).toContain('Mid Term Examination');
  expect(await marks.textContent()).toContain('NA');
});

it('adds a contact and sees it in the contacts card', async () => {
  await page.goto(`/students/details/${student.id}`);
  const card = page.getByTestId('contacts-card');
  await card.getByRole('button', { name: /add contact/i }).click();
  const m = modal(page, 'Add Contact');
  await m.getByLabel(/^contact name/i).fill('Kiran Guardian');
  await m.getByLabel(/^relation/i).fill('Uncle');
  await m.getByLabel(/^mobile/i).fill('9811122233');
  await m.getByRole('button', { name: /^submit$/i }).click();
  await toast(page, 'Contact Added').waitFor();
  await expect.poll(() => card.textContent()).toContain('Kiran Guardian');
  expect(await card.textContent()).toContain('9811122233');
  const stored = await e.demoDb.selectFrom('student_contact').select(['student_id', 'student_relation']).where('contact_name', '=', 'Kiran Guardian').executeTakeFirstOrThrow();
  expect(stored).toEqual({ student_id: student.id, student_relation: 'Uncle' });
});

it('adds a pocket-money credit and a debit and shows the balance', async () => {
  await page.goto(`/students/details/${student.id}`);
  await page.getByRole('button', { name: /pocket money/i }).click();
  await page.waitForURL(`**/students/${student.id}/pocket-money/`);
  const add = async (amount: string, type: 'Credit' | 'Debit', details: string) => {
    await page.getByRole('button', { name: /add transaction/i }).click();
    const m = modal(page, 'Add Transaction');
    await m.getByLabel('Amount').fill(amount);
    await m.getByLabel(type).check();
    await m.getByLabel('Details').fill(details);
    await m.getByRole('button', { name: /^add$/i }).click();
    await toast(page, 'Transaction added!').waitFor();
    await page.locator('.ant-table-row', { hasText: details }).waitFor();
  };
  await add('500', 'Credit', 'Deposit at the office');
  await add('120.50', 'Debit', 'Notebooks');
  const balance = page.locator('.ant-statistic', { hasText: 'Current Balance' });
  await expect.poll(() => balance.textContent()).toContain('₹379.50');
  const rows = page.locator('.ant-table-row');
  expect(await rows.nth(0).textContent()).toContain('Deposit at the office');
  expect(await rows.nth(1).textContent()).toMatch(/Notebooks.*₹120\.50.*₹379\.50/);
});

it('edits attendance, and says when a day has none', async () => {
  await page.goto(`/students/details/${student.id}`);
  const editor = page.getByTestId('attendance-editor');
  await editor.waitFor();
  // A Sunday: no record.
  await typeDate(page, '#attendance-editor-date', '2026-06-07');
  await editor.getByText('Attendance Not Taken').waitFor();
  // A Monday: the record can be corrected.
  const before = await e.demoDb.selectFrom('attendance').select(['id', 'present']).where('student_id', '=', student.id).where('date', '=', '2026-06-08').executeTakeFirstOrThrow();
  // Typed as YYYY-MM-DD or DD-MM-YYYY, the date reads DD-MM-YYYY.
  await typeDate(page, '#attendance-editor-date', '08-06-2026');
  expect(await page.locator('#attendance-editor-date').inputValue()).toBe('08-06-2026');
  const present = editor.getByLabel('Present');
  await present.waitFor();
  await expect.poll(() => present.isChecked()).toBe(before.present === 1);
  await present.setChecked(before.present !== 1);
  await editor.getByLabel('Reason').fill('Corrected by the office');
  await editor.getByRole('button', { name: /update attendance/i }).click();
  await toast(page, 'Attendance Updated').waitFor();
  const after = await e.demoDb.selectFrom('attendance').select(['present', 'reason']).where('id', '=', before.id).executeTakeFirstOrThrow();
  expect(after).toEqual({ present: before.present === 1 ? 0 : 1, reason: 'Corrected by the office' });
});

it("shows the student's dates as DD-MM-YYYY in the edit form", async () => {
  const { dob, admission_date } = await e.demoDb.selectFrom('student').select(['dob', 'admission_date']).where('id', '=', student.id).executeTakeFirstOrThrow();
  const shown = (iso: unknown) => String(iso).slice(0, 10).split('-').reverse().join('-');
  await page.goto(`/students/edit/${student.id}`);
  await expect.poll(() => page.locator('#students_dob').inputValue()).toBe(shown(dob));
  expect(await page.locator('#students_admission_date').inputValue()).toBe(shown(admission_date));
});

it('changes the login, admission type, a profile item and the photo in the details editor', async () => {
  await page.goto(`/students/details/${student.id}`);
  const editor = page.getByTestId('details-editor');
  await editor.waitFor();
  // Username: empty is refused in the browser, a new one is saved on the linked login.
  const username = editor.getByLabel('Username');
  await username.fill('');
  await editor.getByRole('button', { name: /update username/i }).click();
  await editor.getByText("Username can't be empty").waitFor();
  await username.fill('student.roll2.10a');
  await editor.getByRole('button', { name: /update username/i }).click();
  await toast(page, 'Username updated').waitFor();
  const user = await e.demoDb.selectFrom('student').innerJoin('user', 'user.id', 'student.user_id').select('user.username').where('student.id', '=', student.id).executeTakeFirstOrThrow();
  expect(user.username).toBe('student.roll2.10a');
  // Password reset: a new 8-character password, shown once.
  await editor.getByRole('button', { name: /reset password/i }).click();
  await toast(page, 'Password reset').waitFor();
  const shown = page.getByTestId('new-password');
  await shown.waitFor();
  expect((await shown.innerText()).trim()).toMatch(/^[A-Za-z0-9]{8}$/);
  await modal(page, 'Password reset').getByRole('button', { name: /done/i }).click();
  // Admission type of the latest year.
  await pick(page, 'Admission Type', 'NEW');
  await editor.getByRole('button', { name: /update admission type/i }).click();
  await toast(page, 'Admission type updated!').waitFor();
  const yearsTable = page.locator('.ant-card', { has: page.locator('.ant-card-head-title', { hasText: 'Academic Years' }) });
  await expect.poll(async () => yearsTable.locator('.ant-table-row', { hasText: '2026-27' }).textContent()).toContain('NEW');
  // A profile item.
  await editor.getByLabel('Caste', { exact: true }).fill('OBC');
  await editor.getByRole('button', { name: 'Update Caste' }).click();
  await toast(page, 'Student profile item updated').waitFor();
  await expect.poll(() => page.getByTestId('profile-card').textContent()).toContain('OBC');
  // The photo: a GIF is refused in the browser; a small PNG is stored and shown.
  const photoInput = page.getByTestId('photo-card').locator('input[type=file]');
  await photoInput.setInputFiles({ name: 'pic.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await toast(page, 'You can only upload JPG/PNG file!').waitFor();
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  await photoInput.setInputFiles({ name: 'pic.png', mimeType: 'image/png', buffer: png });
  await toast(page, 'Student Pic Updated!').waitFor();
  const img = page.getByTestId('photo-card').locator('img');
  await expect.poll(async () => (await img.count()) > 0 ? img.getAttribute('src') : null).toMatch(/\/files\//);
  expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1);
});

it('imports a students list from the classes list, ends with the counts and lists the refused row', async () => {
  const csv = [
    'fullname,mobile,dob,admission_no,admission_date,roll_no,usn,aadhar_no,father_name,gender,religion,caste,quota,blood_group,address',
    'Imported Asha Rao,9876500001,2021-04-10,7001,2026-06-02,21,,,Mohan Rao,Female,Hindu,,General,B+,"12, 4th Cross, Jayanagar"',
    'Broken Mobile Kid,12345,2021-05-11,7002,2026-06-02,22,,,,Male,,,,,',
    'Imported Vikram Das,9876500003,2021-07-19,7003,2026-06-02,23,,,Sunil Das,Male,,,,,',
  ].join('\n');
  await page.goto('/academics/classes/');
  await page.getByPlaceholder(/search/i).first().fill('LKG');
  const row = page.locator('.ant-table-row', { hasText: /^LKGB/ });
  await row.waitFor();
  // The template is a plain download of the static file.
  expect(await row.getByRole('link', { name: /csv template/i }).getAttribute('href')).toBe('/templates/students-import.csv');
  await row.getByRole('button', { name: /upload students/i }).click();
  const m = modal(page, 'Import students list');
  await m.waitFor();
  await expect.poll(() => m.locator('.ant-select').first().textContent()).toContain('2026-27');
  expect(await m.textContent()).toContain('Dates are in YYYY-MM-DD format');
  await m.locator('input[type=file]').setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await m.getByRole('button', { name: /^import$/i }).click();
  const errors = modal(page, 'Import finished');
  await errors.waitFor();
  expect(await errors.getByTestId('import-summary').textContent()).toBe('2 students added, 1 row not added');
  expect(await errors.textContent()).toContain('Broken Mobile Kid');
  // The counts and the refused rows are the answer: no toast beside them.
  expect(await page.locator('.ant-notification-notice', { hasText: 'Students Added' }).count()).toBe(0);
  const lkgb = await e.demoDb.selectFrom('class').select('id').where('class', '=', 'LKG').where('section', '=', 'B').executeTakeFirstOrThrow();
  const added = await e.demoDb.selectFrom('student').select('fullname').where('admission_no', 'in', ['7001', '7002', '7003']).orderBy('admission_no').execute();
  expect(added.map((r) => r.fullname)).toEqual(['Imported Asha Rao', 'Imported Vikram Das']);
  await errors.locator('.ant-modal-footer').getByRole('button', { name: /close/i }).click();
  // The list reloaded: LKG B counts its 12 demo students and the 2 imported.
  await expect.poll(() => page.locator('.ant-table-row', { hasText: /^LKGB/ }).textContent()).toMatch(/14/);
  const inClass = await e.demoDb.selectFrom('student').select('id').where('class_id', '=', lkgb.id).where('admission_no', 'in', ['7001', '7003']).execute();
  expect(inClass).toHaveLength(2);
});

it('asks a family that signs in with the mobile as password to change it, on a phone', async () => {
  // The imported family login: username and password are the mobile.
  const { page: phone, context } = await e.newPage();
  try {
    await phone.setViewportSize({ width: 390, height: 844 });
    await signIn(phone, DEMO.code, '9876500001', '9876500001');
    const notice = phone.getByTestId('password-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Your password is still your username');
    const link = notice.getByRole('link', { name: 'Change password' });
    const box = (await link.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await link.click();
    await phone.waitForURL(/\/profile#change-password$/);
    const card = phone.locator('#change-password-card');
    await expect.poll(async () => (await card.boundingBox())?.y ?? 9999).toBeLessThan(844);
    await card.getByLabel('Old Password').fill('9876500001');
    await card.getByLabel('New Password').fill('Asha@2026!');
    await card.getByLabel('Confirm Password').fill('Asha@2026!');
    await card.getByRole('button', { name: 'Change Password' }).click();
    await toast(phone, 'Password Changed').waitFor();
    await expect.poll(() => notice.count()).toBe(0);
    const user = await e.demoDb.selectFrom('user').select('password_hash').where('username', '=', '9876500001').executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
  } finally {
    await context.close();
  }
});

it('promotes a class to the next year and shows them as Promoted in the old year', async () => {
  await page.goto('/academics/promote/');
  await pick(page, 'From Class', '9 - B');
  const rows = page.locator('.ant-table-tbody .ant-table-row');
  await expect.poll(() => rows.count()).toBe(12);
  expect(await rows.first().textContent()).toContain('Current');
  await pick(page, 'To Class', '10 - B');
  await pick(page, 'To Year', '2026-27');
  await page.locator('.ant-table-thead .ant-checkbox-input').check();
  await page.getByRole('button', { name: /^promote$/i }).click();
  await toast(page, "Academic Year can't be same").waitFor();
  await pick(page, 'To Year', '2027-28');
  // A lower class is refused before anything is asked.
  await pick(page, 'To Class', '8 - B');
  await page.getByRole('button', { name: /^promote$/i }).click();
  await toast(page, 'Students cannot be promoted to a lower class (9 to 8): use Year Back/Break, or the same class to detain them').waitFor();
  await pick(page, 'To Class', '10 - B');
  // The promotion is confirmed with what will happen; No leaves everyone where they are.
  await page.getByRole('button', { name: /^promote$/i }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await confirm.getByText('Promote 12 students from 9 - B 2026-27 to 10 - B 2027-28?').waitFor();
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect.poll(() => confirm.count()).toBe(0);
  expect(await e.demoDb.selectFrom('student_year as sy').innerJoin('ac_year as y', 'y.id', 'sy.ac_year_id').select('sy.id').where('y.name', '=', '2027-28').execute()).toEqual([]);
  await page.getByRole('button', { name: /^promote$/i }).click();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await toast(page, 'Students promoted').waitFor();
  await expect.poll(async () => (await rows.allTextContents()).filter((t) => t.includes('Promoted')).length).toBe(12);
  // The selection was cleared.
  expect(await page.locator('.ant-table-tbody .ant-checkbox-checked').count()).toBe(0);
  const class10b = await e.demoDb.selectFrom('class').select('id').where('class', '=', '10').where('section', '=', 'B').executeTakeFirstOrThrow();
  const next = await e.demoDb.selectFrom('student_year as sy').innerJoin('ac_year as y', 'y.id', 'sy.ac_year_id')
    .select(['sy.status']).where('y.name', '=', '2027-28').where('sy.class_id', '=', class10b.id).execute();
  expect(next).toHaveLength(12);
  expect(next.every((r) => r.status === 1)).toBe(true);
});

it('shows a teacher the details without the record editor or edit actions, with the attendance editor teachers may use', async () => {
  const { context, page: p } = await e.newPage();
  try {
    await signIn(p, DEMO.code, DEMO.teacher);
    await p.goto(`/students/details/${student.id}`);
    await expect.poll(() => p.getByTestId('profile-card').textContent()).toContain(student.admission_no);
    await p.getByTestId('contacts-card').locator('.ant-list-item').first().waitFor();
    // Teachers correct attendance (the server allows them POST /attendance/students/); the login, admission type and profile are the admins'.
    const editor = p.getByTestId('details-editor');
    await editor.getByText('Attendance Editor').waitFor();
    expect(await editor.getByText(/username|admission type|reset password/i).count()).toBe(0);
    expect(await p.getByRole('button', { name: /pay fees/i }).count()).toBe(0);
    expect(await p.getByRole('button', { name: /fee records/i }).count()).toBe(1);
    expect(await p.getByTestId('profile-card').getByRole('button', { name: /edit/i }).count()).toBe(0);
    expect(await p.getByRole('button', { name: /upload photo|add contact|send text messages/i }).count()).toBe(0);
    // Teachers may message a student.
    expect(await p.getByRole('button', { name: /\bmessage$/i }).count()).toBe(1);
  } finally {
    await context.close();
  }
});
