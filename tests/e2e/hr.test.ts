/**
 * HR: the super admin adds an employee from the generated form, then takes today's employee
 * attendance with the new employee absent and another on sick leave; the saved day comes back
 * locked. The office admin, who has no HR access, has no HR menu. Screens shot on desktop and phone.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, expectAccessible, form, openFromMenu, pick, signIn, startE2E, toast, type E2E } from './support.js';
import { schoolToday } from '../../src/server/framework/periods.js';

const SHOTS = '.tmp/hr';
let e: E2E;

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  e = await startE2E();
});
afterAll(() => e?.close());

/** antd DatePicker: type the date into its input and confirm. */
async function fillDate(p: Page, label: RegExp, value: string) {
  const input = form(p).getByLabel(label);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/** Chooses an option of the antd Select named `name`. */
async function choose(p: Page, name: string, option: string) {
  await p.locator('.ant-select', { has: p.getByRole('combobox', { name }) }).click();
  // The list just opened is the last one; a list still closing from the previous pick is left alone.
  await p.locator('.ant-select-dropdown:visible').last().locator('.ant-select-item-option', { hasText: new RegExp(`^${option}$`) }).click();
  await expect.poll(() => p.locator('.ant-select-dropdown:visible').count()).toBe(0);
}

const noSideScroll = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

it('adds an employee, takes the day with one absent and one on leave, and finds the day saved and locked', async () => {
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.admin);
  await openFromMenu(page, /^employees$/i);
  await page.waitForURL('**/hr/employees/');
  await page.locator('.ant-table-row', { hasText: 'Anita Sharma' }).waitFor();
  await page.screenshot({ path: `${SHOTS}/employees-desktop.png`, fullPage: true });

  await page.getByRole('button', { name: 'Add Employee' }).click();
  await page.waitForURL('**/hr/employee/new');
  await form(page).getByLabel(/^name/i).fill('Deepa Kulkarni');
  await form(page).getByLabel(/^job title/i).fill('Lab Assistant');
  await pick(page, 'Department', 'Support');
  await fillDate(page, /^date of birth/i, '12-03-1992');
  await fillDate(page, /^hire date/i, '01-06-2026');
  await fillDate(page, /^join date/i, '01-06-2026');
  await page.screenshot({ path: `${SHOTS}/employee-new-desktop.png`, fullPage: true });
  await form(page).getByRole('button', { name: /^(save|submit)$/i }).click();
  await toast(page, 'New employee added').waitFor();
  const row = page.locator('.ant-table-row', { hasText: 'Deepa Kulkarni' });
  await row.waitFor();
  expect(await row.textContent()).toContain('Support');
  const added = await e.demoDb.selectFrom('hr_employee').selectAll().where('name', '=', 'Deepa Kulkarni').executeTakeFirstOrThrow();
  expect(added).toMatchObject({ job_title: 'Lab Assistant', dob: '1992-03-12', hire_date: '2026-06-01', join_date: '2026-06-01' });

  const today = schoolToday();
  await openFromMenu(page, /^employee attendance$/i);
  await page.waitForURL('**/employee/attendance');
  await page.getByRole('combobox', { name: 'Deepa Kulkarni attendance' }).waitFor();
  await choose(page, 'Deepa Kulkarni attendance', 'Absent');
  await choose(page, 'Rahul Verma attendance', 'On leave');
  await choose(page, 'Rahul Verma leave type', 'Sick');
  await page.getByRole('button', { name: 'Mark the rest present' }).click();
  const total = Number((await e.demoDb.selectFrom('hr_employee').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  await page.getByText(`Present ${total - 2} · Absent 1 · On leave 1`).waitFor();
  await expectAccessible(page, 'employee attendance');
  await page.screenshot({ path: `${SHOTS}/attendance-take-desktop.png`, fullPage: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Employee attendance updated!').waitFor();

  const stored = await e.demoDb.selectFrom('hr_employee_attendance as a').innerJoin('hr_employee as e', 'e.id', 'a.emp_id')
    .select(['e.name', 'a.present', 'a.leave_type']).where('a.date', '=', today).execute();
  expect(stored).toHaveLength(total);
  expect(stored.find((r) => r.name === 'Deepa Kulkarni')).toMatchObject({ present: 0, leave_type: null });
  expect(stored.find((r) => r.name === 'Rahul Verma')).toMatchObject({ present: 0, leave_type: 2 });
  expect(stored.filter((r) => r.present === 1)).toHaveLength(total - 2);

  // The saved day comes back locked: each row shows its mark, none can be changed here.
  await page.reload();
  await page.locator('.ant-list-item', { hasText: 'Rahul Verma' }).getByText('Leave: Sick').waitFor();
  await page.locator('.ant-list-item', { hasText: 'Deepa Kulkarni' }).getByText('Absent').waitFor();
  expect(await page.getByRole('combobox', { name: /attendance$/ }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
  await page.screenshot({ path: `${SHOTS}/attendance-locked-desktop.png`, fullPage: true });
});

it('fits a phone: the employee list and the attendance sheet', async () => {
  const { page } = await e.newPage({ phone: true });
  await signIn(page, DEMO.code, DEMO.admin);
  await page.goto('/hr/employees/');
  await page.locator('.ant-table-row', { hasText: 'Anita Sharma' }).waitFor();
  expect(await noSideScroll(page)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/employees-phone.png`, fullPage: true });
  await page.goto('/employee/attendance/update');
  await page.locator('.ant-list-item', { hasText: 'Anita Sharma' }).waitFor();
  expect(await noSideScroll(page)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/attendance-phone.png`, fullPage: true });
});

it("assigns an employee's leave for the year from the employee's Leaves", async () => {
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.admin);
  const emp = await e.demoDb.selectFrom('hr_employee').select('id').where('name', '=', 'Priya Nair').executeTakeFirstOrThrow();
  await page.goto('/hr/employees/');
  await page.locator('.ant-table-row', { hasText: 'Priya Nair' }).getByRole('button', { name: /leaves/i }).click();
  await page.waitForURL(`**/hr/employee/${emp.id}/leaves`);
  await page.getByRole('button', { name: 'Assign Leave' }).click();
  await page.waitForURL(`**/hr/employee/${emp.id}/leave/assign`);
  // The employee comes from the path; the enabled academic year is chosen already.
  await form(page).locator('.ant-select-selection-item', { hasText: 'Priya Nair' }).waitFor();
  await pick(page, 'Leave Type', 'Other Leave');
  await form(page).getByLabel(/^days/i).fill('3');
  await form(page).getByRole('button', { name: /^(save|submit)$/i }).click();
  await toast(page, 'Leave Added').waitFor();
  await page.waitForURL(`**/hr/employee/${emp.id}/leaves`);
  await page.locator('.ant-table-row', { hasText: 'Other Leave' }).waitFor();
  const stored = await e.demoDb.selectFrom('hr_employee_leave as l').innerJoin('hr_leave_type as t', 't.id', 'l.hr_leave_type_id')
    .select(['l.value', 'l.loss_of_pay', 'l.payment_multiplier']).where('l.hr_employee_id', '=', emp.id).where('t.name', '=', 'Other Leave').execute();
  expect(stored).toEqual([{ value: 3, loss_of_pay: false, payment_multiplier: 1 }]);
  await page.screenshot({ path: `${SHOTS}/leaves-desktop.png`, fullPage: true });
});

it('shows no HR menu to the office admin, who has no HR access', async () => {
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.office);
  await page.getByRole('menuitem', { name: /students/i }).first().waitFor();
  expect(await page.getByRole('menuitem', { name: /^employees$/i, includeHidden: true }).count()).toBe(0);
  expect(await page.getByRole('menuitem', { name: /employee attendance/i, includeHidden: true }).count()).toBe(0);
});
