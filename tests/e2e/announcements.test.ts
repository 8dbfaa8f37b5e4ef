/**
 * Announcements in Chromium: a teacher makes one for class 5 A with an attachment; the demo
 * parent (a son in 5 A) reads it on a 390×844 phone in the list, its modal and the header's
 * notifications; a parent of 5 B sees none of it. An admin edits the web announcement, which
 * parents read on their dashboard. Screenshots go to /tmp/ann-*.png.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, expectAccessible, form, openFromMenu, pick, settled, signIn, startE2E, toast, type E2E, PHONE } from './support.js';

const TITLE = 'Bring your atlas on Monday';
const MESSAGE = 'Class 5 A: geography lesson on Monday. Please bring your atlas and a pencil. The map work is in the attached sheet.';
const PDF = '/tmp/ann-map-work.pdf';
let e: E2E;
/** A parent whose only child is in 5 B. */
let otherParent: string;

beforeAll(async () => {
  e = await startE2E();
  fs.writeFileSync(PDF, '%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
  const row = await e.demoDb.selectFrom('student as s').innerJoin('class as c', 'c.id', 's.class_id').innerJoin('user as u', 'u.id', 's.user_id')
    .select('u.username').where('c.class', '=', '5').where('c.section', '=', 'B').orderBy('s.id').executeTakeFirstOrThrow();
  otherParent = row.username!;
});
afterAll(() => e?.close());

async function onPhone(user: string) {
  const { context, page } = await e.newPage({ phone: true });
  await signIn(page, DEMO.code, user);
  return { context, page };
}

const fitsPhone = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);


