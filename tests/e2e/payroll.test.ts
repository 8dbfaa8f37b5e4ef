/**
 * Simple payroll in the browser: the super admin sets an employee's salary, runs a month with 2
 * absent days and reads the payslip's Loss of Pay and total, pays it in two installments from a
 * bank account and sees the account debited; the demo teacher opens Payroll, finds only their own
 * payslip and prints it; the clerk runs a whole month in one table, leaving one employee out,
 * and finds the entries in the payroll list; the entry form speaks a clerk's words, not the
 * database's. Screenshots (desktop and phone) go to /tmp/shots-payroll/.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import { DEMO, adminToken, demoApi, expectAccessible, openFromMenu, pick, signIn, startE2E, toast, type E2E } from './support.js';
import { formatINR } from '../../src/shared/money.js';

const SHOTS = '/tmp/shots-payroll';
let e: E2E;
let token: string;
let employeeId: number;
let bankId: number;
const EMPLOYEE = 'Lakshmi Narayan';
const BANK = 'Canara Bank Payroll';
const MODE = 'Bank transfer';
const CATEGORY = 'Salary';

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
const debitOf = async (id: number) => Number((await e.demoDb.selectFrom('fin_account').select('debit').where('id', '=', id).executeTakeFirstOrThrow()).debit);

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  e = await startE2E();
  token = await adminToken(e);
  const dept = await demoApi<{ id: number }>(e, 'PUT', '/hr/departments/', { name: 'Accounts Office' }, token).catch(async () =>
    e.demoDb.selectFrom('hr_department').select('id').orderBy('id').executeTakeFirstOrThrow());
  employeeId = (await demoApi<{ id: number }>(e, 'PUT', '/hr/employees/', {
    name: EMPLOYEE, job_title: 'Accountant', hr_department_id: dept.id, dob: '1988-04-12', hire_date: '2021-06-01', join_date: '2021-06-01',
  }, token)).id;
  bankId = (await demoApi<{ id: number }>(e, 'PUT', '/finance/accounts/', { name: BANK, type: 'bank' }, token)).id;
  // The demo school's books have these (src/server/modules/finance/demo-seed.ts).
  await e.demoDb.selectFrom('fin_payment_mode').select('id').where('name', '=', MODE).executeTakeFirstOrThrow();
  await e.demoDb.selectFrom('fin_expense_category').select('id').where('name', '=', CATEGORY).executeTakeFirstOrThrow();
});
afterAll(() => e?.close());

/** The finance dashboard counts the payroll entries still to pay (the demo paid last month; this month's run is unpaid). */
async function expectUnpaidOnFinance(page: Page) {
  const owed = await e.demoDb.selectFrom('payroll').select((eb) => eb.fn.countAll<string>().as('n')).where(sql<boolean>`salary_amount - amount_paid > 1`).executeTakeFirstOrThrow();
  await page.goto('/finance/');
  await page.getByTestId('finance-unpaid-payroll').getByText(`${owed.n} payroll entries not fully paid`).waitFor();
  await shot(page, 'finance-dashboard-desktop');
}

