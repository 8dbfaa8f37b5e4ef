/**
 * Fees in the browser: a bill of two items paid in part, its two-copy receipt in rupees the
 * Indian way and in words, an installment for the rest, a cheque refund, printing the receipt
 * back to the records page, discount, due alert and delete on another bill, the read-only fee
 * settings tab, and a parent who sees their child's bills without the staff buttons.
 * Everything the test needs (fee items, a parent, a student, the fee settings) is made here.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { putSetting } from '../../src/server/platform/settings.js';
import { DEMO, adminToken, demoApi, pick, settled, signIn, startE2E, toast, type E2E } from './support.js';

let e: E2E;
let page: Page;
let token: string;
let year: { id: number; name: string };
let student: { id: number; fullname: string };
let billId: number;

const PARENT_MOBILE = '9712345670';
const PARENT_PASSWORD = 'Parent#Fees1';
const TUITION = 'E2E Tuition Fee';
const BOOKS = 'E2E Books';

/** A call on the demo school's API as the admin (the test's own setup). */
const api = <T = any>(method: string, path: string, body?: unknown) => demoApi<T>(e, method, path, body, token);
const billRow = (p: Page, id: number) => p.locator(`.ant-table-row[data-row-key="${id}"]`);

beforeAll(async () => {
  e = await startE2E();
  token = await adminToken(e);
  year = await e.demoDb.selectFrom('ac_year').select(['id', 'name']).where('status', '=', 1).executeTakeFirstOrThrow();
  const klass = await e.demoDb.selectFrom('class').select('id').orderBy('id').executeTakeFirstOrThrow();
  // Discounts and partial payment on (the support team's switches, stored as the school's fee settings).
  await putSetting(e.demoDb, 'fees', { fee_discounts_enabled: '1', fee_partial_payment_enabled: '1' });
  await api('PUT', '/fees/items/', { name: TUITION, type: 1, amount: 60000 });
  await api('PUT', '/fees/items/', { name: BOOKS, type: 2, amount: 3456.5 });
  const parent = await api<{ id?: number; user_id?: number }>('PUT', '/user/', {
    name: 'Meera Fees', mobile: PARENT_MOBILE, username: PARENT_MOBILE, password: PARENT_PASSWORD, role: 1,
  });
  const made = await api<{ id: number }>('PUT', '/students/', {
    ac_year_id: year.id, class_id: klass.id, fullname: 'Rohan Fees', mobile: PARENT_MOBILE, dob: '2015-04-01',
    admission_no: `FEE-${Date.now()}`, admission_date: '2026-06-01', user_id: parent.user_id ?? parent.id,
  });
  student = { id: made.id, fullname: 'Rohan Fees' };
  ({ page } = await e.newPage());
  await signIn(page, DEMO.code, DEMO.admin);
});
afterAll(() => e?.close());

