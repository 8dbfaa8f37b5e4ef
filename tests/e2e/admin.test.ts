import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, form, signIn, pick, startSignedIn, type E2E } from './support.js';

let e: E2E;
let page: Page;

beforeAll(async () => {
  ({ e, page } = await startSignedIn());
});
afterAll(() => e?.close());
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await page.screenshot({ path: `.tmp/fail-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}.png` }).catch(() => {});
});

const toast = (text: string) => page.locator('.ant-notification-notice, .ant-message-notice').filter({ hasText: text }).first();
const sider = () => page.locator('.ant-layout-sider');

it('adds a teacher with a generated 8-character password who can then log in', async () => {
  await page.goto('/teachers/new');
  await form(page).getByLabel(/^name/i).fill('Deepa Menon');
  await form(page).getByLabel(/^email/i).fill('deepa@demo01.school');
  await form(page).getByLabel(/^mobile/i).fill('9845011111');
  const password = await form(page).getByLabel(/^password/i).inputValue();
  expect(password).toMatch(/^\S{8}$/);
  await page.getByRole('button', { name: /^submit$/i }).click();
  await toast('New Teacher Added').waitFor();
  // The new teacher appears in the class-teacher picker.
  await page.goto('/academics/classes/new');
  await pick(page, 'Class Teacher', 'Deepa Menon');

  const { page: other, context } = await e.newPage();
  await signIn(other, DEMO.code, 'deepa@demo01.school', password);
  await other.locator('.ant-layout-sider').getByText('Academics').first().waitFor().catch(async (err) => {
    await other.screenshot({ path: '.tmp/fail-teacher.png' });
    throw err;
  });
  await context.close();
});

it('adds subject-wise test details with 10-minute time steps and edits one entry', async () => {
  const test = await e.demoDb.selectFrom('test').select(['id', 'name']).where('name', '=', 'Unit Test 1').executeTakeFirstOrThrow();
  await page.goto(`/academics/test/list/${test.id}`);
  await page.getByRole('button', { name: /add new/i }).click();
  await page.waitForURL(`**/academics/test/details/${test.id}`);
  await page.getByText(`Add Test Details — ${test.name}`).waitFor();
  await pick(page, 'Class', '9 - B');
  await pick(page, 'Subject', 'Science');
  await page.getByLabel(/min marks/i).fill('10');
  await page.getByLabel(/max marks/i).fill('25');
  await pick(page, 'Marks Type', 'Marks');
  for (const [label, value] of [[/start time/i, '21-07-2026 09:30 AM'], [/end time/i, '21-07-2026 10:20 AM']] as const) {
    const input = page.getByLabel(label);
    // A date-and-time picker asks for both, as DD-MM-YYYY and a 12-hour time.
    expect(await input.getAttribute('placeholder')).toBe('Select date and time');
    await input.click();
    // The time column offers minutes in steps of 10.
    // The dropdown renders after the click, so wait for its cells rather than reading them once.
    const minutes = page.locator('.ant-picker-dropdown:visible .ant-picker-time-panel-column').nth(1).locator('.ant-picker-time-panel-cell');
    await expect.poll(() => minutes.allTextContents()).toEqual(['00', '10', '20', '30', '40', '50']);
    await input.fill(value);
    await input.press('Enter');
    expect(await input.inputValue()).toBe(value);
  }
  await page.getByRole('button', { name: /^submit$/i }).click();
  await toast('New Test Item Added').waitFor();
  await page.waitForURL(`**/academics/test/list/${test.id}`);
  const row = page.locator('.ant-table-row', { hasText: 'Science' }).first();
  await row.waitFor();
  expect(await row.textContent()).toContain('21 Jul, 2026 9:30 am');

  await row.getByRole('button', { name: /edit/i }).click();
  await page.waitForURL('**/academics/test/details/edit/**');
  await form(page).getByLabel(/max marks/i).fill('30');
  await page.getByRole('button', { name: /^submit$/i }).click();
  await toast('Test Subject Updated').waitFor();
  const stored = await e.demoDb.selectFrom('class_test').select(['id', 'max_marks']).where('test_id', '=', test.id).executeTakeFirstOrThrow();
  expect(stored.max_marks).toBe(30);

  // The details list deletes an entry.
  await page.waitForURL(`**/academics/test/list/${test.id}`);
  const science = page.locator('.ant-table-row', { hasText: 'Science' }).first();
  await science.getByRole('button', { name: /delete/i }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: /yes/i }).click();
  await toast('Test Item Deleted').waitFor();
  await expect.poll(() => page.locator('.ant-table-row', { hasText: 'Science' }).count()).toBe(0);
  expect(await e.demoDb.selectFrom('class_test').select('id').where('id', '=', stored.id).executeTakeFirst()).toBeUndefined();
});

