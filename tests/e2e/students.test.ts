import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, pick, signIn, startSignedIn, type E2E } from './support.js';

let e: E2E;
let page: Page;

beforeAll(async () => {
  ({ e, page } = await startSignedIn());
});
afterAll(() => e?.close());

const NAME = 'Kiran Testwizard';
const MOBILE = '9811122233';
const toast = (p: Page, text: string) => p.locator('.ant-notification-notice').filter({ hasText: text }).first();
const row = (p: Page, text: string) => p.locator('.ant-table-row', { hasText: text }).first();
const field = (p: Page, label: string) => p.locator('form').first().getByLabel(label, { exact: true });
const itemError = (p: Page, label: string) =>
  p.locator('.ant-form-item', { has: p.getByText(label, { exact: true }) }).first().locator('.ant-form-item-explain-error');

const STEPS = ['Student Details', 'Student Profile', 'Father Details', 'Mother Details', 'Finish'];
/**
 * The wizard is on step n: the address says so and the step is drawn. The address changes
 * before the new step's form replaces the old one, whose buttons have the same names.
 */
async function atStep(p: Page, n: number) {
  await p.waitForURL(new RegExp(`step=${n}`));
  await p.locator('.ant-steps-item-process .ant-steps-item-title', { hasText: STEPS[n]! }).waitFor();
}

/** From the details step to Finish: the profile as it is, father and mother skipped. */
async function toFinishSkippingParents(p: Page) {
  await p.getByRole('button', { name: 'Next', exact: true }).click();
  await atStep(p, 1);
  await p.getByRole('button', { name: 'Next', exact: true }).click();
  await atStep(p, 2);
  for (const step of [3, 4]) {
    await p.getByRole('button', { name: 'Skip' }).click();
    await atStep(p, step);
  }
}