it('bills two items with a partial payment and shows both receipt copies in rupees and words', async () => {
  await page.goto(`/fees/pay/${student.id}`);
  await page.locator('.ant-form-item', { hasText: 'Academic Year' }).locator('.ant-select-selection-item', { hasText: year.name }).waitFor();
  const rows = page.getByTestId('bill-row');
  await pick(page, 'Item', TUITION);
  // The item prefills its amount, shown with Indian grouping.
  await expect.poll(() => rows.nth(0).getByLabel('Amount').inputValue()).toBe('60,000.00');
  // A quantity above 5 stays as typed and is refused under the field.
  const quantity = rows.nth(0).getByLabel('Quantity');
  await quantity.fill('7');
  const quantityItem = rows.nth(0).locator('.ant-form-item', { has: page.getByLabel('Quantity') });
  await expect.poll(() => quantityItem.locator('.ant-form-item-explain-error').textContent()).toBe('Quantity must be from 1 to 5');
  await quantity.blur();
  expect(await quantity.inputValue()).toBe('7');
  await quantity.fill('2');
  await expect.poll(() => quantityItem.locator('.ant-form-item-explain-error').count()).toBe(0);
  // The bill's name: Fees unless named.
  expect(await page.getByLabel('Bill Name').inputValue()).toBe('Fees');
  await page.getByLabel('Bill Name').fill('Term 1');
  await page.getByRole('button', { name: 'Add Item' }).click();
  await expect.poll(() => rows.count()).toBe(2);
  await pick(page, 'Item', BOOKS);
  await expect.poll(() => rows.nth(1).getByLabel('Amount').inputValue()).toBe('3,456.50');

  // The live preview: 2 × ₹60,000 + ₹3,456.50.
  const preview = page.getByTestId('bill-preview');
  await expect.poll(() => page.getByTestId('bill-total').textContent()).toBe('₹1,23,456.50');
  expect(await preview.textContent()).toContain('₹1,20,000.00');
  // Discounts are enabled in the settings, so the field is open; the amount paying follows the total until typed.
  expect(await page.getByLabel('Discount').isDisabled()).toBe(false);
  await expect.poll(() => page.getByLabel('Amount Paying').inputValue()).toBe('1,23,456.50');

  // More than the total: spec 2's message under the field and in the preview as it is typed, never a negative pending.
  const paying = page.getByLabel('Amount Paying');
  const payingItem = page.locator('.ant-form-item', { has: paying });
  await paying.fill('999964749');
  await expect.poll(() => paying.inputValue()).toMatch(/^99,99,64,749(\.00)?$/);
  await expect.poll(() => payingItem.locator('.ant-form-item-explain-error').textContent()).toBe('Amount Paying can not be greater than Total Amount');
  expect(await page.getByTestId('bill-pending').textContent()).toBe('Amount Paying can not be greater than Total Amount');
  expect(await preview.textContent()).not.toContain('-₹');
  await paying.fill('123456.51');
  await expect.poll(() => payingItem.locator('.ant-form-item-explain-error').textContent()).toBe('Amount Paying can not be greater than Total Amount');
  // A figure beyond the paisa is refused, not rounded.
  await paying.fill('100.505');
  await expect.poll(() => payingItem.locator('.ant-form-item-explain-error').textContent()).toBe('Amount can have at most 2 decimal places (paise)');
  await paying.fill('123456.51');
  // Pay sends nothing while the field says what is wrong.
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect.poll(() => payingItem.locator('.ant-form-item-explain-error').textContent()).toBe('Amount Paying can not be greater than Total Amount');
  expect(await e.demoDb.selectFrom('fee_payment').select('id').where('student_id', '=', student.id).execute()).toEqual([]);

  await page.getByLabel('Amount Paying').fill('50000');
  await expect.poll(() => preview.textContent()).toContain('₹73,456.50');
  await expect.poll(() => payingItem.locator('.ant-form-item-explain-error').count()).toBe(0);
  await pick(page, 'Payment Mode', 'Wallet/UPI');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await toast(page, 'Fees Paid').waitFor();
  await page.waitForURL(/\/fees\/receipt\/\d+$/);
  billId = Number(new URL(page.url()).pathname.split('/').pop());
  // The success toast stays clear of the receipt's Print button.
  const printBox = (await page.getByRole('button', { name: 'Print' }).boundingBox())!;
  const toastBox = (await toast(page, 'Fees Paid').boundingBox())!;
  const overlaps = toastBox.x < printBox.x + printBox.width && printBox.x < toastBox.x + toastBox.width
    && toastBox.y < printBox.y + printBox.height && printBox.y < toastBox.y + toastBox.height;
  expect(overlaps).toBe(false);

  const copies = page.getByTestId('receipt-copy');
  await expect.poll(() => copies.count()).toBe(2);
  expect(await copies.nth(0).getAttribute('aria-label')).toBe('Institution Copy');
  expect(await copies.nth(1).getAttribute('aria-label')).toBe('Student Copy');
  for (const i of [0, 1]) {
    const text = (await copies.nth(i).textContent())!;
    for (const want of [DEMO.name, student.fullname, year.name, TUITION, BOOKS, '₹60,000.00', '₹1,20,000.00', '₹3,456.50', '₹1,23,456.50', '₹50,000.00', '₹73,456.50', 'Wallet/UPI', 'Fifty Thousand Rupees Only']) {
      expect(text).toContain(want);
    }
  }
  expect(await copies.nth(0).textContent()).toContain('Bill: Term 1');
  expect(await copies.nth(0).textContent()).toContain('Institution Copy');
  expect(await copies.nth(1).textContent()).toContain('Student Copy');
  // The demo school's receipt settings (config/schools/DEMO01.json): header line, signatory, footer.
  for (const want of ['Affiliated to CBSE, New Delhi (Affiliation No. 830999)', 'Accounts Officer', 'Keep this receipt for your records.']) {
    expect(await copies.nth(1).textContent()).toContain(want);
  }
  // The server recomputed and stored the same figures.
  const stored = await e.demoDb.selectFrom('fee_payment').select(['total_amount', 'paid_amount', 'name']).where('id', '=', billId).executeTakeFirstOrThrow();
  expect([Number(stored.total_amount), Number(stored.paid_amount), stored.name]).toEqual([123456.5, 50000, 'Term 1']);
});

