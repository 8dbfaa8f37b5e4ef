/**
 * Admin actions and messages in the browser: the super admin takes the Fees module away from the
 * office admin, whose menu then has no Fees and whose fees call is refused; an admin is added
 * with a generated password; an SMS goes to a class's families and shows in the SMS log; the
 * demo parent answers a teacher's message on a phone.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, pick, signIn, startE2E, toast, type E2E } from './support.js';

const SHOTS = '/tmp/shots-office';
let e: E2E;

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  e = await startE2E();
});
afterAll(() => e?.close());

const side = (page: Page) => page.locator('#side-menu');
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** A call with a token of the office admin's, as the browser makes it. */
async function officeCall(method: 'GET' | 'PUT', path: string, token: string) {
  const res = await e.app.inject({ method, url: `/api/${DEMO.code}${path}`, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, error: res.json().error as string | null };
}

it('a super admin takes Fees away from the office admin: their menu loses it and the server refuses its calls', async () => {
  const office = (await e.newPage()).page;
  await signIn(office, DEMO.code, DEMO.office);
  await side(office).getByText('Fees', { exact: true }).first().waitFor();
  const token = await office.evaluate(() => {
    for (const store of [localStorage, sessionStorage]) {
      for (let i = 0; i < store.length; i++) {
        const v = store.getItem(store.key(i)!) ?? '';
        const m = /"token":"([^"]+)"/.exec(v);
        if (m) return m[1]!;
      }
    }
    return '';
  });
  expect(token).not.toBe('');
  expect((await officeCall('GET', '/fees/items/', token)).status).toBe(200);

  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.admin);
  await page.goto('/admin-actions/admins');
  const row = page.locator('tr', { hasText: DEMO.office });
  await row.getByRole('link', { name: /Module Access/ }).click();
  await page.getByText('Module Access: Office Admin').waitFor();
  // Academics cannot be taken away: locked on.
  expect(await page.getByRole('switch', { name: 'Academics: all' }).isDisabled()).toBe(true);
  expect(await page.getByRole('switch', { name: 'Academics: all' }).getAttribute('aria-checked')).toBe('true');
  const fees = page.getByRole('switch', { name: 'Fees: all' });
  expect(await fees.getAttribute('aria-checked')).toBe('true');
  await fees.click();
  for (const p of ['create', 'read', 'update', 'delete']) expect(await page.getByRole('checkbox', { name: `Fees: ${p}` }).isChecked()).toBe(false);
  await shot(page, 'module-access-desktop');
  await page.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Modules Access Saved').waitFor();

  // The office admin's very next call is refused, and a fresh start drops Fees from the menu.
  const refused = await officeCall('GET', '/fees/items/', token);
  expect(refused).toEqual({ status: 403, error: 'You do not have access to this module' });
  await office.reload();
  await side(office).getByText('Academics', { exact: true }).first().waitFor();
  expect(await side(office).getByText('Fees', { exact: true }).count()).toBe(0);
  await office.goto('/fees/items/');
  await office.getByText('Sorry, you are not authorized to access this page.').waitFor();
  await shot(office, 'office-admin-without-fees-desktop');
});

it('an admin adds an administrator with a generated password, and names show as text', async () => {
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.office);
  await page.goto('/admin-actions/admins');
  await page.getByRole('button', { name: 'Add Admin' }).click();
  await page.waitForURL('**/admin-actions/admin/new');
  const password = page.getByLabel('Password');
  const first = await password.inputValue();
  expect(first).toMatch(/^[A-Za-z0-9]{8}$/);
  await page.getByRole('button', { name: 'Regenerate' }).click();
  await expect.poll(() => password.inputValue()).not.toBe(first);
  expect(await password.inputValue()).toHaveLength(8);
  // An admin (role 3) is not offered a super admin.
  expect(await page.getByLabel('Role').count()).toBe(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Admin name is required').waitFor();
  await page.getByText('Admin email is required').waitFor();
  const name = '<img src=x onerror="window.__xss=1">Meena Iyer';
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill('meena');
  await page.getByText('Invalid email address').waitFor();
  await page.getByLabel('Email').fill('meena.iyer@demo01.school');
  const chosen = await password.inputValue();
  await page.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'New Admin Added').waitFor();
  await page.waitForURL('**/admin-actions/admins');
  await page.locator('td', { hasText: name }).waitFor();
  expect(await page.evaluate(() => (window as any).__xss)).toBeUndefined();
  await shot(page, 'admins-desktop');
  const made = await e.demoDb.selectFrom('user').select(['role', 'name']).where('email', '=', 'meena.iyer@demo01.school').executeTakeFirstOrThrow();
  expect(made).toEqual({ role: 3, name });
  // The password shown is the one that works.
  const login = await e.app.inject({ method: 'POST', url: `/api/${DEMO.code}/login/`, payload: { email: 'meena.iyer@demo01.school', password: chosen } });
  expect(login.json().success).toBe(true);
});

