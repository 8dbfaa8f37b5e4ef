/**
 * The finance module's books: the super admin adds an expense with tax and sees the total the
 * form computes, pays an installment on its details page (Pay Installment, then disabled when
 * nothing is due), and finds the debits among the account's transactions. The demo school's
 * accounts hold exactly their transactions. Screens are looked at on a desktop and a phone.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { DEMO, expectAccessible, pick, signIn, startE2E, toast, type E2E } from './support.js';

let e: E2E;
const SHOTS = process.env.E2E_SHOTS_DIR;

beforeAll(async () => { e = await startE2E(); });
afterAll(() => e?.close());

const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const inr = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);

it("the demo school's account balances are the sums of their transactions", async () => {
  const accounts = await e.demoDb.selectFrom('fin_account').select(['id', 'name', 'credit', 'debit']).execute();
  expect(accounts.map((a) => a.name)).toEqual(expect.arrayContaining(['Canara Bank Current A/c', 'Cash Book']));
  for (const a of accounts) {
    const rows = await e.demoDb.selectFrom('fin_transaction').select(['amount', 'txn_type']).where('account_id', '=', a.id).execute();
    const sum = (t: number) => rows.filter((r) => r.txn_type === t).reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0);
    expect([Math.round(Number(a.credit) * 100), Math.round(Number(a.debit) * 100)]).toEqual([sum(0), sum(1)]);
  }
  // Some of the month's expenses are paid in full, some still have installments due.
  const expenses = await e.demoDb.selectFrom('fin_expense').select(['total_amount', 'paid_amount']).execute();
  const due = expenses.filter((x) => Number(x.paid_amount) < Number(x.total_amount)).length;
  expect([due > 0, due < expenses.length]).toEqual([true, true]);
});

/** Whole paise of an amount shown as ₹1,23,456.78. */
const paise = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);

/** The finance dashboard's "Expenses, This Month" figure. */
async function monthExpenses(page: Page): Promise<number> {
  await page.goto('/finance/');
  const figure = page.getByTestId('finance-expenses').locator('.ant-statistic-content').first();
  await figure.waitFor();
  return paise(await figure.textContent());
}

/** The category report's Stationery total (the report's default period). */
async function stationeryReported(page: Page): Promise<number> {
  await page.goto('/finance/reports/');
  await pick(page, 'Report Type', 'Category');
  await page.getByRole('button', { name: 'Show' }).click();
  const row = page.getByTestId('expense-summary').locator('.ant-table-row', { hasText: 'Stationery' });
  await row.waitFor();
  return paise(await row.locator('td').last().textContent());
}

it('adds an expense with tax, sees the total, pays an installment, finds it in the account, the dashboard and the category report', async () => {
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.admin);
  const [monthBefore, stationeryBefore] = [await monthExpenses(page), await stationeryReported(page)];
  await page.goto('/finance/expenses/');
  await page.getByRole('button', { name: /add new/i }).or(page.getByRole('link', { name: /add new/i })).first().click();
  await page.waitForURL('**/finance/expenses/new');
  await page.getByText('Add/Update Expenses').waitFor();
  await page.getByLabel('Expense Name').fill('Science lab glassware');
  await pick(page, 'Category', 'Stationery');
  await pick(page, 'Vendor', 'Sri Ganesh Book House');
  await pick(page, 'Account', 'Cash Book');
  await page.getByLabel('Amount', { exact: true }).fill('2500');
  await page.getByLabel('Tax', { exact: true }).fill('450.50');
  await expect.poll(() => page.getByTestId('expense-total').textContent()).toBe(inr(2950.5));
  await page.getByLabel('Installment Amount').fill('1000');
  await expectAccessible(page, 'expense form');
  await shot(page, 'expense-form-desktop');
  await page.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'New expense added').waitFor();
  await page.waitForURL(/\/finance\/expense\/\d+\/details$/);

  await expect.poll(() => page.getByTestId('expense-due').textContent()).toBe(inr(1950.5));
  const payButton = page.getByRole('button', { name: 'Pay Installment' });
  await payButton.click();
  const modal = page.locator('.ant-modal:visible');
  await modal.getByLabel('Amount Paying').fill('1950.50');
  await modal.getByRole('button', { name: 'Pay' }).click();
  await toast(page, 'Installment Paid').waitFor();
  await expect.poll(() => page.getByTestId('expense-due').textContent()).toBe(inr(0));
  expect(await payButton.isDisabled()).toBe(true);
  expect(await page.locator('.ant-table-row').count()).toBe(2);
  await expectAccessible(page, 'expense details');
  await shot(page, 'expense-details-desktop');

  const cash = await e.demoDb.selectFrom('fin_account').select('id').where('name', '=', 'Cash Book').executeTakeFirstOrThrow();
  await page.goto(`/finance/account/${cash.id}`);
  await page.getByText('Cash Book Transactions').waitFor();
  const rows = page.locator('.ant-table-row', { hasText: 'Science lab glassware' });
  await expect.poll(() => rows.count()).toBe(2);
  const texts = await rows.allTextContents();
  expect(texts.some((t) => t.includes(inr(1000)) && t.includes('Debit'))).toBe(true);
  expect(texts.some((t) => t.includes(inr(1950.5)))).toBe(true);
  await shot(page, 'account-transactions-desktop');

  // The expense counts in full (amount and tax) on the dashboard and in its category.
  expect(await monthExpenses(page)).toBe(monthBefore + 2950_50);
  await shot(page, 'finance-dashboard-desktop');
  expect(await stationeryReported(page)).toBe(stationeryBefore + 2950_50);
  await expectAccessible(page, 'category report');
});

it.each([['desktop', false], ['phone', true]] as const)('shows the finance screens on a %s without sideways scrolling', async (device, phone) => {
  const { page } = await e.newPage({ phone });
  await signIn(page, DEMO.code, DEMO.admin);
  const expense = await e.demoDb.selectFrom('fin_expense').select('id').where('name', '=', 'Student desks').executeTakeFirstOrThrow();
  const bank = await e.demoDb.selectFrom('fin_account').select('id').where('type', '=', 'bank').executeTakeFirstOrThrow();
  for (const [route, name, text] of [
    ['/finance/accounts/', 'accounts', 'Cash Book'],
    [`/finance/account/${bank.id}`, 'account-transactions', 'Canara Bank Current A/c Transactions'],
    ['/finance/transfer/', 'transfers', 'Internal Transfers'],
    ['/finance/income/', 'deposits', 'New Deposit'],
    ['/finance/expenses/', 'expenses', 'Student desks'],
    ['/finance/expenses/new', 'expense-form', 'Add/Update Expenses'],
    [`/finance/expense/${expense.id}/details`, 'expense-details', 'Installments'],
    ['/finance/inventory/', 'inventory', 'Student desk (dual)'],
    ['/finance/inventory/new', 'inventory-form', 'Price per unit'],
    ['/finance/vendors/', 'vendors', 'BESCOM'],
    ['/finance/vendor/new', 'vendor-form', 'GSTIN'],
    ['/finance/income/new', 'deposit-form', 'Deposit Type'],
    ['/finance/transfer/', 'transfers', 'Internal Transfers'],
    ['/finance/payment-modes/', 'payment-modes', 'Cheque'],
    ['/finance/expenses/category', 'expense-categories', 'Utilities'],
  ] as const) {
    await page.goto(route);
    await page.getByText(text).first().waitFor();
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(wide, route).toBeLessThanOrEqual(0);
    await expectAccessible(page, `${device} ${route}`);
    await shot(page, `${name}-${device}`);
  }
});
