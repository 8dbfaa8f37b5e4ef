import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO, signIn, startE2E, type E2E } from './support.js';

let e: E2E;

beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

async function signedIn(user: string) {
  const { page, context } = await e.newPage();
  await signIn(page, DEMO.code, user);
  return { page, context };
}

it('shows a teacher the academics lists without the buttons only admins may use', async () => {
  const { page, context } = await signedIn(DEMO.teacher);
  await page.goto('/academics/classes/');
  await page.locator('.ant-table-row').first().waitFor();
  expect(await page.getByRole('button', { name: /add class/i }).count()).toBe(0);
  expect(await page.locator('.ant-table-row').first().getByRole('button').count()).toBe(0);
  // No button for any row, so no empty Actions column.
  expect(await page.locator('.ant-table-thead th').allTextContents()).not.toContain('Actions');
  // The pager counts in words that agree with the number.
  expect(await page.locator('.ant-pagination-total-text').textContent()).toMatch(/^\d[\d,]* records?$/);
  // Opening the form by its address is refused in the browser as on the server.
  await page.goto('/academics/classes/new');
  await page.getByText('403').first().waitFor();
  await context.close();
});

it('gives the office admin the modules and permissions the super admin granted, and the server agrees', async () => {
  const { page, context } = await signedIn(DEMO.office);
  await page.goto('/teachers/');
  await page.locator('.ant-table-row').first().waitFor();
  // Teachers is read-only for this admin: no add, edit or delete.
  expect(await page.getByRole('button', { name: /add teacher/i }).count()).toBe(0);
  expect(await page.locator('.ant-table-row').first().getByRole('button', { name: /edit|delete/i }).count()).toBe(0);
  const status = await page.evaluate(async (code) => {
    const { token } = JSON.parse(localStorage.getItem('session')!);
    const r = await fetch(`/api/${code}/teachers/`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ fullname: 'X', email: 'x@y.in', mobile: '9876543210' }) });
    return r.status;
  }, DEMO.code);
  expect(status).toBe(403);
  // Academics is fully granted.
  await page.goto('/academics/branches/');
  await page.getByRole('button', { name: /add branch/i }).waitFor();
  // Module settings are for the super admin only.
  expect(await page.locator('.ant-layout-sider').getByText('Modules').count()).toBe(0);
  // The settings page's entries look like links, not plain text.
  await page.goto('/settings');
  const profile = page.getByRole('link', { name: 'Profile', exact: true });
  const [link, text] = await Promise.all([
    profile.evaluate((el) => getComputedStyle(el).color),
    page.locator('.ant-list-item-meta-description').first().evaluate((el) => getComputedStyle(el).color),
  ]);
  expect(link).not.toBe(text);
  expect(link).not.toMatch(/^rgba?\(0, 0, 0/);
  expect(await profile.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('underline');
  await context.close();
});

it('shows a parent the student card on the profile page and lets them change the password', async () => {
  // The demo parent's child in 5 A (seeded with the demo school).
  const parent = await e.demoDb.selectFrom('user').select('id').where('username', '=', DEMO.parentMobile).executeTakeFirstOrThrow();
  const child = await e.demoDb.selectFrom('student').select('admission_no').where('user_id', '=', parent.id).where('fullname', '=', 'Aarav Kumar').executeTakeFirstOrThrow();
  const { page, context } = await signedIn(DEMO.parentMobile);
  await page.goto('/profile');
  const card = page.locator('.ant-card', { hasText: 'Aarav Kumar' }).first();
  await card.waitFor();
  expect(await card.textContent()).toMatch(new RegExp(`${child.admission_no}.*5 - A`));
  await page.getByLabel('Old Password').fill(DEMO.password);
  await page.getByLabel('New Password').fill('Parent#2027');
  await page.getByLabel('Confirm Password').fill('Parent#2026');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await page.getByText('Passwords do not match').waitFor();
  await page.getByLabel('Confirm Password').fill('Parent#2027');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await page.locator('.ant-notification-notice, .ant-message-notice').filter({ hasText: 'Password Changed' }).first().waitFor();
  const res = await page.evaluate(async (code) => (await fetch(`/api/${code}/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: '9800000001', password: 'Parent#2027' }) })).status, DEMO.code);
  expect(res).toBe(200);
  await context.close();
});

it('says when the connection drops and when it is back', async () => {
  const { page, context } = await signedIn(DEMO.librarian);
  await page.locator('.ant-layout-sider').waitFor();
  await context.setOffline(true);
  await page.getByText('Check internet connection').waitFor();
  await context.setOffline(false);
  await page.locator('.ant-notification-notice', { hasText: 'Online' }).waitFor();
  await context.close();
});