/** The element lies within the phone's width. */
async function expectOnScreen(page: Page, selector: string) {
  const box = (await page.locator(selector).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
}

it('lets a teacher make an announcement for class 5 A, with the spec\'s checks, counter and attachment', async () => {
  const { context, page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.teacher);
  // The teacher's menu has Announcements.
  await openFromMenu(page, 'New Announcement');
  await page.waitForURL('**/announcements/new');

  await page.getByRole('button', { name: 'Send' }).click();
  for (const text of ['To is required', 'Title is required', 'Message is required']) await form(page).getByText(text).waitFor();
  await pick(page, 'To', 'Selected Classes');
  await page.getByRole('button', { name: 'Send' }).click();
  await form(page).getByText('Please select atleast one class').waitFor();
  // A teacher is offered only the classes they teach: Anita Sharma leads 5 A.
  await pick(page, 'Classes', '5 A');
  await page.keyboard.press('Escape');

  await form(page).getByLabel('Title').fill(TITLE);
  const message = form(page).getByLabel('Message');
  const counter = page.getByTestId('sms-counter');
  await message.fill('x'.repeat(160));
  expect(await counter.textContent()).toBe('160 characters, 1 SMS');
  expect(await counter.evaluate((el) => el.className)).toMatch(/danger/);
  await message.fill(MESSAGE);
  expect(await counter.textContent()).toBe(`${MESSAGE.length} characters, 1 SMS`);
  expect(await counter.evaluate((el) => el.className)).not.toMatch(/danger/);

  await page.locator('input[type=file]').setInputFiles(PDF);
  await toast(page, 'ann-map-work.pdf file uploaded successfully.').waitFor();
  await page.locator('.ant-upload-list-item', { hasText: 'ann-map-work.pdf' }).waitFor();
  await page.screenshot({ path: '/tmp/ann-new-desktop.png', fullPage: true });

  await page.getByRole('button', { name: 'Send' }).click();
  await toast(page, 'New Announcement Made').waitFor();
  await page.waitForURL((u) => u.pathname === '/announcements/');
  await page.getByRole('button', { name: TITLE }).waitFor();
  await page.screenshot({ path: '/tmp/ann-list-desktop.png', fullPage: true });
  await context.close();
});

it("shows it to the 5 A parent on a phone: the list, the modal with the attachment, the header's notifications and the dashboard", async () => {
  const { context, page } = await onPhone(DEMO.parentMobile);
  // The dashboard's card: the web announcement and the newest announcements.
  const card = page.getByTestId('parent-announcements');
  await card.getByText(TITLE).waitFor();
  await card.getByRole('heading', { name: 'Admissions open for 2027-28' }).waitFor();
  expect(await fitsPhone(page)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: '/tmp/ann-parent-dashboard.png', fullPage: true });

  await page.goto('/announcements/');
  await page.getByRole('button', { name: TITLE }).waitFor();
  await page.getByRole('button', { name: 'Annual Day on 19 December' }).waitFor();
  await page.getByRole('button', { name: 'Science project due Friday' }).waitFor();
  for (const hidden of ['Staff meeting on Saturday', 'Extra mathematics class']) expect(await page.getByText(hidden).count(), hidden).toBe(0);
  expect(await page.getByRole('button', { name: 'New Announcement' }).count()).toBe(0);
  expect(await fitsPhone(page)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/ann-parent-list.png', fullPage: true });

  await page.getByRole('button', { name: TITLE }).click();
  const modal = page.getByRole('dialog');
  await modal.getByText(MESSAGE).waitFor();
  await modal.getByText('Class 5 A', { exact: true }).waitFor();
  const link = modal.getByRole('link', { name: /ann-map-work\.pdf/ });
  expect(await link.getAttribute('href')).toMatch(new RegExp(`^/api/${DEMO.code}/files/[A-Za-z0-9_-]{32}/ann-map-work\\.pdf$`));
  expect(await fitsPhone(page)).toBeLessThanOrEqual(PHONE.width);
  await settled(page);
  await expectOnScreen(page, '.ant-modal-content');
  await page.screenshot({ path: '/tmp/ann-parent-modal.png' });
  await modal.getByRole('button', { name: 'Close' }).click();
  await modal.waitFor({ state: 'hidden' });

  await page.getByRole('button', { name: /^Notifications/ }).click();
  const popover = page.locator('.ant-popover:visible');
  await popover.getByText(TITLE).waitFor();
  await popover.getByText('Science project due Friday').waitFor();
  expect(await popover.getByText('Staff meeting on Saturday').count()).toBe(0);
  await settled(page);
  await expectOnScreen(page, '.ant-popover:visible .ant-popover-content');
  await page.screenshot({ path: '/tmp/ann-parent-notifications.png' });
  await context.close();
});

it("shows a 5 B parent the school's announcements but not 5 A's", async () => {
  const { context, page } = await onPhone(otherParent);
  await page.goto('/announcements/');
  await page.getByRole('button', { name: 'Annual Day on 19 December' }).waitFor();
  for (const hidden of [TITLE, 'Science project due Friday', 'Staff meeting on Saturday']) expect(await page.getByText(hidden).count(), hidden).toBe(0);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const popover = page.locator('.ant-popover:visible');
  await popover.getByText('Annual Day on 19 December').waitFor();
  expect(await popover.getByText(TITLE).count()).toBe(0);
  expect(await popover.getByText('Science project due Friday').count()).toBe(0);
  await settled(page);
  await page.screenshot({ path: '/tmp/ann-other-parent.png' });
  await context.close();
});

it('lets an admin edit the web announcement, which parents then read on their dashboard', async () => {
  const { context, page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.admin);
  await page.goto('/announcements/web/');
  const editor = page.getByRole('textbox', { name: 'Web announcement' });
  await editor.getByText('Admissions open for 2027-28').waitFor();
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('School reopens on 3 June');
  await page.screenshot({ path: '/tmp/ann-web-editor.png', fullPage: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Announcement data saved').waitFor();
  await context.close();

  const parent = await onPhone(DEMO.parentMobile);
  const card = parent.page.getByTestId('parent-announcements');
  await card.locator('strong', { hasText: 'School reopens on 3 June' }).waitFor();
  await parent.context.close();
});
