import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, form, pick, startSignedIn, type E2E } from './support.js';

let e: E2E;
let page: Page;

beforeAll(async () => {
  // A lower-case institution code is matched to DEMO01.
  ({ e, page } = await startSignedIn(DEMO.code.toLowerCase()));
});
afterAll(() => e?.close());

const save = (p: Page) => p.getByRole('button', { name: /^(save|submit)$/i }).click();
const toast = (p: Page, text: string) => p.locator('.ant-notification-notice, .ant-message-notice').filter({ hasText: text }).first();
const row = (p: Page, text: string) => p.locator('.ant-table-row', { hasText: text }).first();

it('creates a branch and shows it in the list with the success toast', async () => {
  await page.goto('/academics/branches/');
  await page.getByRole('button', { name: /add branch/i }).click();
  await page.waitForURL('**/academics/branch/new');
  await form(page).getByLabel(/^name/i).fill('Riverside Campus');
  await form(page).getByLabel(/^code/i).fill('RVS');
  await save(page);
  await expect(toast(page, 'New Branch Added').waitFor()).resolves.toBeUndefined();
  await page.goto('/academics/branches/');
  await row(page, 'Riverside Campus').waitFor();
  expect(await row(page, 'Riverside Campus').textContent()).toContain('RVS');
});

it('creates a class with a class teacher', async () => {
  await page.goto('/academics/classes/');
  await page.getByRole('button', { name: /add class/i }).click();
  await page.waitForURL('**/academics/classes/new');
  await form(page).getByLabel(/^class$/i).fill('11');
  await form(page).getByLabel(/^section/i).fill('C');
  await pick(page, 'Class Teacher', 'Priya Nair');
  await save(page);
  await toast(page, 'New Class Added').waitFor();
  await page.goto('/academics/classes/');
  await page.getByPlaceholder(/search/i).first().fill('Priya');
  const r = page.locator('.ant-table-row', { hasText: /^11C/ });
  await r.waitFor();
  expect(await r.textContent()).toMatch(/^11C\s*Priya Nair\s*0/);
});

it('creates an elective subject with two sub-subjects', async () => {
  await page.goto('/academics/subjects/new');
  await pick(page, 'Class and Section', '10 - A');
  await form(page).getByLabel(/^name/i).fill('Third Language');
  await form(page).getByLabel(/^code/i).fill('TL10');
  await form(page).getByLabel('Elective').check();
  for (const [i, name] of ['French', 'German'].entries()) {
    await page.getByTitle('Add Item').click();
    await page.locator(`[id$="extras_subjects_${i}_subject_name"]`).fill(name);
    await page.locator(`[id$="extras_subjects_${i}_subject_code"]`).fill(name.slice(0, 3).toUpperCase());
  }
  await save(page);
  await toast(page, 'New Subject Added').waitFor();
  const stored = await e.demoDb.selectFrom('subject').select(['subject_type', 'extras']).where('code', '=', 'TL10').executeTakeFirstOrThrow();
  expect(stored.subject_type).toBe(3);
  expect(stored.extras.subjects.map((x: any) => x.subject_name)).toEqual(['French', 'German']);
  await page.goto('/academics/subjects/');
  await pick(page, 'Class', '10 - A');
  await row(page, 'Third Language').waitFor();
});

it('creates an academic year, starts it and sees it enabled', async () => {
  await page.goto('/academics/acyears/');
  await page.getByRole('button', { name: /add academic year/i }).click();
  await form(page).getByLabel(/^name/i).fill('2028-29');
  await form(page).getByLabel(/^syllabus/i).fill('State Board');
  await fillDate(page, /^start date/i, '2028-06-01');
  await fillDate(page, /^end date/i, '2029-03-31');
  await save(page);
  await toast(page, 'New AC Year Added').waitFor();
  await page.goto('/academics/acyears/');
  const r = row(page, '2028-29');
  await r.waitFor();
  expect(await r.textContent()).toContain('UPCOMING YEAR');
  await r.getByRole('button', { name: /start/i }).click();
  await page.locator('.ant-popover:visible, .ant-modal-confirm:visible').getByRole('button', { name: /^(ok|yes)$/i }).click();
  await toast(page, 'Action Completed').waitFor();
  await expect.poll(async () => row(page, '2028-29').textContent()).toContain('ENABLED');
  expect(await row(page, '2026-27').textContent()).toContain('PREVIOUS YEAR');
});

/** antd DatePicker: type the date into its input and confirm. */
async function fillDate(p: Page, label: RegExp, value: string) {
  const input = form(p).getByLabel(label);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}
