/**
 * The admin's home (spec 3 Dashboard) in Chromium, on a desktop and on a phone: the demo
 * school's figures as the server sums them, the fee chart's Month/Day toggle, the year switch,
 * and an admin without the fees module seeing no fee cards.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatINR } from '../../src/shared/money.js';
import { adminToken, demoApi, DEMO, signIn, startE2E, type E2E } from './support.js';

let e: E2E;
const SHOTS = '/tmp/shots-dashboard';
beforeAll(async () => { e = await startE2E(); fs.mkdirSync(SHOTS, { recursive: true }); });
afterAll(() => e?.close());

it('shows the year\'s students, fees and charts, and switches the chart and the year', async () => {
  const token = await adminToken(e);
  const figures = await demoApi(e, 'GET', '/dashboard/admin/', undefined, token);
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.admin);
  const students = page.locator('.ant-card', { has: page.getByText('Students', { exact: true }) }).first();
  await students.locator('.ant-statistic-content-value', { hasText: new RegExp(`^${figures.cards.students.total_students}$`) }).first().waitFor();
  const fees = page.locator('.ant-card', { has: page.locator('.ant-card-head-title', { hasText: /^Fees$/ }) }).first();
  expect(await fees.locator('.ant-statistic-content-value', { hasText: formatINR(figures.cards.fees.total_amount) }).count()).toBe(1);
  expect(await page.getByText(`${figures.cards.fees_due_count} students`, { exact: true }).count()).toBe(1);
  // The top defaulter is named, with what they owe, and opens their fee records.
  const top = figures.top_defaulters[0];
  expect(await page.getByRole('link', { name: top.fullname }).first().getAttribute('href')).toBe(`/fees/records/${top.student_id}/`);
  await page.locator('svg[role="img"] .recharts-line').first().waitFor();
  await page.locator('svg[role="img"] .recharts-bar-rectangle').first().waitFor();
  await page.screenshot({ path: `${SHOTS}/admin-desktop.png`, fullPage: true });
  // The fee chart's axis runs from ₹0 in lakhs, with no step below nought (the demo year has a
  // month whose refund outweighs its payments).
  const feeChart = page.locator('.ant-card', { has: page.locator('.ant-card-head-title', { hasText: /^Fees$/ }) }).filter({ has: page.locator('svg[role="img"]') });
  const moneyTicks = await feeChart.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value').allTextContents();
  expect(moneyTicks[0]).toBe('₹0');
  expect(moneyTicks.slice(1).every((t) => /^₹\d+(\.\d)?(k|L|Cr)$/.test(t)), moneyTicks.join(' ')).toBe(true);
  // Day view: the last 30 days on the axis.
  await page.getByText('Day', { exact: true }).click();
  await page.locator('.recharts-cartesian-axis-tick-value', { hasText: /^\d{1,2} [A-Z][a-z]{2}$/ }).first().waitFor();
  // Last year: no bills in it.
  await page.locator('.ant-select', { has: page.getByRole('combobox', { name: 'Academic year' }) }).click();
  const years = await demoApi(e, 'GET', '/acyears/', undefined, token);
  const previous = years.find((y: any) => y.id !== figures.ac_year.id);
  await page.locator('.ant-select-item-option', { hasText: previous.name }).click();
  await fees.locator('.ant-statistic-content-value', { hasText: formatINR(0) }).first().waitFor();
  expect(await page.getByRole('link', { name: top.fullname }).count()).toBe(0);
});

it('fits a phone, and leaves fee figures out for an admin without the fees module', async () => {
  const { page } = await e.newPage({ phone: true });
  await signIn(page, DEMO.code, DEMO.admin);
  await page.getByText('Present today', { exact: true }).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/admin-phone.png`, fullPage: true });
  // The office admin's fees access is taken away: the server leaves the figures out.
  const office = await e.demoDb.selectFrom('user').select('id').where('email', '=', 'office@demo01.school').executeTakeFirstOrThrow();
  await e.demoDb.updateTable('admin_module_access').set({ read: false, create: false, update: false, delete: false }).where('user_id', '=', office.id).where('module_key', '=', 'fees').execute();
  const { page: officePage } = await e.newPage();
  await signIn(officePage, DEMO.code, 'office@demo01.school');
  await officePage.getByText('Present today', { exact: true }).waitFor();
  expect(await officePage.getByText('Top defaulters').count()).toBe(0);
  expect(await officePage.locator('.ant-card-head-title', { hasText: /^Fees$/ }).count()).toBe(0);
});

it("gives a parent on a phone their child's day: Today or Last 5, refresh, and the homework opening", async () => {
  const { page } = await e.newPage({ phone: true });
  await signIn(page, DEMO.code, DEMO.parentMobile);
  await page.getByText('Today', { exact: true }).waitFor();
  await page.getByTestId('parent-homework').waitFor();
  // The school's notice heads the announcements; no 'empty' line follows it, and an empty card
  // names what it lacks rather than a bare 'Nothing today'.
  const announcements = page.getByTestId('parent-announcements');
  await announcements.getByText('Admissions open for 2027-28').waitFor();
  await page.locator('.ant-list-loading').first().waitFor({ state: 'detached' });
  expect(await announcements.locator('.ant-list-empty-text').count()).toBe(0);
  expect(await page.getByText('Nothing today').count()).toBe(0);
  for (const [card, what] of [['parent-messages', 'messages'], ['parent-homework', 'homework']]) {
    const empty = page.getByTestId(card!).locator('.ant-list-empty-text');
    if (await empty.count()) expect(await empty.textContent()).toBe(`No ${what} today`);
  }
  await page.getByText('Last 5', { exact: true }).click();
  const homework = page.getByTestId('parent-homework');
  const first = homework.locator('.ant-list-item a').first();
  await first.waitFor();
  await page.getByTestId('parent-messages').locator('.ant-list-item').first().waitFor();
  expect(await page.getByTestId('parent-announcements').locator('.ant-list-item').count()).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Refresh' }).click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/parent-phone.png`, fullPage: true });
  const title = (await first.textContent())!;
  await first.click();
  await page.waitForURL(/\/homework\/student\/\d+\/\d+$/);
  await page.getByText(title).first().waitFor();
});
