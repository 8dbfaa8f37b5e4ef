/**
 * On a 390×844 phone: the parent's home, fees, online payment and receipt fit the screen (no
 * sideways scrolling) with Pay in view; the parent's fee card adds up as it reads; a receipt with
 * its payments keeps its Amount column in view; the menu button sits in the header, not over the
 * content; a staff table scrolls inside itself with its Actions column in view, a row's actions
 * behind one menu button, and the fee records' money before the rest.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { putSetting } from '../../src/server/platform/settings.js';
import { DEMO, adminToken, demoApi, expectAccessible, signIn, startE2E, type E2E, PHONE } from './support.js';

let e: E2E;
let billId: number;
/** The demo son's term bill: ₹31,500.00 of items, ₹1,500.00 discount, ₹15,000.00 paid. */
let termBill: number;

beforeAll(async () => {
  e = await startE2E();
  await putSetting(e.demoDb, 'fees', {
    fee_discounts_enabled: '1', fee_partial_payment_enabled: '1', online_fee_payment_enabled: '1',
    payment_gateway_list: [{ value: 'test', name: 'Test Gateway (no real money)', enabled: true }],
  });
  const parent = await e.demoDb.selectFrom('user').select('id').where('username', '=', DEMO.parentMobile).executeTakeFirstOrThrow();
  const child = await e.demoDb.selectFrom('student').select('id').where('user_id', '=', parent.id).orderBy('id').executeTakeFirstOrThrow();
  const year = await e.demoDb.selectFrom('ac_year').select('id').where('status', '=', 1).executeTakeFirstOrThrow();
  billId = (await demoApi<{ payment_id: number }>(e, 'PUT', '/fees/pay/', {
    student_id: child.id, ac_year_id: year.id, name: 'Term 1 Tuition and Transport', amount_total: 1234567, amount_paid: 0,
    details: [{ fee_item_name: 'Tuition Fee for the Academic Year', amount: 1234567, quantity: 1 }], installments: [],
  }, await adminToken(e))).payment_id;
  const son = await e.demoDb.selectFrom('student').select('id').where('fullname', '=', 'Aarav Kumar').where('user_id', '=', parent.id).executeTakeFirstOrThrow();
  termBill = (await e.demoDb.selectFrom('fee_payment').select('id').where('student_id', '=', son.id).where('name', '=', 'Term 1').executeTakeFirstOrThrow()).id;
});
afterAll(() => e?.close());

async function onPhone(user: string) {
  const { context, page } = await e.newPage({ phone: true });
  await signIn(page, DEMO.code, user);
  return { context, page };
}

/** The page is no wider than the phone (nothing needs sideways scrolling), and meets WCAG AA. */
async function expectFitsPhone(page: Page) {
  const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page);
}

