/**
 * Report cards in the browser, on the demo school: the demo parent on a 390x844 phone
 * downloads Ananya's published card (the PDF's text read back with pdftotext), and an admin
 * opens 10 A's preparation screen and downloads the class's cards, one page a student.
 * Screenshots go to /tmp/rc-*.png for a person to look at.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, expectAccessible, openFromMenu, signIn, startE2E, type E2E } from './support.js';

const PHONE = { width: 390, height: 844 };
let e: E2E;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-e2e-'));

beforeAll(async () => { e = await startE2E(); });
afterAll(async () => {
  await e?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Clicks the button and keeps the file the browser downloads. */
async function downloadBy(page: Page, click: () => Promise<void>, name: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const to = path.join(tmp, name);
  await file.saveAs(to);
  return { to, suggested: file.suggestedFilename() };
}
const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
const pdfPages = (file: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);

it('lets the demo parent download Ananya\'s report card on a phone', async () => {
  const context = await e.browser.newContext({ baseURL: e.url, viewport: PHONE, isMobile: true, hasTouch: true, acceptDownloads: true });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, DEMO.code, DEMO.parentMobile);
  await openFromMenu(page, 'Report Card');
  await page.waitForURL('**/marks/report-card');

  await page.locator('.ant-select', { has: page.locator('#report-card-student') }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Ananya Kumar' }).click();
  const button = page.getByRole('button', { name: 'Download Report Card' });
  await button.waitFor();
  await expect(page.getByText('Academic Year 2026-27')).toBeTruthy();
  const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: '/tmp/rc-parent-phone.png', fullPage: true });
  await expectAccessible(page);

  const { to, suggested } = await downloadBy(page, () => button.click(), 'ananya.pdf');
  expect(suggested).toBe('Report-Card-Ananya-Kumar-2026-27.pdf');
  expect(pdfPages(to)).toBe(1);
  const text = pdfText(to);
  expect(text).toContain('Demo Public School');
  expect(text).toContain('Ananya Kumar');
  expect(text).toMatch(/Class:\s+10 - A/);
  for (const subject of ['English', 'Mathematics', 'Science', 'Social Studies', 'Kannada']) expect(text).toContain(subject);
  expect(text).toMatch(/Mathematics\s+[\d.]+\s+[\d.]+\s+[\d.]+\s+[\d.]+\s+[\d.]+\s+(A1|A2|B1|B2|C1|C2|D|E)\b/);
  expect(text).toContain('Attentive in class and completes work on time.');
  await context.close();
});

it('shows an admin 10 A\'s report cards to prepare and downloads the class\'s cards', async () => {
  const { page } = await e.newPage();
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, DEMO.code, DEMO.admin);
  await page.goto('/marks/report-cards');
  await page.locator('.ant-select', { has: page.locator('#rc-class') }).click();
  await page.keyboard.type('10 - A');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^10 - A$/ }).click();
  await page.getByText('10 - A, 2026-27').waitFor();
  await expect(page.getByText('Published', { exact: true }).isVisible()).resolves.toBe(true);
  await page.getByText('Ananya Kumar').waitFor();
  await page.getByText('Attendance (recorded)').first().waitFor();
  await page.screenshot({ path: '/tmp/rc-admin-desktop.png', fullPage: true });

  const { to, suggested } = await downloadBy(page, () => page.getByRole('button', { name: 'Download Report Cards (PDF)' }).click(), 'class.pdf');
  expect(suggested).toBe('Report-Cards-10-A-2026-27.pdf');
  expect(pdfPages(to)).toBe(12);
  expect(pdfText(to).split('\f')[0]).toContain('Ananya Kumar');

  await page.setViewportSize(PHONE);
  await page.screenshot({ path: '/tmp/rc-admin-phone.png', fullPage: true });
});