it('an admin texts the families of a class and sees the texts in the SMS log', async () => {
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.admin);
  await page.goto('/messages/sms');
  await pick(page, 'To', 'Parents of Classes');
  await pick(page, 'Classes', '5 - A');
  await page.getByLabel('Title').fill('Sports day');
  await pick(page, 'Template', 'school_notice (1107160000000000003)');
  const box = page.getByRole('textbox', { name: 'Message' });
  expect(await box.inputValue()).toBe('Dear Parent, {message} - Demo Public School');
  const text = 'Dear Parent, sports day is on Friday; children come in house colours - Demo Public School';
  await box.fill('x'.repeat(161));
  const counter = page.getByTestId('sms-counter');
  await expect.poll(() => counter.textContent()).toBe('161 characters · 2 SMS');
  expect(await counter.getAttribute('class')).toContain('danger');
  await box.fill(text);
  await expect.poll(() => counter.textContent()).toBe(`${text.length} characters · 1 SMS`);
  expect(await counter.getAttribute('class')).not.toContain('danger');
  await shot(page, 'send-sms-desktop');
  await page.getByRole('button', { name: 'Send' }).click();
  await toast(page, 'SMS Sent').waitFor();

  const year = await e.demoDb.selectFrom('ac_year').select('id').where('status', '=', 1).executeTakeFirstOrThrow();
  const class5a = await e.demoDb.selectFrom('class').select('id').where('class', '=', '5').where('section', '=', 'A').executeTakeFirstOrThrow();
  const families = await e.demoDb.selectFrom('student_year as sy').innerJoin('student as s', 's.id', 'sy.student_id').select('s.mobile')
    .where('sy.class_id', '=', class5a.id).where('sy.ac_year_id', '=', year.id).where('sy.status', '<>', 4).where('s.mobile', 'is not', null).execute();
  const sent = await e.demoDb.selectFrom('outbox_sms').select(['mobile', 'template_id']).where('message', '=', text).execute();
  expect(sent.length).toBeGreaterThan(0);
  expect(new Set(sent.map((r) => r.mobile)).size).toBe(sent.length);
  for (const f of families) expect(sent.map((r) => r.mobile)).toContain(f.mobile);
  expect(sent.every((r) => r.template_id === '1107160000000000003')).toBe(true);

  await page.goto('/reports/sms/');
  await page.getByText(text).first().waitFor();
  await shot(page, 'sms-log-desktop');
});

it('the demo parent answers a teacher\'s message on a phone, and the answer replaces the Reply button', async () => {
  const { page } = await e.newPage({ phone: true });
  await signIn(page, DEMO.code, DEMO.parentMobile);
  await page.goto('/messages');
  const item = page.getByTestId('message').filter({ hasText: 'Parent-teacher meeting' });
  await item.waitFor();
  // The one answered already shows its reply and no button; the one without replies has none either.
  const answered = page.getByTestId('message').filter({ hasText: 'Science project' });
  await answered.getByTestId('reply').waitFor();
  expect(await answered.getByRole('button', { name: 'Reply' }).count()).toBe(0);
  expect(await page.getByTestId('message').filter({ hasText: 'Fee receipt' }).getByRole('button', { name: 'Reply' }).count()).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'messages-phone');

  await item.getByRole('button', { name: 'Reply' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Send Reply' }).click();
  await dialog.getByText('Reply is required').waitFor();
  await dialog.getByLabel('Reply').fill('Yes, both of us will come at 10.');
  await shot(page, 'reply-dialog-phone');
  await dialog.getByRole('button', { name: 'Send Reply' }).click();
  await toast(page, 'Reply Sent').waitFor();
  await item.getByTestId('reply').getByText('Yes, both of us will come at 10.').waitFor();
  expect(await item.getByRole('button', { name: 'Reply' }).count()).toBe(0);
  await shot(page, 'messages-replied-phone');
  const stored = await e.demoDb.selectFrom('message').select('reply').where('subject', '=', 'Parent-teacher meeting').executeTakeFirstOrThrow();
  expect(stored.reply).toBe('Yes, both of us will come at 10.');
});

it('an admin saves the school\'s details with a logo, and every header shows it', async () => {
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.office);
  await page.goto('/admin-actions/about');
  const phone = page.getByLabel('Phone Number');
  await expect.poll(() => phone.inputValue()).toBe('080 2345 6789');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Please enter valid phone number').waitFor();
  await phone.fill('08023456789');
  await page.getByLabel('Short Name').fill('DPS Bengaluru');
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  await page.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await page.getByAltText('School logo').waitFor();
  await page.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Updated School Details').waitFor();
  await page.getByTestId('school-logo').waitFor();
  await shot(page, 'school-details-desktop');

  const parent = (await e.newPage({ phone: true })).page;
  await signIn(parent, DEMO.code, DEMO.parentMobile);
  await parent.getByTestId('school-logo').waitFor();
  expect(await parent.getByTestId('school-logo').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await shot(parent, 'header-logo-phone');
  const about = await e.app.inject({ method: 'GET', url: `/api/${DEMO.code}/about/school/` });
  expect(about.json().data).toMatchObject({ school_short_name: 'DPS Bengaluru', phone_number: '08023456789', school_logo: expect.stringContaining('/files/') });
});