/** The element lies within the phone's width. */
async function expectInView(el: Locator) {
  await el.waitFor();
  const box = (await el.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
}

it('lays out the parent\'s home, fees, payment and receipt for a 390 px phone with Pay in view', async () => {
  const { context, page } = await onPhone(DEMO.parentMobile);
  await page.locator('#student-selector').waitFor();
  await expectFitsPhone(page);
  // The menu button is in the header, above the content, not floating over it.
  const toggle = (await page.getByRole('button', { name: 'Open menu' }).boundingBox())!;
  const main = (await page.locator('main').boundingBox())!;
  expect(toggle.y + toggle.height).toBeLessThanOrEqual(main.y);

  await page.goto('/fees/');
  const card = page.getByTestId(`bill-card-${billId}`);
  const pay = card.getByRole('button', { name: 'Pay', exact: true });
  await expectInView(pay);
  await expectInView(card.getByRole('button', { name: /print receipt/i }));
  await expectFitsPhone(page);
  // The bill's lines open in the card and still fit.
  await card.getByRole('button', { name: 'Details' }).click();
  await card.getByText('Tuition Fee for the Academic Year').waitFor();
  await expectFitsPhone(page);

  await pay.click();
  await page.getByTestId('online-amount-pending').waitFor();
  await expectInView(page.getByRole('button', { name: 'Pay', exact: true }));
  await expectFitsPhone(page);

  await page.goto(`/fees/receipt/${billId}`);
  await page.getByTestId('receipt-copy').first().waitFor();
  await expectInView(page.getByRole('button', { name: 'Print' }));
  await expectFitsPhone(page);
  await context.close();
});

/** A card's or summary's figures as a person reads them: each label with its value. */
const figures = async (where: Locator) => {
  const labels = await where.locator('.ant-descriptions-item-label').allTextContents();
  const values = await where.locator('.ant-descriptions-item-content').allTextContents();
  return Object.fromEntries(labels.map((l, i) => [l, values[i]]));
};
const rupees = (text: string | undefined) => Number(text!.replace(/[₹,]/g, ''));

it("reads the parent's fee card as a sum: total before discount − discount − paid = pending", async () => {
  const { context, page } = await onPhone(DEMO.parentMobile);
  await page.goto('/fees/');
  const card = page.getByTestId(`bill-card-${termBill}`);
  await card.waitFor();
  const f = await figures(card);
  expect(f).toMatchObject({
    'Total (before discount)': '₹31,500.00', Discount: '₹1,500.00', 'Payable (after discount)': '₹30,000.00', Paid: '₹15,000.00', Pending: '₹15,000.00',
  });
  expect(rupees(f['Total (before discount)']) - rupees(f.Discount) - rupees(f.Paid)).toBe(rupees(f.Pending));
  expect(rupees(f['Total (before discount)']) - rupees(f.Discount)).toBe(rupees(f['Payable (after discount)']));
  await expectFitsPhone(page);
  await context.close();
});

it("shows a ₹5,000 installment's receipt within the phone's width, its Amount column and words those of the installment", async () => {
  await demoApi(e, 'PUT', `/fees/pay/installment/${termBill}/`, { amount: 5000, mode: 'cash' }, await adminToken(e));
  const { context, page } = await onPhone(DEMO.parentMobile);
  await page.goto(`/fees/receipt/${termBill}`);
  const copies = page.getByTestId('receipt-copy');
  await expect.poll(() => copies.count()).toBe(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  for (const copy of [copies.nth(0), copies.nth(1)]) {
    expect(await copy.getByTestId('receipt-words').textContent()).toBe('Five Thousand Rupees Only');
    const payments = copy.locator('table.fee-receipt-moves');
    await expectInView(payments.getByRole('columnheader', { name: 'Amount', exact: true }));
    await expectInView(payments.getByRole('cell', { name: '₹5,000.00', exact: true }));
    await expectInView(payments.getByRole('cell', { name: '₹15,000.00', exact: true }));
  }
  await expectFitsPhone(page);
  await context.close();
});

it('keeps a staff table\'s actions in view on a phone, the table scrolling inside itself', async () => {
  const { context, page } = await onPhone(DEMO.admin);
  await page.goto('/academics/classes/');
  const row = page.locator('.ant-table-row').first();
  await row.waitFor();
  await expectInView(row.getByRole('button').first());
  await expectFitsPhone(page);
  await context.close();
});

it("puts a generated list row's actions behind one menu button that covers none of the row", async () => {
  const { context, page } = await onPhone(DEMO.admin);
  await page.goto('/finance/vendors/');
  const row = page.locator('.ant-table-row', { hasText: 'Bharat Electricals' });
  await row.waitFor();
  // One button in the row, named for what it holds, beside the vendor's name and phone rather than over them.
  expect(await row.getByRole('button').count()).toBe(1);
  const menu = row.getByRole('button', { name: 'Actions' });
  await expectInView(menu);
  const button = (await menu.boundingBox())!;
  for (const text of ['Bharat Electricals', '9845033344']) {
    const cell = (await row.locator('td', { hasText: text }).boundingBox())!;
    expect(cell.x + cell.width, text).toBeLessThanOrEqual(button.x);
  }
  await menu.click();
  const opened = page.locator('.ant-popover:visible .row-menu');
  await opened.getByRole('button', { name: 'Delete' }).waitFor();
  await opened.getByRole('button', { name: 'Edit' }).click();
  await page.waitForURL(/\/finance\/vendor\/\d+$/);
  await context.close();
});

it("shows a bill's pending and paid first on the staff fee records, its actions behind one button", async () => {
  const { context, page } = await onPhone(DEMO.admin);
  const bill = await e.demoDb.selectFrom('fee_payment').select('student_id').where('id', '=', billId).executeTakeFirstOrThrow();
  await page.goto(`/fees/records/${bill.student_id}`);
  const row = page.locator('.ant-table-row', { hasText: 'Term 1 Tuition and Transport' });
  await row.waitFor();
  const headers = (await page.locator('.ant-table-thead th').allTextContents()).map((t) => t.trim()).filter(Boolean);
  expect(headers.slice(0, 3)).toEqual(['Fee', 'Pending', 'Paid']);
  for (const name of ['Pending', 'Paid']) await expectInView(page.locator('.ant-table-thead th', { hasText: new RegExp(`^${name}$`) }));
  await expectInView(row.getByText('₹12,34,567.00').first());
  // Beside the row's expand button, one button: the bill's actions are behind it.
  expect(await row.getByRole('button', { name: /pay installment|refund|print receipt|delete/i }).count()).toBe(0);
  await expectInView(row.getByRole('button', { name: 'Actions' }));
  await row.getByRole('button', { name: 'Actions' }).click();
  await page.locator('.ant-popover:visible .row-menu').getByRole('button', { name: 'Pay Installment' }).click();
  await page.waitForURL(`**/fees/pay/installment/${billId}`);
  await context.close();
});
