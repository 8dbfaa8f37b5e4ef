/**
 * A screen whose code cannot be fetched (offline, or replaced by a new release) offers Retry
 * and opens once the code arrives; a screen that breaks while drawing shows a message. Never a
 * blank page.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, signIn, startE2E, type E2E } from './support.js';

let e: E2E;
beforeAll(async () => { e = await startE2E(); });
afterAll(() => e?.close());

/** The profile screen's own file (built as ProfilePage-<hash>.js). */
const PROFILE_CHUNK = /\/assets\/ProfilePage-[\w-]+\.js$/;

async function signedIn() {
  const { context, page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.admin);
  return { context, page };
}

const profileShown = (page: Page) => page.getByLabel('Old Password').waitFor();

it('offers Retry when a screen cannot be fetched, and opens it once the network is back', async () => {
  const { context, page } = await signedIn();
  await page.route(PROFILE_CHUNK, (route) => route.abort('internetdisconnected'));
  let loads = 0;
  page.on('load', () => { loads += 1; });
  await page.goto('/profile');
  await page.getByText('This screen could not be loaded').waitFor();
  expect(await page.getByText('Check your internet connection').count()).toBe(1);
  // The header and menu stay, so the person is not lost.
  expect(await page.getByRole('button', { name: 'Open menu' }).or(page.getByRole('button', { name: 'Close menu' })).count()).toBe(1);
  await page.waitForTimeout(500);
  expect(loads).toBe(1); // offline is not a new release: no reload

  await page.unroute(PROFILE_CHUNK);
  await page.getByRole('button', { name: 'Retry' }).click();
  await profileShown(page);
  expect(await page.getByText('This screen could not be loaded').count()).toBe(0);
  await context.close();
});

it('reloads once when a new release has replaced the screen\'s file, then offers Retry', async () => {
  const { context, page } = await signedIn();
  await page.route(PROFILE_CHUNK, (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"success":false,"data":null,"error":"Not found"}' }));
  let loads = 0;
  page.on('load', () => { loads += 1; });
  await page.goto('/profile');
  await page.getByText('This screen could not be loaded').waitFor();
  // The first load, and one reload to fetch the new release; the file still missing, no loop.
  await page.waitForTimeout(1000);
  expect(loads).toBe(2);
  expect(await page.getByText('This screen could not be loaded').count()).toBe(1);

  await page.unroute(PROFILE_CHUNK);
  await page.getByRole('button', { name: 'Retry' }).click();
  await profileShown(page);
  await context.close();
});

it('shows a message, not a blank page, when a screen breaks while drawing', async () => {
  const { context, page } = await signedIn();
  // The screen's code arrives but throws when drawn.
  await page.route(PROFILE_CHUNK, (route) => route.fulfill({
    contentType: 'text/javascript',
    body: 'export default function ProfilePage() { throw new Error("Cannot read properties of undefined"); }',
  }));
  await page.goto('/profile');
  await page.getByText('Something went wrong on this screen').waitFor();
  expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(1);
  // Another screen still opens from the menu, without reloading the page.
  await page.locator('.ant-layout-sider a[href="/"]', { hasText: 'Dashboard' }).click();
  await page.getByText(/^Welcome, /).waitFor();
  expect(await page.getByText('Something went wrong on this screen').count()).toBe(0);
  await context.close();
});

it('offers Retry when the application itself cannot be fetched', async () => {
  const { context, page } = await signedIn();
  const APP_CHUNK = /\/assets\/App-[\w-]+\.js$/;
  await page.route(APP_CHUNK, (route) => route.abort('internetdisconnected'));
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'The application could not be loaded' }).waitFor();
  await page.unroute(APP_CHUNK);
  await page.getByRole('button', { name: 'Retry' }).click();
  await profileShown(page);
  await context.close();
});
