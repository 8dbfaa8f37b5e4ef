/**
 * The public application on a phone (spec 4 §2.7): a parent on a 390×844 screen opens the
 * school's share link, applies with a photo, pays the application fee on the built-in test
 * gateway, sees the payment result with the application number, finds the preview expired,
 * and checks the application's status. The admin opens admissions through the API first.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { putSetting } from '../../src/server/platform/settings.js';
import { DEMO, adminToken, demoApi, expectAccessible, signIn, startE2E, toast, type E2E } from './support.js';

let e: E2E;
let page: Page;
let link: string;

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

beforeAll(async () => {
  fs.mkdirSync('.tmp/admissions-apply', { recursive: true });
  e = await startE2E();
  const admin = await adminToken(e);
  await putSetting(e.demoDb, 'fees', {
    fee_discounts_enabled: '1', fee_partial_payment_enabled: '1', online_fee_payment_enabled: '1',
    payment_gateway_list: [{ value: 'test', name: 'Test Gateway (no real money)', enabled: true }, { value: 'razorpay', name: 'Razorpay', enabled: false }],
  });
  const saved = await demoApi<{ adm_short_url: string }>(e, 'POST', '/settings/admissions/', { adm_enabled: '1', adm_classes_list: ['LKG', '1', '2'], adm_application_fees: 150 }, admin);
  link = new URL(saved.adm_short_url).pathname;
  ({ page } = await e.newPage({ phone: true }));
});
afterAll(() => e?.close());

it("answers 'Invalid URL' without a school code and token", async () => {
  await page.goto('/admissions/apply/');
  await page.getByText('Invalid URL', { exact: true }).waitFor();
});

it('applies through the share link with a photo, pays on the test gateway and checks the status', async () => {
  const scripts: string[] = [];
  page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname); });
  await page.goto(link);
  await page.getByRole('button', { name: 'Check Application Status' }).waitFor();
  await page.getByRole('button', { name: 'Apply Now' }).click();
  await page.waitForURL(/\/admissions\/apply\/new-application\/$/);
  await page.getByLabel('Student Name').fill('Meera Iyer');
  await page.getByLabel('Class', { exact: true }).selectOption('1');
  await page.getByLabel('Female').check();
  await page.locator('#adm-photo').setInputFiles({ name: 'meera.png', mimeType: 'image/png', buffer: PNG });
  await page.getByTestId('photo-preview').waitFor();
  await page.getByLabel('Parent/Guardian Name').fill('Ravi Iyer');
  await page.getByLabel('Mobile', { exact: true }).fill('9876543210');
  await page.getByLabel('Email').fill('ravi.iyer@example.com');
  // The parent typed becomes the father.
  expect(await page.getByLabel("Father's Name").inputValue()).toBe('Ravi Iyer');
  await page.getByLabel("Mother's Name").fill('Lakshmi Iyer');
  await page.getByLabel('Guardian Address').fill('4 Temple Street, Chennai');
  // Laid out for the phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'the application form');
  await page.getByRole('button', { name: 'Next' }).click();

  await page.waitForURL(/\/admissions\/apply\/preview\/$/);
  await page.getByText('Meera Iyer', { exact: true }).waitFor();
  await expectAccessible(page, 'the preview');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText(/^Application No: /).waitFor();
  await expectAccessible(page, 'the payment step');
  await page.getByRole('button', { name: /^Pay / }).click();

  await page.waitForURL(/\/admissions\/apply\/test-gateway\/test_order_/);
  await page.getByText('Test payment gateway — no real money moves').waitFor();
  await expectAccessible(page, 'the test gateway');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await page.waitForURL(/\/admissions\/apply\/payment-status\/$/);
  await page.getByText('Payment successful', { exact: true }).waitFor();
  const number = (await page.getByTestId('application-no').textContent())!.trim();
  expect(number.startsWith(DEMO.code)).toBe(true);
  const row = await e.demoDb.selectFrom('adm_application').selectAll().where('application_no', '=', number).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ student_name: 'Meera Iyer', application_class: '1', payment_status: 1 });
  expect((row.student_photo as { name: string }).name).toBe('meera.png');

  // Back to the preview: it has expired.
  await page.goto('/admissions/apply/preview/');
  await page.getByText('Document expired').waitFor();

  await page.goto('/admissions/apply/status/');
  await page.getByLabel('Application No').fill(number);
  await page.getByLabel('Mobile No').fill('9876543210');
  await page.getByRole('button', { name: 'Check Status' }).click();
  const result = page.getByTestId('status-result');
  await result.getByText('Paid', { exact: true }).waitFor();
  await result.getByText('Meera Iyer', { exact: true }).waitFor();
  // The public pages never fetch the staff app (its shell, dashboard or generated forms).
  expect(scripts.filter((s) => /\/assets\/(App|Dashboard|ResourceForm)-/.test(s))).toEqual([]);
  expect(scripts.some((s) => /\/assets\/ApplyApp-/.test(s))).toBe(true);
});

it("applies as the mother: her name and mobile fill the mother's fields, and the preview shows the birth date as DD-MM-YYYY", async () => {
  const { page: phone } = await e.newPage({ phone: true });
  await phone.goto(link);
  await phone.getByRole('button', { name: 'Apply Now' }).click();
  await phone.waitForURL(/\/admissions\/apply\/new-application\/$/);
  await phone.getByLabel('Student Name').fill('Kavya Menon');
  await phone.getByLabel('Class', { exact: true }).selectOption('LKG');
  // The date of birth typed by keyboard, as a parent on a phone types it.
  await phone.getByLabel('Date of Birth').click();
  await phone.keyboard.type('14-03-2022');
  await phone.getByLabel('Parent/Guardian Name').fill('Latha Menon');
  await phone.getByRole('radio', { name: 'Mother' }).check();
  await phone.getByLabel('Mobile', { exact: true }).fill('9876501234');
  await phone.getByLabel('Email').fill('latha@example.com');
  expect(await phone.getByLabel("Mother's Name").inputValue()).toBe('Latha Menon');
  expect(await phone.getByLabel("Mother's Mobile").inputValue()).toBe('9876501234');
  expect(await phone.getByLabel("Father's Name").inputValue()).toBe('');
  await phone.getByLabel("Father's Name").fill('Suresh Menon');
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.screenshot({ path: '.tmp/admissions-apply/form-mother.png', fullPage: true });
  await phone.getByRole('button', { name: 'Next' }).click();

  await phone.waitForURL(/\/admissions\/apply\/preview\/$/);
  const preview = phone.locator('.ant-descriptions');
  const shown = async (label: string) => (await preview.locator('tr', { has: phone.getByText(label, { exact: true }) }).locator('td').textContent())?.trim();
  expect(await shown('Date of Birth')).toBe('14-03-2022');
  expect(await shown('Relation to the Student')).toBe('Mother');
  expect(await shown("Mother's Name")).toBe('Latha Menon');
  expect(await shown("Father's Name")).toBe('Suresh Menon');
  await phone.screenshot({ path: '.tmp/admissions-apply/preview-mother.png', fullPage: true });
  await phone.getByRole('button', { name: 'Submit' }).click();
  const number = (await phone.getByText(/^Application No: /).textContent())!.replace('Application No: ', '').trim();
  const row = await e.demoDb.selectFrom('adm_application').selectAll().where('application_no', '=', number).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ parent_name: 'Latha Menon', mobile: '9876501234' });
  expect(row.details).toMatchObject({
    student: { dob: '2022-03-14' }, guardian: { relation: 'mother' },
    mother: { name: 'Latha Menon', mobile: '9876501234' }, father: { name: 'Suresh Menon' },
  });
  expect((row.details as { father: { mobile?: string } }).father.mobile).toBeFalsy();
});

it("shows the share link in Settings, Admissions; a regenerated link leaves the old one 'Invalid URL'", async () => {
  const { page: office } = await e.newPage();
  await signIn(office, DEMO.code, DEMO.admin);
  await office.goto('/settings?tab=admissions');
  const field = office.getByTestId('admission-link');
  await field.waitFor();
  expect(new URL(await field.inputValue()).pathname).toBe(link);
  await office.getByRole('button', { name: 'Regenerate link' }).click();
  await office.locator('.ant-popconfirm').getByRole('button', { name: 'Regenerate' }).click();
  await toast(office, 'URL Updated').waitFor();
  const fresh = new URL(await field.inputValue()).pathname;
  expect(fresh).not.toBe(link);
  await page.goto(link);
  await page.getByText('Invalid URL', { exact: true }).waitFor();
  await page.goto(fresh);
  await page.getByRole('button', { name: 'Apply Now' }).waitFor();
});
