/**
 * Online fee payment in the browser: the demo parent opens their child's fees, pays part of a
 * pending bill through the built-in test gateway (clearly labelled as moving no real money) and
 * lands on the receipt; a failed payment shows the 'Payment Failed' screen with its order id,
 * status and amount; a cancelled one says so; the TDR note follows the chosen gateway; and no
 * provider's script is loaded unless that provider is chosen. The pending bill is made through
 * the API by the admin.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { putSetting } from '../../src/server/platform/settings.js';
import { DEMO, adminToken, demoApi, pick, signIn, startE2E, toast, type E2E } from './support.js';

let e: E2E;
let page: Page;
let child: { id: number; fullname: string };
let billId: number;

const BILL = 'E2E Online Term';
const GATEWAYS = [
  { value: 'test', name: 'Test Gateway (no real money)', enabled: true },
  { value: 'razorpay', name: 'Razorpay', enabled: true },
  { value: 'paytm', name: 'Paytm', enabled: false },
  { value: 'easebuzz', name: 'Easebuzz', enabled: false },
];
const settings = (online: '1' | '0') => putSetting(e.demoDb, 'fees', {
  fee_discounts_enabled: '1', fee_partial_payment_enabled: '1', online_fee_payment_enabled: online, payment_gateway_list: GATEWAYS,
  razorpay_gateway_details: { tdr_amount: 0, tdr_rate: 2, tdr_tax_rate: 18 },
});

const installments = () => e.demoDb.selectFrom('fee_installment').select(['paid_amount', 'mode', 'kind']).where('payment_id', '=', billId).execute();

/** From the installment page: amount and the test gateway, then Pay; resolves on the test gateway's page. */
async function startTestPayment(p: Page, rupees: string) {
  await p.goto(`/fees/pay/installment/${billId}`);
  await p.getByTestId('online-amount-pending').waitFor();
  await p.getByLabel('Amount', { exact: true }).fill(rupees);
  await pick(p, 'Payment Mode', 'Test Gateway (no real money)');
  await p.getByRole('button', { name: 'Pay', exact: true }).click();
  await p.waitForURL(/\/fees\/online\/test-gateway\/test_order_/);
  await p.getByText('Test payment gateway — no real money moves').waitFor();
}

beforeAll(async () => {
  e = await startE2E();
  const admin = await adminToken(e);
  await settings('1');
  const parent = await e.demoDb.selectFrom('user').select('id').where('username', '=', DEMO.parentMobile).executeTakeFirstOrThrow();
  child = await e.demoDb.selectFrom('student').select(['id', 'fullname']).where('user_id', '=', parent.id).orderBy('id').executeTakeFirstOrThrow();
  const year = await e.demoDb.selectFrom('ac_year').select('id').where('status', '=', 1).executeTakeFirstOrThrow();
  billId = (await demoApi<{ payment_id: number }>(e, 'PUT', '/fees/pay/', {
    student_id: child.id, ac_year_id: year.id, name: BILL, amount_total: 2345, amount_paid: 0,
    details: [{ fee_item_name: 'Miscellaneous', amount: 2345, quantity: 1 }], installments: [],
  }, admin)).payment_id;
  ({ page } = await e.newPage());
  await signIn(page, DEMO.code, DEMO.parentMobile);
});
afterAll(() => e?.close());

it('pays part of a pending bill through the test gateway and shows the receipt', async () => {
  await page.goto(`/fees/records/${child.id}`);
  const row = page.locator(`.ant-table-row[data-row-key="${billId}"]`);
  await row.waitFor();
  await row.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(`**/fees/pay/installment/${billId}`);
  await expect.poll(() => page.getByTestId('online-amount-pending').textContent()).toBe('₹2,345.00');
  // The whole pending amount is offered; the parent pays ₹1,000 of it.
  await expect.poll(() => page.getByLabel('Amount', { exact: true }).inputValue()).toBe('2,345.00');

  // The TDR note follows the chosen gateway; choosing Razorpay does not load its script until Pay.
  await pick(page, 'Payment Mode', 'Razorpay');
  await expect.poll(() => page.getByTestId('tdr-note').textContent()).toBe('2% + taxes will be charged extra');
  await pick(page, 'Payment Mode', 'Test Gateway (no real money)');
  await expect.poll(() => page.getByTestId('tdr-note').count()).toBe(0);
  await page.getByLabel('Amount', { exact: true }).fill('1000');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await page.waitForURL(/\/fees\/online\/test-gateway\/test_order_/);
  await page.getByText('Test payment gateway — no real money moves').waitFor();
  expect(await page.getByText('Nothing is charged to any card, bank account or wallet.', { exact: false }).count()).toBe(1);
  await expect.poll(() => page.getByTestId('test-gateway-amount').textContent()).toBe('₹1,000.00');
  expect(await page.locator('script[src*="razorpay"], script[src*="paytm"], script[src*="easebuzz"]').count()).toBe(0);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await page.waitForURL(`**/fees/receipt/${billId}`);
  await toast(page, 'Fee Installment Paid').waitFor();
  await expect.poll(() => page.getByTestId('receipt-copy').count()).toBe(2);
  // The receipt may first show the bill as it was before the payment, then refresh.
  await expect.poll(() => page.getByTestId('receipt-copy').first().textContent()).toContain('₹1,000.00');
  const copy = await page.getByTestId('receipt-copy').first().textContent();
  expect(copy).toContain(child.fullname);
  expect(copy).toContain('₹1,000.00');
  expect(copy).toContain('₹1,345.00');
  expect(await installments()).toEqual([{ paid_amount: '1000.00', mode: 'test', kind: 'online' }]);
});

it("shows 'Payment Failed' with the order id, status and amount, and credits nothing", async () => {
  await startTestPayment(page, '500');
  const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  await page.getByRole('button', { name: 'Fail', exact: true }).click();
  await page.getByText('Payment Failed', { exact: true }).waitFor();
  await expect.poll(() => page.getByTestId('failed-order-id').textContent()).toBe(orderId);
  expect(await page.getByTestId('failed-status').textContent()).toBe('TXN_FAILED');
  expect(await page.getByTestId('failed-amount').textContent()).toBe('₹500.00');
  expect(await installments()).toHaveLength(1);
  // Try Again goes back to the bill's payment.
  await page.getByRole('button', { name: 'Try Again' }).click();
  await page.waitForURL(`**/fees/pay/installment/${billId}`);
  await expect.poll(() => page.getByTestId('online-amount-pending').textContent()).toBe('₹1,345.00');
});

it('says the payment was cancelled when the payer cancels at the gateway', async () => {
  await startTestPayment(page, '300');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await toast(page, 'Fee payment cancelled by user!').waitFor();
  await page.waitForURL(`**/fees/pay/installment/${billId}`);
  expect(await installments()).toHaveLength(1);
});

it('checks the amount and mode before asking for an order, and warns when online payment is off', async () => {
  await page.goto(`/fees/pay/installment/${billId}`);
  await page.getByTestId('online-amount-pending').waitFor();
  await page.getByLabel('Amount', { exact: true }).fill('5000');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await toast(page, 'Please select payment mode').waitFor();
  await pick(page, 'Payment Mode', 'Test Gateway (no real money)');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await toast(page, 'Amount Paying cannot be more than Amount Pending').waitFor();

  await settings('0');
  try {
    await page.reload();
    await page.getByTestId('online-amount-pending').waitFor();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await toast(page, 'Online fee payment not enabled').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/fees/pay/installment/${billId}`);
  } finally {
    await settings('1');
  }
});
