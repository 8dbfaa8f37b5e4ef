/**
 * Simple accounts and the finance dashboards in Chromium, on the demo school: the accounts
 * screen's cards, chart and entries on a desktop and a phone (no sideways scroll; screenshots
 * in the temp folder), the simple finance cards, and the finance dashboard.
 */
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, signIn, type E2E, startE2E } from './support.js';

let e: E2E;
beforeAll(async () => { e = await startE2E(); }, 120_000);
afterAll(() => e?.close());

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(os.tmpdir(), `finance-reports-${name}.png`), fullPage: true });
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

describe('simple accounts screen', () => {
  for (const phone of [false, true]) {
    it(`shows the credit, debit and balance cards, the monthly chart and the entries (${phone ? 'phone' : 'desktop'})`, async () => {
      const { page } = await e.newPage({ phone });
      await signIn(page, DEMO.code, DEMO.admin);
      await page.goto(`${e.url}/accounts/`);
      // The cards fill in when the dashboard call answers.
      for (const card of ['credit', 'debit', 'balance']) await expect.poll(() => page.getByTestId(`accounts-${card}`).textContent()).toMatch(/₹/);
      await page.locator('.ant-card-head-title', { hasText: 'Monthly report' }).waitFor();
      await page.getByRole('cell', { name: 'Canteen rent for the month' }).first().waitFor();
      // Settled once the chart's drawing has loaded in place of its placeholder.
      await expect.poll(() => sideways(page)).toBe(false);
      await shot(page, `accounts-${phone ? 'phone' : 'desktop'}`);
    }, 90_000);
  }

  it('shows the simple finance cards and the finance dashboard', async () => {
    const { page } = await e.newPage();
    await signIn(page, DEMO.code, DEMO.admin);
    await page.goto(`${e.url}/simple-finance/`);
    await expect(page.getByTestId('finance-total-net').textContent()).resolves.toMatch(/₹/);
    await shot(page, 'simple-finance-desktop');
    await page.goto(`${e.url}/finance/`);
    await expect(page.getByTestId('finance-expenses').textContent()).resolves.toMatch(/₹/);
    await page.getByTestId('finance-last-expenses').waitFor();
    await shot(page, 'finance-dashboard-desktop');
  }, 90_000);
});
