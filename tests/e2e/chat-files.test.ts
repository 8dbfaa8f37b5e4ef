/**
 * Chat and the files browser in Chromium. Two staff chat from two browsers: the super admin's
 * line reaches the teacher without a reload, the teacher's window marks it seen and the admin's
 * shows Seen; Shift+Enter keeps a newline, an empty line is not sent; the teacher drops off the
 * network and what was sent meanwhile arrives once. A parent gets 'Unavailable'. The office lists
 * the school's files and downloads one.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tcpProxy, type TcpProxy } from '../support/tcp-proxy.js';
import { DEMO, expectAccessible, signIn, startE2E, type E2E } from './support.js';

let e: E2E;
let proxy: TcpProxy;
beforeAll(async () => {
  e = await startE2E();
  proxy = await tcpProxy(() => [Number(new URL(e.url).port)]);
});
afterAll(async () => {
  await proxy?.close();
  await e?.close();
});

it('lets two staff chat live, with seen marks, and loses nothing while one is offline', async () => {
  const names = Object.fromEntries((await e.demoDb.selectFrom('user').select(['email', 'name']).where('email', 'in', [DEMO.admin, DEMO.teacher]).execute()).map((u) => [u.email, u.name]));
  const admin = await e.newPage();
  await signIn(admin.page, DEMO.code, DEMO.admin);
  // The teacher reaches the server through a proxy the test can cut.
  const teacherContext = await e.browser.newContext({ baseURL: proxy.url, viewport: { width: 1280, height: 900 } });
  const teacher = await teacherContext.newPage();
  teacher.setDefaultTimeout(15_000);
  await signIn(teacher, DEMO.code, DEMO.teacher);

  // The header opens chat in a new tab.
  const [adminChat] = await Promise.all([admin.context.waitForEvent('page'), admin.page.getByRole('link', { name: 'Chat' }).click()]);
  await adminChat.getByRole('listitem').filter({ hasText: names[DEMO.teacher]! }).click();
  await teacher.goto('/chat');
  await teacher.getByRole('listitem').filter({ hasText: names[DEMO.admin]! }).getByText('Super Admin').waitFor();

  const box = adminChat.getByLabel('Type a message');
  await box.fill('   ');
  await box.press('Enter');
  await box.fill('Please bring the 8 A registers');
  await box.press('Shift+Enter');
  await box.press('End');
  await box.pressSequentially('to the office');
  await box.press('Enter');
  await expect.poll(() => box.inputValue()).toBe('');

  // The teacher's list counts it; opening the chat shows it and marks it seen for the admin.
  const item = teacher.getByRole('listitem').filter({ hasText: names[DEMO.admin]! });
  await item.locator('.ant-badge-count').waitFor();
  await item.click();
  await teacher.getByRole('log').getByText('Please bring the 8 A registers\nto the office').waitFor();
  const adminLog = adminChat.getByRole('log');
  await adminLog.getByTestId('chat-line').filter({ hasText: 'to the office' }).getByText('Seen').waitFor({ timeout: 10_000 });

  // The teacher's network drops; the admin sends two lines; back online, each shows once.
  proxy.cut();
  await teacher.getByTestId('live-reconnecting').waitFor({ timeout: 15_000 });
  for (const text of ['Sent while you were away', 'And one more']) {
    await box.fill(text);
    await box.press('Enter');
  }
  await adminLog.getByText('And one more').waitFor();
  proxy.restore();
  const teacherLog = teacher.getByRole('log');
  await teacherLog.getByText('And one more').waitFor({ timeout: 30_000 });
  await teacherLog.getByText('Sent while you were away').waitFor();
  expect(await teacherLog.getByText('Sent while you were away').count()).toBe(1);
  expect(await teacherLog.getByText('And one more').count()).toBe(1);
  // The teacher answers from the reconnected page.
  await teacher.getByLabel('Type a message').fill('Coming now');
  await teacher.getByLabel('Type a message').press('Enter');
  await adminLog.getByText('Coming now').waitFor();
  await expectAccessible(adminChat, 'the messenger');
  await teacherContext.close();
  await admin.context.close();
});

it('shows a parent Unavailable with Go to Home', async () => {
  const { page, context } = await e.newPage({ phone: true });
  await signIn(page, DEMO.code, DEMO.parentMobile);
  await page.goto('/chat');
  await page.getByText('Unavailable', { exact: true }).waitFor();
  await page.getByText('Chat is not available or enabled for parents.').waitFor();
  await page.getByRole('link', { name: /go to home/i }).or(page.getByRole('button', { name: /go to home/i })).first().waitFor();
  await context.close();
});

it('lists the school\'s files by folder and downloads one', async () => {
  const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(2000)]);
  await e.demoDb.insertInto('file').values({ key: crypto.randomBytes(24).toString('base64url'), name: 'staff_rota.pdf', content_type: 'application/pdf', size: bytes.length, bytes, kind: 'documents' }).execute();
  const { page, context } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.admin);
  await page.goto('/files/');
  await page.getByRole('link', { name: 'Documents' }).click();
  await page.waitForURL(/\/files\/documents$/);
  const row = page.getByRole('row').filter({ hasText: 'staff_rota.pdf' });
  await expectAccessible(page, 'a folder of the files browser');
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /download/i }).click()]);
  expect(download.suggestedFilename()).toBe('staff_rota.pdf');
  const saved = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of saved) chunks.push(c as Buffer);
  expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  await context.close();
});