it('lets the super admin disable a module, which then shows as Pro and is refused', async () => {
  await page.goto('/modules/D6RM3AXF/');
  await page.getByLabel('Enable Teachers').click();
  await page.getByRole('button', { name: /^save$/i }).click();
  await toast('Modules Saved').waitFor();
  await sider().getByText('Pro', { exact: true }).waitFor();
  // Saving ends once the session's start-up data is read again; the screen is settled after that.
  await page.locator('.ant-card-extra .ant-btn-loading').waitFor({ state: 'detached' });
  // The Pro group does not open: it has no entries to show.
  const proTag = page.locator('.ant-tag', { hasText: /^Pro$/ });
  const pro = sider().locator('.ant-menu-item-disabled, .ant-menu-submenu-disabled').filter({ has: proTag });
  await pro.click({ force: true });
  expect(await sider().locator('.ant-menu-submenu-open').filter({ has: proTag }).count()).toBe(0);
  expect(await sider().getByRole('link', { name: /^teachers$/i, includeHidden: true }).count()).toBe(0);
  const res = await page.evaluate(async (code) => {
    const token = localStorage.getItem('token') ?? JSON.parse(localStorage.getItem('session') ?? '{}').token;
    const r = await fetch(`/api/${code}/teachers/`, { headers: { authorization: `Bearer ${token}` } });
    return r.status;
  }, DEMO.code);
  expect(res).toBe(403);
  await page.getByLabel('Enable Teachers').click();
  await page.getByRole('button', { name: /^save$/i }).click();
  await toast('Modules Saved').waitFor();
  await expect.poll(() => sider().getByText('Pro', { exact: true }).count()).toBe(0);
});

it('switches SMS off on the Settings page: the other switches are disabled and the choice is kept', async () => {
  await page.goto('/settings?tab=sms');
  const master = page.getByRole('switch', { name: 'SMS', exact: true });
  const attendance = page.getByRole('switch', { name: 'Attendance SMS' });
  await master.waitFor();
  expect(await master.getAttribute('aria-checked')).toBe('true');
  expect(await attendance.isDisabled()).toBe(false);
  await master.click();
  await expect.poll(() => attendance.isDisabled()).toBe(true);
  await page.getByRole('button', { name: 'Save' }).click();
  await toast('SMS Settings Updated').waitFor();
  const stored = await e.demoDb.selectFrom('setting').select('value').where('key', '=', 'sms').executeTakeFirstOrThrow();
  expect(stored.value).toMatchObject({ sms: '0', attendance_sms: '1' });
  await page.reload();
  await expect.poll(() => page.getByRole('switch', { name: 'SMS', exact: true }).getAttribute('aria-checked')).toBe('false');
  // Back on, as the other tests expect the school to text.
  await page.getByRole('switch', { name: 'SMS', exact: true }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await toast('SMS Settings Updated').waitFor();
});

it('shows the maintenance banner and the disabled-account screen from the school details', async () => {
  const setting = await e.demoDb.selectFrom('setting').select('value').where('key', '=', 'school').executeTakeFirstOrThrow();
  await e.demoDb.updateTable('setting').set({ value: JSON.stringify({ ...setting.value, maintenance_mode: '1' }) }).where('key', '=', 'school').execute();
  await page.goto('/');
  await page.getByText(/maintenance/i).first().waitFor();
  await e.demoDb.updateTable('setting').set({ value: JSON.stringify({ ...setting.value, is_disabled: '1' }) }).where('key', '=', 'school').execute();
  await page.reload();
  await page.getByText(/disabled/i).first().waitFor();
  await e.demoDb.updateTable('setting').set({ value: JSON.stringify(setting.value) }).where('key', '=', 'school').execute();
});

it('shows notifications in the header popover, and the empty state when there are none', async () => {
  await page.goto('/academics/');
  await page.getByRole('button', { name: 'Notifications' }).click();
  const popover = page.locator('.ant-popover:visible');
  await popover.getByText('Welcome to Demo Public School').waitFor();
  expect(await popover.textContent()).toMatch(/ago/);
  await e.demoDb.deleteFrom('notification').execute();
  await page.getByRole('button', { name: 'Notifications' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Notifications' }).click();
  await page.locator('.ant-popover:visible .ant-empty').waitFor();
});

it('collapses the side menu on a phone', async () => {
  await page.setViewportSize({ width: 400, height: 800 });
  await page.goto('/academics/classes/');
  await page.locator('.ant-table-row').first().waitFor();
  const width = await sider().evaluate((el) => el.getBoundingClientRect().width);
  expect(width).toBeLessThanOrEqual(80);
  await page.setViewportSize({ width: 1280, height: 900 });
  // The menu opens again on a wide screen; the page's closing checks read it once it has.
  await expect.poll(() => sider().evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(80);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 3_000 }).catch(() => {});
});

it('logs out: storage is cleared and the old token is refused', async () => {
  const token = await page.evaluate(() => Object.values({ ...localStorage }).join(' '));
  expect(token.length).toBeGreaterThan(10);
  await page.goto('/logout');
  await page.waitForURL((u) => u.pathname === '/' || u.pathname.startsWith('/login'));
  await page.getByLabel(/institution code/i).waitFor();
  expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
  const sessions = await e.demoDb.selectFrom('session as s').innerJoin('user as u', 'u.id', 's.user_id').select('s.token_hash').where('u.email', '=', DEMO.admin).execute();
  expect(sessions).toHaveLength(0);
});
