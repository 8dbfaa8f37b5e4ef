import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO, startE2E, type E2E } from './support.js';

let e: E2E;
beforeAll(async () => { e = await startE2E(); });
afterAll(() => e?.close());

it("goes from the login form to the parent's home in the same page, without a reload", async () => {
  const { page, context } = await e.newPage();
  const documents: string[] = [];
  page.on('request', (r) => { if (r.resourceType() === 'document') documents.push(new URL(r.url()).pathname); });
  await page.goto('/login');
  await page.getByLabel(/institution code/i).waitFor();
  // A reload would drop this.
  await page.evaluate(() => { (window as any).__samePage = 'yes'; });
  await page.getByLabel(/institution code/i).fill(DEMO.code);
  await page.getByLabel(/email or mobile/i).fill(DEMO.parentMobile);
  await page.getByLabel(/^password/i).fill(DEMO.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.locator('.ant-descriptions-item-content', { hasText: 'Aarav Kumar' }).first().waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await page.evaluate(() => (window as any).__samePage)).toBe('yes');
  expect(documents).toEqual(['/login']);
  // The session is kept: a later reload opens the home again, not the login form.
  await page.reload();
  await page.locator('.ant-descriptions-item-content', { hasText: 'Aarav Kumar' }).first().waitFor();
  await context.close();
});

it('fetches the app while the login form is on screen', async () => {
  const { page, context } = await e.newPage();
  const appCode = page.waitForResponse((r) => /\/assets\/App-[\w-]+\.js$/.test(new URL(r.url()).pathname));
  await page.goto('/login');
  await page.getByLabel(/institution code/i).waitFor();
  // The signed-in app's code arrives before anyone presses Login.
  expect((await appCode).status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe('/login');
  await context.close();
});

it('starts with the cursor in the institution code, the first field to fill', async () => {
  const { page, context } = await e.newPage();
  await page.goto('/login');
  await page.getByLabel(/institution code/i).waitFor();
  expect(await page.getByLabel(/institution code/i).evaluate((el) => el === document.activeElement)).toBe(true);
  // Typing goes straight into it.
  await page.keyboard.type(DEMO.code);
  expect(await page.getByLabel(/institution code/i).inputValue()).toBe(DEMO.code);
  await context.close();
});