/** antd DatePicker: type the date and confirm with Enter. */
async function fillDate(p: Page, label: string, value: string) {
  const input = field(p, label);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  // The calendar closes before the next field: its own 'Next month' buttons would be in the way.
  await expect.poll(() => p.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').count()).toBe(0);
}

async function openClass(p: Page, klass: string) {
  await p.goto('/students/');
  await pick(p, 'Class', klass);
  // The enabled year is preselected.
  await p.locator('span:has(> label)', { hasText: 'Academic Year' }).locator('.ant-select-selection-item', { hasText: '2026-27' }).waitFor();
  // The rows are the picked class's (the remembered class may have drawn first) and loading is over.
  await p.locator('.ant-table-row', { hasText: klass }).first().waitFor();
  await expect.poll(() => p.locator('.ant-table .ant-spin-spinning').count()).toBe(0);
}

it('refuses a later wizard step opened without the earlier ones', async () => {
  await page.goto('/students/add/new?step=3');
  await toast(page, 'Invalid Visit').waitFor();
  await page.waitForURL((u) => u.pathname === '/students/');
});

it('adds a student through the five-step wizard and lands on the list', async () => {
  await page.goto('/students/add/new');
  await atStep(page, 0);
  // The admission number is prefilled with the next free one; the enabled year is preselected.
  const admission = field(page, 'Admission No');
  await expect.poll(() => admission.inputValue()).toMatch(/^[0-9]+$/);
  const next = await admission.inputValue();
  await page.locator('.ant-form-item', { hasText: 'Academic Year' }).locator('.ant-select-selection-item', { hasText: '2026-27' }).waitFor();

  await field(page, 'Student Name').fill(NAME);
  await field(page, 'Mobile').fill('12345');
  await field(page, 'Mobile').blur();
  await expect.poll(() => itemError(page, 'Mobile').textContent()).toBe('Enter valid mobile number');
  await field(page, 'Mobile').fill(MOBILE);
  await field(page, 'Mobile').blur();
  await expect.poll(() => itemError(page, 'Mobile').count()).toBe(0);
  await fillDate(page, 'Date of Birth', '02-04-2015');

  // A used admission number is refused with the server's message, a free one accepted.
  await admission.fill('1001');
  await expect.poll(() => itemError(page, 'Admission No').textContent()).toBe('Admission number already used');
  await admission.fill(next);
  await expect.poll(() => itemError(page, 'Admission No').count()).toBe(0);

  await pick(page, 'Class and Section', '10 - A');
  // The roll number is suggested from the class (12 demo students in 10 - A).
  await expect.poll(() => field(page, 'Roll No').inputValue()).toBe('13');
  await field(page, 'SATS/USN').fill('USN-KT-1');
  await field(page, 'Email').fill('kiran.parent@example.com');
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await atStep(page, 1);
  await page.getByLabel('Female').check();
  await field(page, 'Religion').fill('Hindu');
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await atStep(page, 2);
  await field(page, "Father's Name").fill('Mohan Testwizard');
  await field(page, "Father's Mobile").fill('9811122234');
  await field(page, 'Occupation').fill('Farmer');
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await atStep(page, 3);
  await page.getByRole('button', { name: 'Skip' }).click();

  await atStep(page, 4);
  // Back and Forward keep each step's answers.
  await page.goBack();
  await atStep(page, 3);
  await page.goBack();
  await atStep(page, 2);
  await expect.poll(() => field(page, "Father's Name").inputValue()).toBe('Mohan Testwizard');
  await page.goForward();
  await page.goForward();
  await atStep(page, 4);
  await page.getByText('Skipped').waitFor();

  await page.getByRole('button', { name: 'Submit' }).click();
  const added = toast(page, 'New Student Added');
  await added.waitFor();
  // The fees module is on: the new student's billing screen comes next.
  await page.waitForURL((u) => /^\/fees\/pay\/[0-9]+$/.test(u.pathname));
  // The family's password is in the page above the bill (and the receipt after it), not in a
  // toast lying on them; closed, it is gone.
  const login = page.getByTestId('new-login-notice');
  expect(await login.textContent()).toMatch(new RegExp(`Parent login for ${NAME}: ${MOBILE}, password \\S{8}`));
  expect(await added.textContent()).not.toMatch(/password/i);
  await login.getByRole('button', { name: /close/i }).click();
  await login.waitFor({ state: 'detached' });

  const s = await e.demoDb.selectFrom('student').selectAll().where('admission_no', '=', next).executeTakeFirstOrThrow();
  expect(s).toMatchObject({ fullname: NAME, mobile: MOBILE, gender: 'Female', religion: 'Hindu', usn: 'USN-KT-1', roll_no: 13, status: 1 });
  expect(s.extras).toMatchObject({ father_name: 'Mohan Testwizard', father_occupation: 'Farmer' });
  const user = await e.demoDb.selectFrom('user').select(['username', 'email', 'role']).where('id', '=', s.user_id).executeTakeFirstOrThrow();
  expect(user).toEqual({ username: MOBILE, email: 'kiran.parent@example.com', role: 1 });
  const contacts = await e.demoDb.selectFrom('student_contact').select(['contact_name', 'student_relation']).where('student_id', '=', s.id).execute();
  expect(contacts).toEqual([{ contact_name: 'Mohan Testwizard', student_relation: 'Father' }]);
});

it('says so when the login was made but the student was not, and reuses that login on the next submit', async () => {
  const klass = await e.demoDb.insertInto('class').values({ class: '12', section: 'Z' }).returning('id').executeTakeFirstOrThrow();
  await page.goto('/students/new');
  await atStep(page, 0);
  await expect.poll(() => field(page, 'Admission No').inputValue()).toMatch(/^[0-9]+$/);
  await field(page, 'Student Name').fill('Nila Retrystudent');
  await field(page, 'Mobile').fill('9811122299');
  await fillDate(page, 'Date of Birth', '05-05-2012');
  await pick(page, 'Class and Section', '12 - Z');
  await expect.poll(() => field(page, 'Roll No').inputValue()).toBe('1');
  await toFinishSkippingParents(page);
  // The class goes away before the submit: the login is made, the student refused.
  await e.demoDb.deleteFrom('class').where('id', '=', klass.id).execute();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.locator('.ant-alert-error', { hasText: 'was created, but the student was not saved' }).waitFor();
  const users = () => e.demoDb.selectFrom('user').select('id').where('username', '=', '9811122299').execute();
  expect(await users()).toHaveLength(1);
  expect(await e.demoDb.selectFrom('student').select('id').where('fullname', '=', 'Nila Retrystudent').execute()).toHaveLength(0);

  // Back to the details, another class, and submit again: the same login is used.
  for (const n of [3, 2, 1, 0]) {
    await page.getByRole('button', { name: 'Back' }).click();
    await atStep(page, n);
  }
  await pick(page, 'Class and Section', '10 - B');
  await toFinishSkippingParents(page);
  await page.getByText('Created earlier').waitFor();
  await page.getByRole('button', { name: 'Submit' }).click();
  await toast(page, 'New Student Added').waitFor();
  // The fees module is on: the new student's billing screen comes next.
  await page.waitForURL((u) => /^\/fees\/pay\/[0-9]+$/.test(u.pathname));
  const [user] = await users();
  expect(await users()).toHaveLength(1);
  const s = await e.demoDb.selectFrom('student').select(['user_id', 'class_id']).where('fullname', '=', 'Nila Retrystudent').executeTakeFirstOrThrow();
  expect(s.user_id).toBe(user!.id);
});

it('finds the new student on the list by search', async () => {
  await openClass(page, '10 - A');
  await page.getByRole('searchbox', { name: 'Search' }).fill('testwiz');
  const r = row(page, NAME);
  await r.waitFor();
  await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
  const text = await r.textContent();
  expect(text).toContain('10 - A');
  expect(text).toContain(MOBILE);
  expect(text).toContain('Current');
});

it('sends a message to two selected students', async () => {
  await openClass(page, '10 - A');
  const before = Number((await e.demoDb.selectFrom('message').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = page.locator('.ant-table-row');
  await rows.nth(0).locator('.ant-checkbox-input').check();
  await rows.nth(1).locator('.ant-checkbox-input').check();
  await page.getByRole('button', { name: /Message \(2\)$/ }).click();
  const modal = page.locator('.ant-modal:visible');
  await modal.getByRole('button', { name: 'Send' }).click();
  await modal.getByText('Please enter subject!').waitFor();
  await modal.getByLabel('Subject').fill('Parents meeting');
  await modal.getByLabel('Message').fill('Please come to school on Saturday at 10 am.');
  await modal.getByRole('button', { name: 'Send' }).click();
  await toast(page, 'Messages Sent').waitFor();
  await expect.poll(async () => Number((await e.demoDb.selectFrom('message').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(before + 2);
});

it('sends a text message, counting 160-character messages', async () => {
  await openClass(page, '10 - A');
  await page.locator('.ant-table-row').nth(2).locator('.ant-checkbox-input').check();
  await page.getByRole('button', { name: 'Send Text Messages' }).click();
  const modal = page.locator('.ant-modal:visible');
  // The selected student's mobile is filled in as a tag.
  await modal.locator('.ant-select-selection-item').first().waitFor();
  const counter = modal.getByTestId('sms-counter');
  await modal.getByLabel('Message').fill('x'.repeat(150));
  await expect.poll(() => counter.textContent()).toContain('1 message');
  expect(await counter.getAttribute('class')).not.toContain('danger');
  await modal.getByLabel('Message').fill('x'.repeat(161));
  await expect.poll(() => counter.textContent()).toContain('2 messages');
  expect(await counter.getAttribute('class')).toContain('danger');
  const before = Number((await e.demoDb.selectFrom('outbox_sms').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  await modal.getByRole('button', { name: 'Send' }).click();
  await toast(page, 'Messages Sent').waitFor();
  const after = Number((await e.demoDb.selectFrom('outbox_sms').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  expect(after).toBe(before + 1);
});

it('shows a teacher no edit, delete or Add Student', async () => {
  const { context, page: t } = await e.newPage();
  try {
    await signIn(t, DEMO.code, DEMO.teacher);
    await openClass(t, '10 - A');
    await t.getByRole('button', { name: 'Export' }).waitFor();
    expect(await t.getByRole('button', { name: 'Add Student' }).count()).toBe(0);
    const first = t.locator('.ant-table-row').first();
    await first.getByRole('button', { name: 'Message' }).waitFor();
    expect(await t.locator('.ant-table-row').getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await t.locator('.ant-table-row').getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await t.getByRole('button', { name: 'Send Text Messages' }).count()).toBe(0);
  } finally {
    await context.close();
  }
});

it('exports this class as a CSV of current students', async () => {
  await openClass(page, '10 - A');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export This Class' }).click();
  const file = await (await download).path();
  const text = fs.readFileSync(file, 'utf8');
  expect(text.replace(/^\ufeff/, '').split(/\r?\n/)[0]).toContain('Student Name');
  expect(text).toContain(NAME);
});

it('edits a student from the list and at /students/edit/{id}', async () => {
  await openClass(page, '10 - A');
  await page.getByRole('searchbox', { name: 'Search' }).fill('testwiz');
  await row(page, NAME).getByRole('button', { name: 'Edit' }).click();
  await page.waitForURL(/\/students\/[0-9]+$/);
  const id = page.url().split('/').pop();
  await expect.poll(() => page.locator('#students_fullname').inputValue()).toBe(NAME);
  await page.locator('#students_usn').fill('USN-KT-2');
  await page.getByRole('button', { name: 'Submit' }).click();
  await toast(page, 'Student Data Updated').waitFor();
  await page.waitForURL((u) => u.pathname === '/students/');
  for (const path of [`/students/edit/${id}`, `/students/${id}`]) {
    // Opened directly (a bookmark, the details page's edit button): the form reads the student itself.
    await page.goto(path);
    await expect.poll(() => page.locator('#students_usn').inputValue()).toBe('USN-KT-2');
    expect(await page.locator('#students_fullname').inputValue()).toBe(NAME);
  }
});

it('links an existing parent login to a student without one', async () => {
  const s = await e.demoDb.selectFrom('student').innerJoin('class', 'class.id', 'student.class_id').select(['student.id', 'student.fullname'])
    .where('class.class', '=', '9').where('class.section', '=', 'A').orderBy('student.id').executeTakeFirstOrThrow();
  await e.demoDb.updateTable('student').set({ user_id: null }).where('id', '=', s.id).execute();
  await openClass(page, '9 - A');
  await page.getByRole('searchbox', { name: 'Search' }).fill(s.fullname);
  await row(page, s.fullname).getByRole('button', { name: 'Link User' }).click();
  await page.waitForURL(`**/students/link/${s.id}`);
  const select = page.locator('.ant-form-item', { hasText: 'User' }).locator('.ant-select').first();
  await select.click();
  await page.keyboard.type(DEMO.parentMobile);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `Ramesh Kumar (${DEMO.parentMobile})` }).click();
  await page.getByRole('button', { name: 'Link' }).click();
  await toast(page, 'User Linked to Student').waitFor();
  await page.waitForURL((u) => u.pathname === '/students/');
  const parent = await e.demoDb.selectFrom('user').select('id').where('username', '=', DEMO.parentMobile).executeTakeFirstOrThrow();
  await expect.poll(async () => (await e.demoDb.selectFrom('student').select('user_id').where('id', '=', s.id).executeTakeFirstOrThrow()).user_id).toBe(parent.id);
});

it('reports the students of several classes and exports them', async () => {
  await page.goto('/reports/multi-class/');
  await page.getByRole('button', { name: 'Show' }).click();
  await page.getByText('Atlease one class must be selected!').waitFor();
  await pick(page, 'Classes', '8 - A');
  await pick(page, 'Classes', '9 - B');
  await page.getByRole('button', { name: 'Show' }).click();
  await page.getByText('24 students').waitFor();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const text = fs.readFileSync(await (await download).path(), 'utf8');
  expect(text.trim().split(/\r?\n/)).toHaveLength(25);
});

it('reports app users', async () => {
  await page.goto('/reports/app-users/');
  await page.locator('.ant-table-row').first().waitFor();
  await pick(page, 'Class', '8 - B');
  await page.getByText('12 students').waitFor();
  expect(await page.locator('.ant-table-row').first().textContent()).toContain('Yes');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const text = fs.readFileSync(await (await download).path(), 'utf8');
  expect(text.replace(/^\ufeff/, '').split(/\r?\n/)[0]).toBe('ID,Name,Class,Section,App User,Created On');
});

it('deletes a student with reason TC', async () => {
  await openClass(page, '10 - A');
  await page.getByRole('searchbox', { name: 'Search' }).fill('testwiz');
  await row(page, NAME).getByRole('button', { name: 'Delete' }).click();
  const modal = page.locator('.ant-modal:visible');
  // The dialog may still be opening: a click that lands mid-animation is tried again.
  const tc = modal.getByRole('radio', { name: /^TC/ });
  await expect.poll(async () => { await tc.check().catch(() => undefined); return tc.isChecked(); }).toBe(true);
  await modal.getByRole('button', { name: 'Delete' }).click();
  await toast(page, 'Student Deleted').waitFor();
  // A student who left is no longer Current: the list no longer shows them.
  await expect.poll(() => page.locator('.ant-table-row', { hasText: NAME }).count()).toBe(0);
  const s = await e.demoDb.selectFrom('student').select(['status']).where('fullname', '=', NAME).executeTakeFirstOrThrow();
  expect(s.status).toBe(2);
});

it("shows the demo school's own House field (config/schools/DEMO01.json) on the add and edit forms, stores it and lists it", async () => {
  await page.goto('/students/add/new');
  await atStep(page, 0);
  const house = page.locator('form').first().locator('.ant-form-item', { has: page.getByText('House', { exact: true }) });
  await house.locator('.ant-select').click();
  for (const name of ['Ganga', 'Yamuna', 'Kaveri', 'Narmada']) await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).waitFor();
  await page.keyboard.press('Escape');

  // The demo students have houses in turn; one not in Kaveri moves there.
  const s = await e.demoDb.selectFrom('student').innerJoin('class', 'class.id', 'student.class_id').select(['student.id', 'student.fullname'])
    .where('class.class', '=', '10').where('class.section', '=', 'B').where(sql<boolean>`student.custom->>'house' = 'Ganga'`).orderBy('student.id').executeTakeFirstOrThrow();
  await page.goto(`/students/edit/${s.id}`);
  await page.locator('.ant-select', { has: page.locator('#students_house') }).getByText('Ganga').waitFor();
  await expect.poll(() => page.locator('#students_fullname').inputValue()).toBe(s.fullname);
  await page.locator('.ant-select', { has: page.locator('#students_house') }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Kaveri' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await toast(page, 'Student Data Updated').waitFor();
  expect((await e.demoDb.selectFrom('student').select('custom').where('id', '=', s.id).executeTakeFirstOrThrow()).custom).toEqual({ house: 'Kaveri' });

  await openClass(page, '10 - B');
  await page.locator('.ant-table-thead th', { hasText: 'House' }).waitFor();
  await expect.poll(() => row(page, s.fullname).textContent()).toContain('Kaveri');
});
