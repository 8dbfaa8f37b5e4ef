/**
 * The live connection in Chromium, on a parent's phone: an announcement made while the page is
 * open reaches the header's bell without a reload; when the network drops, the header says
 * Reconnecting, and once it is back the announcement made meanwhile is in the bell. The page
 * reaches the server through a proxy the test cuts (tests/support/tcp-proxy.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tcpProxy, type TcpProxy } from '../support/tcp-proxy.js';
import { adminToken, demoApi, DEMO, expectAccessible, PHONE, settled, signIn, startE2E, type E2E } from './support.js';

let e: E2E;
let proxy: TcpProxy;
let token: string;

beforeAll(async () => {
  e = await startE2E();
  proxy = await tcpProxy(() => [Number(new URL(e.url).port)]);
  token = await adminToken(e);
});
afterAll(async () => {
  await proxy?.close();
  await e?.close();
});

const announce = (title: string) => demoApi(e, 'PUT', '/announcements/', { title, message: `About ${title}`, to: 0, class_ids: [], files: [] }, token);

it('brings notifications live, says when it is reconnecting, and shows what was missed', async () => {
  const context = await e.browser.newContext({ baseURL: proxy.url, viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, DEMO.code, DEMO.parentMobile);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect.poll(() => bell.getAttribute('aria-label')).toMatch(/Notifications, \d+ new/);
  const before = Number((await bell.getAttribute('aria-label'))!.match(/\d+/)![0]);

  // Made by the office while the parent looks at the home screen: the bell counts it at once.
  await announce('Sports day on Friday');
  await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 }).toBe(`Notifications, ${before + 1} new`);
  await bell.click();
  await page.locator('.ant-popover').getByText('About Sports day on Friday', { exact: true }).first().waitFor();
  await page.keyboard.press('Escape');

  // The network drops: the header says so, on the phone's width.
  proxy.cut();
  const sign = page.getByTestId('live-reconnecting');
  await sign.waitFor({ timeout: 15_000 });
  const box = (await sign.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: '/tmp/live-reconnecting.png' });
  await announce('School closed tomorrow');
  proxy.restore();

  // Back: the sign goes, and what was said meanwhile is in the bell without a reload.
  await sign.waitFor({ state: 'detached', timeout: 30_000 });
  await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 }).toBe(`Notifications, ${before + 2} new`);
  await bell.click();
  await settled(page);
  await page.locator('.ant-popover').getByText('About School closed tomorrow', { exact: true }).first().waitFor();
  await page.screenshot({ path: '/tmp/live-missed.png' });
  await expectAccessible(page, 'the bell after a reconnect');
  await context.close();
});