it('pays the rest as an installment, the amount filled in, and writes that installment in words; then Pay Installment is disabled', async () => {
  await page.goto(`/fees/records/${student.id}`);
  const row = billRow(page, billId);
  await row.getByRole('button', { name: 'Pay Installment' }).click();
  await page.waitForURL(`**/fees/pay/installment/${billId}`);
  await expect.poll(() => page.getByTestId('amount-pending').textContent()).toBe('₹73,456.50');
  // The amount is filled in with the pending amount, a value and not a grey hint.
  const amount = page.getByLabel('Amount', { exact: true });
  await expect.poll(() => amount.inputValue()).toBe('73,456.50');
  expect(await amount.getAttribute('placeholder')).toBeNull();
  // Cleared or too much, Pay says so.
  await amount.fill('');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await toast(page, 'Amount must be entered').waitFor();
  await amount.fill('73456.51');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await toast(page, 'Amount Paying cannot be more than Amount Pending').waitFor();
  // Opened afresh, Pay pays the pending amount without anything typed (cash, today).
  await page.reload();
  await expect.poll(() => amount.inputValue()).toBe('73,456.50');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await toast(page, 'Fee Installment Paid').waitFor();
  await page.waitForURL(`**/fees/receipt/${billId}`);
  const copy = page.getByTestId('receipt-copy').first();
  // The receipt is this installment's: its amount, and that amount in words, not the bill's ₹1,23,456.50 paid in all.
  await expect.poll(() => copy.getByTestId('receipt-words').textContent()).toBe('Seventy Three Thousand Four Hundred Fifty Six Rupees and Fifty Paise Only');
  const text = (await copy.textContent())!;
  expect(text).toContain('Amount paid in words: Seventy Three Thousand Four Hundred Fifty Six Rupees and Fifty Paise Only');
  expect(await copy.getByTestId('receipt-amount').textContent()).toBe('₹73,456.50');
  expect(text).not.toContain('One Lakh Twenty Three Thousand');
  expect(text).toContain('Paid (all receipts)₹1,23,456.50');
  expect(text).toContain('Pending₹0.00');
  const stored = await e.demoDb.selectFrom('fee_installment').select(['paid_amount', 'mode', 'kind']).where('payment_id', '=', billId).orderBy('id').execute();
  expect(stored.at(-1)).toEqual({ paid_amount: '73456.50', mode: 'cash', kind: 'installment' });

  await page.goto(`/fees/records/${student.id}`);
  await row.waitFor();
  expect(await row.getByRole('button', { name: 'Pay Installment' }).isDisabled()).toBe(true);
  // Nothing is due: no due alert; Forfeit is shown but disabled.
  expect(await row.getByRole('button', { name: 'Due Alert SMS' }).count()).toBe(0);
  expect(await row.getByRole('button', { name: 'Forfeit' }).isDisabled()).toBe(true);
});

it('refunds part by cheque with its details and shows it on the receipt', async () => {
  await page.goto(`/fees/records/${student.id}`);
  await billRow(page, billId).getByRole('button', { name: 'Refund' }).click();
  await page.waitForURL(`**/fees/refund/${billId}`);
  // Cheque is the default mode.
  await page.locator('.ant-form-item', { hasText: 'Refund Mode' }).locator('.ant-select-selection-item', { hasText: 'Cheque' }).waitFor();
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  await toast(page, 'Refund amount is required!').waitFor();
  await page.getByLabel('Refund Amount').fill('1000.50');
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  await toast(page, 'Transaction Details is requried!').waitFor();
  await page.getByLabel('Transaction Details').fill('Cheque 004521, State Bank of India');
  await page.getByLabel('Refund Amount').fill('123456.51');
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  await toast(page, 'Refund amount cannot be greater than amount paid').waitFor();
  await page.getByLabel('Refund Amount').fill('1000.50');
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  await toast(page, 'Refund Data Updated').waitFor();
  await page.waitForURL(`**/fees/receipt/${billId}`);
  const copy = page.getByTestId('receipt-copy').first();
  await expect.poll(() => copy.textContent()).toContain('-₹1,000.50');
  const text = (await copy.textContent())!;
  expect(text).toContain('Refund');
  expect(text).toContain('Cheque 004521, State Bank of India');
  // Paid is net of the refund: ₹1,22,456.00, pending ₹1,000.50; the words are the refund's own.
  expect(text).toContain('Paid (all receipts)₹1,22,456.00');
  expect(text).toContain('Pending₹1,000.50');
  expect(text).toContain('Amount refunded in words: One Thousand Rupees and Fifty Paise Only');
});

