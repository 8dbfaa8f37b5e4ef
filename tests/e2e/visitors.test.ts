/**
 * The visitor book in Chromium with a fake camera: the super admin adds a visitor at the gate
 * with a photo captured from the camera (a 320×240 JPEG in the file store), checks them out at
 * an exit gate, opens their info from the history and downloads visitors_list.csv. Without a
 * camera the form says 'Camera not supported!' and still adds the visitor.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, expectAccessible, openFromMenu, signIn, startE2E, toast, type E2E } from './support.js';

let e: E2E;

beforeAll(async () => {
  // Chromium's own test camera, allowed without asking: only this file's browser has it.
  e = await startE2E({ chromiumArgs: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'] });
});
afterAll(() => e?.close());

const CSV_HEADER = 'ID,Visitor Name,Mobile,Student Name,Address,Reason Visiting,Person Visiting,Entry Timestamp,Exit Timestamp';

/** Width and height of a baseline or progressive JPEG, read from its start-of-frame segment. */
function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    const length = bytes.readUInt16BE(i + 2);
    if (marker === 0xc0 || marker === 0xc2) return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    i += 2 + length;
  }
  return null;
}

const fillVisitor = async (page: Page, name: string) => {
  await page.getByLabel('Visitor Name').fill(name);
  await page.getByLabel('Mobile').fill('9812345678');
  await page.getByLabel('Address').fill('9, Gandhi Bazaar, Bengaluru');
  await page.getByLabel('Student Name').fill('Aarav Kumar');
  await page.getByLabel('Person Visiting').fill('Anita Sharma');
  await page.getByLabel('Reason Visiting').fill('Collect report card');
  await page.getByLabel('Entry Gate').fill('Main Gate');
};

it('adds a visitor with a photo from the camera, checks them out, and exports the history', async () => {
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.admin);
  await openFromMenu(page, 'Active Visitors');
  await page.waitForURL('**/visitors/');
  // The demo's day: three visitors still inside.
  await expect.poll(() => page.locator('.ant-table-row').count()).toBe(3);
  await expectAccessible(page, 'active visitors');

  await page.getByRole('button', { name: 'New Visitor' }).click();
  await page.waitForURL('**/visitors/new/');
  await page.getByRole('button', { name: 'Submit' }).click();
  for (const message of ['Visitor name is required!', 'Mobile is required!', 'Address is requried!', 'Reason is required!', 'Entry Gate is required!']) {
    await page.getByText(message, { exact: true }).waitFor();
  }
  await fillVisitor(page, 'Geetha Krishnan');
  await page.getByRole('button', { name: 'Capture' }).click();
  await page.getByRole('img', { name: 'Captured photo of the visitor' }).waitFor();
  await expectAccessible(page, 'new visitor with a photo');
  await page.getByRole('button', { name: 'Submit' }).click();
  await toast(page, 'Visitor Added').waitFor();
  await page.waitForURL('**/visitors/');

  const row = page.locator('.ant-table-row', { hasText: 'Geetha Krishnan' });
  await row.waitFor();
  const stored = await e.demoDb.selectFrom('visitor').selectAll().where('name', '=', 'Geetha Krishnan').executeTakeFirstOrThrow();
  expect(stored).toMatchObject({ mobile: '9812345678', entry_gate: 'Main Gate', exit_timestamp: null });
  const photo = await e.app.inject({ method: 'GET', url: (stored.photo as { path: string }).path });
  expect(photo.headers['content-type']).toBe('image/jpeg');
  expect(jpegSize(photo.rawPayload)).toEqual({ width: 320, height: 240 });

  await row.getByRole('button', { name: 'Checkout Geetha Krishnan' }).click();
  const dialog = page.locator('.ant-modal:visible');
  await dialog.getByLabel('Exit Gate').fill('Side Gate');
  await dialog.getByRole('button', { name: 'Checkout' }).click();
  await toast(page, 'Visitor Exited!').waitFor();
  await row.waitFor({ state: 'detached' });
  const left = await e.demoDb.selectFrom('visitor').select(['exit_gate', 'exit_timestamp']).where('id', '=', stored.id).executeTakeFirstOrThrow();
  expect(left.exit_gate).toBe('Side Gate');
  expect(left.exit_timestamp).toBeTruthy();

  await page.getByRole('button', { name: 'History' }).click();
  await page.waitForURL('**/visitors/list/');
  const history = page.locator('.ant-table-row', { hasText: 'Geetha Krishnan' });
  await history.waitFor();
  await expectAccessible(page, 'visitors history');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('visitors_list.csv');
  const lines = fs.readFileSync(await file.path(), 'utf8').replace(/^\ufeff/, '').trim().split(/\r\n/);
  expect(lines[0]).toBe(CSV_HEADER);
  const total = await e.demoDb.selectFrom('visitor').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  expect(lines).toHaveLength(1 + Number(total.n));
  // Newest first: the visitor just added and checked out.
  expect(lines[1]).toMatch(new RegExp(`^${stored.id},Geetha Krishnan,9812345678,Aarav Kumar,"?9, Gandhi Bazaar, Bengaluru"?,Collect report card,Anita Sharma,.+,.+$`));

  await history.getByRole('button', { name: /info/i }).click();
  await page.waitForURL(/\/visitors\/info\?id=\d+$/);
  await page.getByText('Side Gate', { exact: true }).waitFor();
  await page.getByText('Exited', { exact: true }).waitFor();
  await page.getByRole('img', { name: 'Photo of Geetha Krishnan' }).waitFor();
  await expectAccessible(page, 'visitor info');
});

it("says 'Camera not supported!' without a camera and adds the visitor without a photo", async () => {
  const { page } = await e.newPage();
  // A browser that offers no camera at all.
  await page.addInitScript(() => Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true }));
  await signIn(page, DEMO.code, DEMO.admin);
  await page.goto('/visitors/new/');
  await page.getByRole('alert').filter({ hasText: 'Camera not supported!' }).first().waitFor();
  // Said once, on the form: no toast repeats it (one would follow the guard to the next screens).
  const cameraToast = page.locator('.ant-notification-notice').filter({ hasText: 'Camera not supported!' });
  expect(await cameraToast.count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Capture' }).count()).toBe(0);
  await fillVisitor(page, 'Mahesh Bhat');
  await expectAccessible(page, 'new visitor without a camera');
  await page.getByRole('button', { name: 'Submit' }).click();
  await toast(page, 'Visitor Added').waitFor();
  await page.waitForURL('**/visitors/');
  expect(await cameraToast.count()).toBe(0);
  const stored = await e.demoDb.selectFrom('visitor').select('photo').where('name', '=', 'Mahesh Bhat').executeTakeFirstOrThrow();
  expect(stored.photo).toBeNull();
});
