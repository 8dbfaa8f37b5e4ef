import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/framework/passwords.js';
import { DEMO, logIn, signIn, startE2E, type E2E } from './support.js';

let e: E2E;

beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

it('tells a person what is wrong with the login form', async () => {
  const { page, context } = await e.newPage();
  await page.goto('/login');
  await page.getByRole('button', { name: /log ?in|sign in/i }).click();
  await page.getByText('Please enter institution code').waitFor();
  expect(await page.getByText('This field is required').count()).toBe(2);
  await logIn(page, 'NOPE99', DEMO.admin);
  await page.getByText('Incorrect Institution Code').waitFor();
  await logIn(page, DEMO.code, DEMO.admin, 'wrong-password');
  await page.getByText('Incorrect email/mobile or password').waitFor();
  expect(new URL(page.url()).pathname).toBe('/login');
  await context.close();
});

it('keeps the session in local storage with remember me, in session storage without', async () => {
  const { page, context } = await e.newPage();
  await page.goto('/login');
  expect(await page.getByLabel(/remember me/i).isChecked()).toBe(true);
  await page.getByLabel(/remember me/i).uncheck();
  await page.getByLabel(/institution code/i).fill(DEMO.code);
  await page.getByLabel(/email or mobile/i).fill(DEMO.teacher);
  await page.getByLabel(/^password/i).fill(DEMO.password);
  await page.getByRole('button', { name: /log ?in|sign in/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  const stored = await page.evaluate(() => ({ local: localStorage.getItem('session'), session: sessionStorage.getItem('session') }));
  expect(stored.local).toBeNull();
  expect(JSON.parse(stored.session!).token).toMatch(/^[\w-]{40,}$/);
  await page.goto('/logout');
  await page.getByLabel(/institution code/i).waitFor();
  await signIn(page, DEMO.code, DEMO.teacher);
  expect(await page.evaluate(() => [localStorage.getItem('session') !== null, sessionStorage.getItem('session')])).toEqual([true, null]);
  await context.close();
});

it('shows the parent shell to a parent logging in by mobile', async () => {
  const { page, context } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.parentMobile);
  // The demo parent has two children; the selector offers both.
  await page.locator('.ant-select-selection-item', { hasText: 'Aarav Kumar (5 - A)' }).waitFor();
  await page.locator('#student-selector').click({ force: true });
  await page.getByTitle('Ananya Kumar (10 - A)').click();
  await page.locator('.ant-select-selection-item', { hasText: 'Ananya Kumar (10 - A)' }).waitFor();
  expect(await page.locator('.ant-layout-sider').textContent()).not.toMatch(/Academics|Teachers|Students/);
  // Chat opens in a new tab, and parents are told it is not for them.
  const [chat] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Chat' }).click()]);
  await chat.getByText('Chat is not available or enabled for parents.').waitFor();
  await chat.getByRole('link', { name: /go to home/i }).or(chat.getByRole('button', { name: /go to home/i })).first().waitFor();
  await context.close();
});

it("shows '404 Page Not Found' to a watchman (a driver's shell is their trips: transport.test.ts)", async () => {
  await e.demoDb.insertInto('user').values({ name: 'Gate Watchman', email: 'watchman@demo01.school', role: 6, password_hash: await hashPassword(DEMO.password) }).execute();
  const { page, context } = await e.newPage();
  await logIn(page, DEMO.code, 'watchman@demo01.school');
  await page.getByText('404 Page Not Found').waitFor();
  await context.close();
});

it('resets a forgotten password through the link in the outbox', async () => {
  const { page, context } = await e.newPage();
  await page.goto('/forgot-password');
  await page.getByLabel(/school code/i).fill('demo01');
  await page.getByLabel(/^email/i).fill(DEMO.librarian);
  await page.getByRole('button', { name: /send|reset|submit/i }).click();
  await page.getByText(/reset link has been sent/i).waitFor();
  const mail = await e.demoDb.selectFrom('outbox_email').selectAll().where('to_address', '=', DEMO.librarian).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const link = /https?:\/\/\S+/.exec(mail.body)![0];
  expect(link).toContain('/reset-password?user=');

  await page.goto(link);
  await page.getByLabel(/^email/i).fill(DEMO.librarian);
  await page.getByLabel(/^password/i).fill('Library#2027');
  await page.getByLabel(/confirm password/i).fill('Library#2027');
  await page.getByRole('button', { name: /reset|submit|save|change/i }).click();
  await page.getByText(/password changed/i).waitFor();

  await signIn(page, DEMO.code, DEMO.librarian, 'Library#2027');
  await page.locator('.ant-layout-sider').getByText(/dashboard/i).first().waitFor();
  await context.close();
});