it("prints the receipt through the browser and then opens the student's fee records", async () => {
  await page.goto(`/fees/receipt/${billId}`);
  await page.getByTestId('receipt-copy').first().waitFor();
  // Printed, the page is the two copies only: no menu, header or buttons.
  await page.emulateMedia({ media: 'print' });
  expect(await page.locator('.ant-layout-sider').isVisible()).toBe(false);
  expect(await page.locator('.ant-layout-header').isVisible()).toBe(false);
  expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
  expect(await page.getByTestId('receipt-copy').nth(1).isVisible()).toBe(true);
  await page.emulateMedia({ media: 'screen' });
  expect(await page.locator('.ant-layout-sider').isVisible()).toBe(true);
  await page.evaluate(() => {
    (window as any).printCalls = 0;
    window.print = () => { (window as any).printCalls += 1; };
  });
  await page.getByRole('button', { name: 'Print' }).click();
  await page.waitForURL((u) => u.pathname === `/fees/records/${student.id}`);
  expect(await page.evaluate(() => (window as any).printCalls)).toBe(1);
});

it('shows the refund as a negative installment on the records page', async () => {
  await page.goto(`/fees/records/${student.id}`);
  const row = billRow(page, billId);
  await row.waitFor();
  await row.locator('.ant-table-row-expand-icon').click();
  const details = page.getByTestId(`bill-${billId}`);
  await details.waitFor();
  const refund = details.locator('tr', { hasText: 'Refund' }).last();
  await expect.poll(() => refund.textContent()).toContain('-₹1,000.50');
  expect(await refund.textContent()).toContain('Cheque');
  expect(await details.textContent()).toContain('₹50,000.00');
  expect(await details.textContent()).toContain('₹73,456.50');
  // Something is pending again after the refund.
  expect(await row.getByRole('button', { name: 'Pay Installment' }).isDisabled()).toBe(false);
});

