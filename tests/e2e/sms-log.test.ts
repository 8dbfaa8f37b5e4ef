import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSignedIn, type E2E } from './support.js';
import type { Page } from 'playwright-core';

let e: E2E;
let page: Page;
beforeAll(async () => ({ e, page } = await startSignedIn()));
afterAll(() => e?.close());

it('shows the SMS log a page at a time from the server, searched there too', async () => {
  const before = (await e.demoDb.selectFrom('outbox_sms').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
  await e.demoDb.insertInto('outbox_sms')
    .values(Array.from({ length: 60 }, (_, i) => ({ mobile: `97100${String(i).padStart(5, '0')}`, message: `Log page text ${i}`, provider: 'outbox', status: 'recorded' })))
    .execute();
  const total = Number(before) + 60;
  const calls: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/reports/sms/')) calls.push(new URL(r.url()).search); });
  await page.goto('/reports/sms/');
  await page.getByText(`${total} messages`).waitFor();
  // Newest first: the last text sent heads page 1; page 2 begins 50 texts further back.
  await page.locator('.ant-table-row').first().filter({ hasText: 'Log page text 59' }).waitFor();
  expect(await page.locator('.ant-table-row').count()).toBe(50);
  await page.locator('.ant-pagination').getByTitle('2').click();
  await page.locator('.ant-table-row').first().filter({ hasText: 'Log page text 9' }).waitFor();
  await page.getByLabel('Search', { exact: true }).fill('9710000012');
  await page.getByText('1 messages').or(page.getByText('1 message')).first().waitFor();
  await page.locator('.ant-table-row', { hasText: 'Log page text 12' }).waitFor();
  expect(calls).toContain('?page=2&page_size=50');
  expect(calls).toContain('?page=1&page_size=50&q=9710000012');
});