it('sets a salary, runs a month with 2 absent days, and pays the payslip in two installments from a bank account', async () => {
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.admin);
  await openFromMenu(page, 'Set Salary');
  await page.waitForURL('**/payroll/salary/');
  await pick(page, 'Employee', `${EMPLOYEE} (Accountant)`);
  await page.getByLabel('CTC (monthly)').fill('30000');
  for (const [name, value] of [['Basic', '20000'], ['HRA', '12000'], ['PF', '2000']] as const) {
    await page.getByRole('button', { name: 'Add Item' }).click();
    await page.getByLabel('Item name').last().fill(name);
    await page.getByLabel('Value').last().fill(value);
  }
  // PF is a deduction.
  await page.locator('.ant-select', { hasText: 'Credit' }).last().click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Debit' }).click();
  await page.getByText('Credits − debits: ₹30,000.00').waitFor();
  await expectAccessible(page, 'set salary');
  await shot(page, 'set-salary-desktop');
  await page.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Employee Salary Items Added').waitFor();
  await page.waitForURL(`**/payroll/employee/${employeeId}/salary`);
  await page.getByText('₹30,000.00').first().waitFor();

  await page.goto('/payroll/new');
  await pick(page, 'Employee', EMPLOYEE);
  const month = page.getByLabel('Month and Year');
  await month.click();
  await month.fill('01-09-2026');
  await month.press('Enter');
  await page.getByLabel('Total Days').fill('30');
  await page.getByLabel('Absent Days').fill('2');
  await page.getByRole('button', { name: /^(save|submit)$/i }).click();
  await toast(page, 'New payroll entry is added').waitFor();

  const entry = await e.demoDb.selectFrom('payroll').select('id').where('employee_id', '=', employeeId).executeTakeFirstOrThrow();
  await page.goto('/payroll/list');
  await page.getByRole('link', { name: EMPLOYEE }).first().click();
  await page.waitForURL(`**/payroll/view/${entry.id}`);
  const lop = page.getByTestId('payslip-loss-of-pay');
  await lop.waitFor();
  expect(await lop.textContent()).toBe('Loss of Pay₹2,000.00');
  expect(await page.getByTestId('payslip-total').textContent()).toBe('Net Pay: ₹28,000.00');
  await expectAccessible(page, 'payslip');
  await shot(page, 'payslip-desktop');

  const before = await debitOf(bankId);
  const payOnce = async (amount: string, expectPending: string) => {
    await page.getByLabel('Amount').fill(amount);
    await pick(page, 'Pay From Account', BANK);
    await pick(page, 'Payment Mode', MODE);
    await pick(page, 'Expense Category', CATEGORY);
    await page.getByRole('button', { name: 'Pay Installment' }).click();
    await toast(page, 'Installment Paid').waitFor();
    await page.getByTestId('payslip-pending').filter({ hasText: expectPending }).waitFor();
  };
  await payOnce('10000', '₹18,000.00');
  await page.locator('.ant-notification-notice-close').first().click().catch(() => {});
  await payOnce('18000', '₹0.00');
  await page.getByText('This payroll is paid.').waitFor();
  expect(await page.getByRole('button', { name: 'Pay Installment' }).count()).toBe(0);
  expect(await page.locator('.ant-table-row', { hasText: BANK }).count()).toBe(2);
  expect(await debitOf(bankId)).toBe(before + 28000);

  // The account's own page shows the money gone.
  await page.goto('/finance/accounts/');
  await page.locator('.ant-table-row', { hasText: BANK }).waitFor();
  expect(await page.locator('.ant-table-row', { hasText: BANK }).textContent()).toContain('28,000.00');
  await shot(page, 'paid-account-desktop');
});

it('shows the dashboard with its cards, the monthly chart and the employees', async () => {
  // The demo school's payroll: two months run from HR's attendance, last month's paid from the bank.
  const rahul = await e.demoDb.selectFrom('payroll as p').innerJoin('hr_employee as h', 'h.id', 'p.employee_id')
    .select(['p.id', 'p.absent_days', 'p.salary_amount', 'p.amount_paid', 'p.extras']).where('h.name', '=', 'Rahul Verma').orderBy('p.month_year', 'desc').executeTakeFirstOrThrow();
  expect(rahul.absent_days).toBe(2);
  expect((rahul.extras as any).payslip.some((i: any) => i.item_name === 'Loss of Pay')).toBe(true);
  expect(Number(rahul.amount_paid)).toBe(Number(rahul.salary_amount));
  const split = await e.demoDb.selectFrom('payroll_installment').select('payroll_id').groupBy('payroll_id').having((eb) => eb.fn.countAll(), '>', 1).execute();
  expect(split.length).toBeGreaterThan(0);
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.admin);
  await page.goto('/payroll/');
  await page.getByText('Monthly salary').first().waitFor();
  await page.getByRole('link', { name: EMPLOYEE }).waitFor();
  await expectAccessible(page, 'payroll dashboard');
  await shot(page, 'dashboard-desktop');
  await expectUnpaidOnFinance(page);

  const phone = await e.newPage({ phone: true });
  await signIn(phone.page, DEMO.code, DEMO.admin);
  await phone.page.goto('/payroll/');
  await phone.page.getByRole('link', { name: EMPLOYEE }).waitFor();
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(phone.page, 'dashboard-phone');
});