it('updates a discount, sends a due alert and deletes another bill', async () => {
  const items = await api<Array<{ id: number; name: string }>>('GET', '/fees/items/');
  const books = items.find((i) => i.name === BOOKS)!;
  const other = await api<{ payment_id: number }>('PUT', '/fees/pay/', {
    student_id: student.id, ac_year_id: year.id, name: 'Books Bill', amount_total: 3456.5, amount_paid: 0,
    details: [{ fee_item_id: books.id, amount: 3456.5, quantity: 1 }], installments: [],
  });
  await page.goto(`/fees/records/${student.id}`);
  const row = billRow(page, other.payment_id);
  await row.waitFor();

  await row.getByRole('button', { name: 'Update Discount' }).click();
  const modal = page.locator('.ant-modal-content').filter({ hasText: 'Update Discount' });
  await modal.getByLabel('Discount').fill('');
  await modal.getByRole('button', { name: 'Update' }).click();
  await modal.getByText('Discount is required!').waitFor();
  await modal.getByLabel('Discount').fill('456.50');
  await modal.getByRole('button', { name: 'Update' }).click();
  await toast(page, 'Fee Discount Updated').waitFor();
  await expect.poll(() => row.textContent()).toContain('₹3,000.00');
  // The row reads as a sum under its headings: total before discount − discount − paid = pending.
  const headings = await page.locator('.ant-table-thead').first().locator('th').allTextContents();
  const cells = await row.locator('td').allTextContents();
  const under = (h: string) => cells[headings.indexOf(h)];
  expect(['Total (before discount)', 'Discount', 'Paid', 'Pending'].map(under)).toEqual(['₹3,456.50', '₹456.50', '₹0.00', '₹3,000.00']);

  // The alert asks first, with the number of SMS it will send; nothing goes before Send.
  const outbox = async () => (await e.demoDb.selectFrom('outbox_sms').select('id').execute()).length;
  const before = await outbox();
  await row.getByRole('button', { name: 'Due Alert SMS' }).click();
  const confirm = page.locator('.ant-modal-confirm');
  const question = confirm.getByText(/^Send \d+ SMS about ₹3,000\.00 of Books Bill pending for /);
  await question.waitFor();
  const count = Number(/^Send (\d+)/.exec((await question.textContent())!)![1]);
  expect(count).toBeGreaterThan(0);
  expect(await outbox()).toBe(before);
  await settled(page);
  await confirm.getByRole('button', { name: 'Send' }).click();
  // The question closes once the server has answered; its toast says how that went.
  await confirm.waitFor({ state: 'hidden' });
  await expect.poll(() => page.locator('.ant-notification-notice').allTextContents()).toContainEqual(expect.stringContaining('Alert SMS Sent'));
  expect(await outbox()).toBe(before + count);
  // The alert is in the school's SMS log, counted today.
  await page.goto('/reports/sms/');
  await page.locator('.ant-table-row', { hasText: '₹3,000.00 of Books Bill' }).first().waitFor();
  await expect.poll(async () => Number(await page.locator('.ant-statistic', { hasText: 'Today' }).locator('.ant-statistic-content-value').textContent())).toBeGreaterThan(0);
  await page.goto(`/fees/records/${student.id}`);
  await row.waitFor();

  await row.getByRole('button', { name: 'Delete' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
  await toast(page, 'Fee Entry Deleted').waitFor();
  await expect.poll(() => row.count()).toBe(0);
  await billRow(page, billId).waitFor();
});

it('shows the fee settings read-only on the settings page', async () => {
  await page.goto('/settings?tab=fees');
  const settings = page.getByTestId('fee-settings');
  await settings.waitFor();
  await page.getByText('Changes go through the product support team').waitFor();
  expect(await settings.locator('tr', { hasText: 'Fee Discounts' }).textContent()).toContain('Enabled');
  expect(await settings.locator('tr', { hasText: 'Currency' }).textContent()).toContain('INR');
  expect(await page.locator('.ant-table-row', { hasText: 'Razorpay' }).textContent()).toContain('Disabled');
  // Nothing here can be changed.
  expect(await settings.locator('input, button').count()).toBe(0);
});

it("shows a parent their child's bills with print and pay but no staff buttons", async () => {
  const { page: p, context } = await e.newPage();
  try {
    await signIn(p, DEMO.code, PARENT_MOBILE, PARENT_PASSWORD);
    await p.goto('/fees/');
    await p.locator('#fee-student').locator('xpath=ancestor::div[contains(@class,"ant-select")]').first().getByText(student.fullname).waitFor();
    const row = billRow(p, billId);
    await row.waitFor();
    expect(await row.textContent()).toContain('₹1,23,456.50');
    await row.getByRole('button', { name: 'Print Receipt' }).waitFor();
    // ₹1,000.50 is pending after the refund, so the parent may pay it.
    await row.getByRole('button', { name: 'Pay', exact: true }).waitFor();
    for (const name of ['Pay Installment', 'Refund', 'Update Discount', 'Delete', 'Due Alert SMS', 'Forfeit', 'New Bill']) {
      expect(await p.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
    await row.locator('.ant-table-row-expand-icon').click();
    await expect.poll(() => p.getByTestId(`bill-${billId}`).textContent()).toContain('-₹1,000.50');
    await row.getByRole('button', { name: 'Print Receipt' }).click();
    await p.waitForURL(`**/fees/receipt/${billId}`);
    await expect.poll(() => p.getByTestId('receipt-copy').count()).toBe(2);
    expect(await p.getByTestId('receipt-copy').first().textContent()).toContain(student.fullname);
  } finally {
    await context.close();
  }
});

it('prints both receipt copies on one A4 sheet', async () => {
  // A bill with many installments: its copies must still share the sheet.
  const made = await api<{ payment_id: number }>('PUT', '/fees/pay/', {
    student_id: student.id, ac_year_id: year.id, name: 'Term 2', amount_total: 30000, amount_paid: 0,
    details: [{ fee_item_name: 'Transportation', amount: 30000, quantity: 1 }], installments: [],
  });
  for (let i = 0; i < 14; i++) await api('PUT', `/fees/pay/installment/${made.payment_id}/`, { amount: 1000 + i, mode: 'cash' });
  for (const id of [billId, made.payment_id]) {
    await page.goto(`/fees/receipt/${id}`);
    await page.getByTestId('receipt-copy').nth(1).waitFor();
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    // One sheet: a single page object in the PDF.
    expect((pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g) ?? []).length, `bill ${id}`).toBe(1);
    // Laid out as printed on A4 (210 mm = 794 px wide): Institution Copy above Student Copy, each within its half.
    await page.setViewportSize({ width: 794, height: 1123 });
    const [top, bottom] = await Promise.all([0, 1].map((i) => page.getByTestId('receipt-copy').nth(i).boundingBox()));
    expect(top!.y + top!.height).toBeLessThanOrEqual(bottom!.y + 1);
    expect(bottom!.y + bottom!.height).toBeLessThanOrEqual(1123);
    expect(await page.locator('.ant-layout-sider').isVisible()).toBe(false);
    await page.screenshot({ path: `.tmp/receipt-print-${id === billId ? 'short' : 'long'}.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ media: 'screen' });
  }
});
