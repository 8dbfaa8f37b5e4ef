import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startSignedIn, type E2E } from './support.js';

let e: E2E;
let page: Page;
beforeAll(async () => ({ e, page } = await startSignedIn()));
afterAll(() => e?.close());

it('shows a generated list a page at a time from the server, sorted, searched and exported whole there', async () => {
  await e.demoDb.insertInto('teacher').values(Array.from({ length: 70 }, (_, i) => ({
    fullname: `Paged Teacher ${String(i + 1).padStart(3, '0')}`, email: `paged${i + 1}@demo01.school`, mobile: `96000${String(i).padStart(5, '0')}`,
    employee_id: `PG${i + 1}`, job_title: 'Teacher', extras: '{}',
  }))).execute();
  const total = Number((await e.demoDb.selectFrom('teacher').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const byName = (await e.demoDb.selectFrom('teacher').select('fullname').orderBy('fullname').orderBy('id').execute()).map((r) => r.fullname);
  const calls: string[] = [];
  page.on('request', (r) => { if (new URL(r.url()).pathname.endsWith('/teachers/')) calls.push(new URL(r.url()).search); });

  await page.goto('/teachers/');
  await page.getByText(`${total} records`).waitFor();
  expect(await page.locator('.ant-table-row').count()).toBe(50);
  await page.locator('.ant-pagination').getByTitle('2').click();
  // Page 2 holds the 51st teacher by name onwards, and only those came over the wire.
  await page.locator('.ant-table-row').first().filter({ hasText: byName[50]! }).waitFor();
  expect(await page.locator('.ant-table-row').count()).toBe(total - 50);
  expect(calls).toContain('?page=2&page_size=50');

  // Sorting by a column asks the server for that order.
  await page.locator('.ant-table-thead th', { hasText: 'Employee Id' }).or(page.locator('.ant-table-thead th', { hasText: 'Employee ID' })).first().click();
  await expect.poll(() => calls.some((c) => c.includes('sort=employee_id'))).toBe(true);

  await page.getByRole('searchbox', { name: 'Search' }).fill('Paged Teacher 06');
  await page.getByText('10 records').waitFor();
  await page.locator('.ant-table-row').first().filter({ hasText: 'Paged Teacher 060' }).waitFor();
  expect(calls.some((c) => c.includes('q=Paged+Teacher+06'))).toBe(true);
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await page.getByText(`${total} records`).waitFor();

  // The export holds the whole list, not the page on screen.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const text = fs.readFileSync(await (await download).path(), 'utf8');
  for (const name of byName) expect(text).toContain(name);
  expect(calls.some((c) => c.includes('page_size=1000'))).toBe(true);
});

it("shows a dozen of a picker's classes at once and reaches the last by scrolling, without typing", async () => {
  await page.goto('/students/');
  const picker = page.locator('span:has(> label)', { has: page.getByText('Class', { exact: true }) }).locator('.ant-select').first();
  await picker.click();
  const list = page.locator('.ant-select-dropdown:visible');
  await list.getByText('LKG - A', { exact: true }).waitFor();
  // 4 - B is the twelfth class: in sight as the list opens (antd's own list stopped at 3 B).
  // Measured once the opening animation has ended, and both boxes in the same frame: a list
  // caught mid-zoom on a busy machine is scaled.
  await page.waitForFunction(() => document.getAnimations().length === 0);
  const [shown, twelfth] = await list.evaluate((el) => {
    const box = (e: Element) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; };
    const option = [...el.querySelectorAll('.ant-select-item-option-content')].find((o) => o.textContent === '4 - B')!;
    return [box(el.querySelector('.rc-virtual-list-holder')!), box(option)];
  });
  expect(twelfth.y + twelfth.height).toBeLessThanOrEqual(shown.y + shown.height);
  // The wheel, not the keyboard, brings the last class into the list.
  await page.mouse.move(shown.x + shown.width / 2, shown.y + shown.height / 2);
  const last = list.getByText('10 - B', { exact: true });
  for (let i = 0; i < 10 && !(await last.isVisible()); i++) await page.mouse.wheel(0, 200);
  await last.click();
  await picker.locator('.ant-select-selection-item', { hasText: '10 - B' }).waitFor();
});