it('lets the demo teacher read and print only their own payslip, on a desktop and a phone', async () => {
  const teacherUser = await e.demoDb.selectFrom('user').select('id').where('email', '=', DEMO.teacher).executeTakeFirstOrThrow();
  let mine = await e.demoDb.selectFrom('hr_employee').select(['id', 'name']).where('user_id', '=', teacherUser.id).executeTakeFirst();
  if (!mine) {
    const dept = await e.demoDb.selectFrom('hr_department').select('id').orderBy('id').executeTakeFirstOrThrow();
    const made = await demoApi<{ id: number }>(e, 'PUT', '/hr/employees/', {
      name: 'Demo Teacher', job_title: 'Teacher', hr_department_id: dept.id, dob: '1985-02-02', hire_date: '2019-06-01', join_date: '2019-06-01', user_id: teacherUser.id,
    }, token);
    mine = { id: made.id, name: 'Demo Teacher' };
  }
  const salary = await e.demoDb.selectFrom('payroll_salary').select('id').where('employee_id', '=', mine.id).executeTakeFirst();
  if (!salary) await demoApi(e, 'PUT', '/simple/payroll/salary/', { employee_id: mine.id, ctc: 40000, salary: [] }, token);
  const own = await e.demoDb.selectFrom('payroll').select('id').where('employee_id', '=', mine.id).executeTakeFirst();
  if (!own) await demoApi(e, 'PUT', '/simple/payroll/', { employee_id: mine.id, month_year: '2026-08-01', absent_days: 0 }, token);
  const dept = await e.demoDb.selectFrom('hr_department').select('id').orderBy('id').executeTakeFirstOrThrow();
  const other = await demoApi<{ id: number }>(e, 'PUT', '/hr/employees/', {
    name: 'Other Staff Member', job_title: 'Clerk', hr_department_id: dept.id, dob: '1980-03-03', hire_date: '2018-06-01', join_date: '2018-06-01',
  }, token);
  await demoApi(e, 'PUT', '/simple/payroll/salary/', { employee_id: other.id, ctc: 15000, salary: [] }, token);
  const someoneElse = await demoApi<{ id: number }>(e, 'PUT', '/simple/payroll/', { employee_id: other.id, month_year: '2026-08-01', absent_days: 0 }, token);

  for (const phone of [false, true]) {
    const { page } = await e.newPage({ phone });
    await page.addInitScript(() => {
      (window as any).printCalls = 0;
      window.print = () => { (window as any).printCalls += 1; };
    });
    await signIn(page, DEMO.code, DEMO.teacher);
    if (phone) await page.goto('/payroll/');
    else await openFromMenu(page, 'Payroll');
    await page.getByText('My Payslips').waitFor();
    const rows = page.locator('.ant-table-row');
    await rows.first().waitFor();
    expect(await page.getByText('Other Staff Member').count()).toBe(0);
    await shot(page, `my-payslips-${phone ? 'phone' : 'desktop'}`);
    if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('link', { name: /^Print payslip/ }).first().click();
    await page.waitForURL(/\/payroll\/view\/\d+\?print=1/);
    await page.getByTestId('payslip-total').waitFor();
    await page.waitForFunction(() => (window as any).printCalls === 1);
    expect(await page.getByText(mine.name).count()).toBeGreaterThan(0);
    await shot(page, `teacher-payslip-${phone ? 'phone' : 'desktop'}`);
    if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.ant-layout-header').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.getByTestId('payslip-sheet').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
    if (!phone) {
      await expectAccessible(page, 'teacher payslip');
      expect(await page.getByRole('button', { name: 'Pay Installment' }).count()).toBe(0);
      // Someone else's payslip is not there for them.
      await page.goto(`/payroll/view/${someoneElse.id}`);
      await page.getByText('Payroll entry not found').first().waitFor();
    }
  }
});

/** The database's own words, which no payroll screen should show a clerk. */
const FIELD_NAMES = ['month_year', 'salary_amount', 'present_days', 'absent_days', 'total_days', 'amount_paid', 'extras', 'employee_id'];
const expectNoFieldNames = async (page: Page, where: string) => {
  const text = await page.locator('main, .ant-layout-content').first().innerText();
  for (const name of FIELD_NAMES) expect(text, `${where} shows ${name}`).not.toContain(name);
};

