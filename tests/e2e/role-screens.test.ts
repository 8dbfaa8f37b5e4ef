/**
 * What each role meets on the screens it is given (every menu screen's calls: accessibility-audit.ts):
 * librarians and teachers find students and read their fee records without the fee staff's
 * actions; anyone at the counter finds a student by name or father's name from the header.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, pick, signIn, startE2E, type E2E } from './support.js';

let e: E2E;
let aaravId: number;

beforeAll(async () => {
  e = await startE2E();
  const parent = await e.demoDb.selectFrom('user').select('id').where('username', '=', DEMO.parentMobile).executeTakeFirstOrThrow();
  aaravId = (await e.demoDb.selectFrom('student').select('id').where('user_id', '=', parent.id).where('fullname', '=', 'Aarav Kumar').executeTakeFirstOrThrow()).id;
});
afterAll(() => e?.close());

/** Signs in and records every API call the server refuses, and every error notification shown. */
async function signedIn(user: string) {
  const { page, context } = await e.newPage();
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/') && (r.status() === 403 || r.status() === 401)) refused.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  await signIn(page, DEMO.code, user);
  return { page, context, refused };
}

const errorToasts = (page: Page) => page.locator('.ant-notification-notice-error').allTextContents();

it('gives a librarian the class and year pickers, the students, and read-only fee records', async () => {
  const { page, context, refused } = await signedIn(DEMO.librarian);
  await page.goto('/students/');
  await pick(page, 'Class', '5 - A');
  await page.locator('.ant-table-row', { hasText: 'Aarav Kumar' }).waitFor();
  expect(await page.getByText('Please select').count()).toBe(0);

  await page.locator('.ant-table-row', { hasText: 'Aarav Kumar' }).getByRole('link', { name: 'Aarav Kumar' }).click();
  await page.getByTestId('contacts-card').getByText('Ramesh Kumar').waitFor();
  expect(await page.getByRole('button', { name: /pay fees/i }).count()).toBe(0);
  await page.getByRole('button', { name: /fee records/i }).click();
  await page.waitForURL(`**/fees/records/${aaravId}`);
  await page.locator('.ant-table-row').first().waitFor();
  await page.getByRole('button', { name: /print receipt/i }).first().waitFor();
  for (const name of [/pay installment/i, /refund/i, /update discount/i, /due alert/i, /delete/i, /new bill/i, /forfeit/i]) {
    expect(await page.getByRole('button', { name }).count(), String(name)).toBe(0);
  }
  expect(refused).toEqual([]);
  expect(await errorToasts(page)).toEqual([]);
  await context.close();
});

it('opens a teacher\'s fee records icon on a read-only view', async () => {
  const { page, context, refused } = await signedIn(DEMO.teacher);
  await page.goto('/students/');
  await pick(page, 'Class', '5 - A');
  const row = page.locator('.ant-table-row', { hasText: 'Aarav Kumar' });
  await row.getByRole('link', { name: 'Fees Records' }).click();
  await page.waitForURL(`**/fees/records/${aaravId}/`);
  await page.getByText('Fee Records — Aarav Kumar').waitFor();
  await page.locator('.ant-table-row').first().waitFor();
  expect(await page.getByRole('button', { name: /pay installment|refund|delete|due alert/i }).count()).toBe(0);
  expect(refused).toEqual([]);
  await context.close();
});

it('finds a student from the header by father\'s name, and from the list by name without picking a class', async () => {
  const { page, context, refused } = await signedIn(DEMO.office);
  await page.goto('/academics/classes/');
  await page.locator('.ant-table-row').first().waitFor();
  // '/' from anywhere outside a text field puts the cursor in the search.
  await page.keyboard.press('/');
  const search = page.getByRole('combobox', { name: 'Find a student' });
  expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
  await search.fill('ramesh kum');
  await page.getByTestId(`found-${aaravId}`).click();
  await page.waitForURL(`**/students/details/${aaravId}`);
  await page.getByText('Aarav Kumar').first().waitFor();

  await page.keyboard.press('Control+k');
  await search.fill('Aarav Kum');
  await page.getByTestId(`found-${aaravId}`).getByRole('link', { name: 'Fees' }).click();
  await page.waitForURL(`**/fees/records/${aaravId}`);

  // The list searches the whole school before any class is chosen.
  await page.evaluate(() => localStorage.removeItem('filter:students:class_id'));
  await page.goto('/students/');
  await page.getByLabel('Search', { exact: true }).fill('Ananya Kumar');
  const found = page.locator('.ant-table-row', { hasText: 'Ananya Kumar' });
  await found.waitFor();
  expect(await found.textContent()).toContain('10 - A');
  expect(refused).toEqual([]);
  await context.close();
});