it('runs payroll for a whole month in one table, leaving one employee out, and lists the entries', async () => {
  // This month (India time): the demo school has run the two before it, and HR has attendance for it.
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
  const [year, mon] = today.split('-').map(Number) as [number, number];
  const month = `${today.slice(0, 7)}-01`;
  const label = new Date(`${month}T00:00:00Z`).toLocaleDateString('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const days = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  const dept = await e.demoDb.selectFrom('hr_department').select('id').orderBy('id').executeTakeFirstOrThrow();
  const meera = (await demoApi<{ id: number }>(e, 'PUT', '/hr/employees/', {
    name: 'Meera Iyer', job_title: 'Office Assistant', hr_department_id: dept.id, dob: '1992-05-05', hire_date: '2022-06-01', join_date: '2022-06-01',
  }, token)).id;
  await demoApi(e, 'PUT', '/simple/payroll/salary/', { employee_id: meera, ctc: 30000, salary: [] }, token);
  // HR marks her absent on the 1st: one day's loss of pay.
  await demoApi(e, 'PUT', '/employee/attendance', { date: month, data: [{ emp_id: meera, present: 0, leave_type: null }] }, token);
  const salary = Math.ceil((30000 * (days - 1)) / days);
  const withSalary = await e.demoDb.selectFrom('payroll_salary').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const enteredBefore = await e.demoDb.selectFrom('payroll').select('employee_id').where('month_year', '=', month).execute();
  const LEFT_OUT = 'Rahul Verma';

  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.admin);
  await page.goto('/payroll/list');
  await page.getByRole('button', { name: 'Run Payroll for a Month' }).click();
  await page.waitForURL('**/payroll/run');
  const picker = page.locator('#payroll-run-month');
  await picker.click();
  await picker.fill(label);
  await picker.press('Enter');
  await page.getByText(`${label}, ${days} days.`).waitFor();
  const table = page.getByTestId('payroll-run-table');
  const row = (name: string) => table.locator('.ant-table-row', { hasText: name });
  await row('Meera Iyer').waitFor();
  expect(await table.locator('.ant-table-row').count()).toBe(Number(withSalary.n));
  const cells = await row('Meera Iyer').locator('td').allInnerTexts();
  expect(cells.map((c) => c.trim())).toEqual(expect.arrayContaining(['1', `${days - 1} / ${days}`, formatINR(30000 - salary), formatINR(salary)]));
  await row('Meera Iyer').getByLabel('Note for Meera Iyer').fill('One day absent on the 1st');
  await row(LEFT_OUT).getByLabel(`Pay ${LEFT_OUT}`).uncheck();
  const open = Number(withSalary.n) - enteredBefore.length;
  await page.getByTestId('payroll-run-total').filter({ hasText: `${open - 1} of ${open} to pay` }).waitFor();
  await expectNoFieldNames(page, 'the month run');
  await expectAccessible(page, 'payroll run');
  await shot(page, 'run-desktop');

  await page.getByRole('button', { name: `Save payroll for ${open - 1} employees` }).click();
  await toast(page, 'Payroll entries saved').waitFor();
  await page.getByTestId('payroll-run-saved').filter({ hasText: `Payroll saved for ${open - 1} employees, ${label}.` }).waitFor();
  // Saved now, the month shows everyone but the one left out as entered.
  await row('Meera Iyer').getByText('Already entered').waitFor();
  expect(await row(LEFT_OUT).getByText('Already entered').count()).toBe(0);
  const saved = await e.demoDb.selectFrom('payroll as p').innerJoin('hr_employee as h', 'h.id', 'p.employee_id')
    .select(['h.name', 'p.salary_amount', 'p.absent_days', 'p.note']).where('p.month_year', '=', month).execute();
  expect(saved).toHaveLength(enteredBefore.length + open - 1);
  expect(saved.find((p) => p.name === LEFT_OUT)).toBeUndefined();
  expect(saved.find((p) => p.name === 'Meera Iyer')).toMatchObject({ absent_days: 1, note: 'One day absent on the 1st' });
  expect(Number(saved.find((p) => p.name === 'Meera Iyer')!.salary_amount)).toBe(salary);

  await page.getByRole('link', { name: 'See the payroll entries' }).click();
  await page.waitForURL('**/payroll/list');
  // The list's own header, so the rows read are the list's and not the run's still on screen.
  await page.getByRole('button', { name: 'Run Payroll for a Month' }).waitFor();
  const listed = page.locator('.ant-table-row', { hasText: 'Meera Iyer' });
  await listed.waitFor();
  expect(await listed.innerText()).toContain(label);
  expect(await listed.innerText()).toContain(formatINR(salary, { symbol: false }));

  await expectUnpaidOnFinance(page);

  const phone = await e.newPage({ phone: true });
  await signIn(phone.page, DEMO.code, DEMO.admin);
  await phone.page.goto('/payroll/run');
  const phonePicker = phone.page.locator('#payroll-run-month');
  await phonePicker.click();
  await phonePicker.fill(label);
  await phonePicker.press('Enter');
  await phone.page.getByTestId('payroll-run-table').locator('.ant-table-row', { hasText: 'Meera Iyer' }).waitFor();
  await shot(phone.page, 'run-phone');
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

it("shows the entry form in a clerk's words, with no database field names", async () => {
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.admin);
  await page.goto('/payroll/new');
  for (const label of ['Employee', 'Month and Year', 'Total Days', 'Absent Days', 'Note']) await page.getByLabel(label, { exact: true }).waitFor();
  await page.getByText('Leave it empty to use the absences recorded in HR attendance for the month.').waitFor();
  await page.getByText('The present days, the salary and the payslip are worked out from the employee\'s salary when you save.').waitFor();
  await expectNoFieldNames(page, 'the entry form');
  await shot(page, 'entry-form-desktop');
  await page.goto('/payroll/list');
  await page.locator('.ant-table-row').first().waitFor();
  await expectNoFieldNames(page, 'the payroll list');
});
