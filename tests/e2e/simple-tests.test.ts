/**
 * Simple tests in the browser: the demo parent, on a 390 px phone, starts today's test for
 * Aarav, reopens it (the timer resumes from the server's time), uploads a photo of the answers
 * in the red upload countdown and sees the finished screen; the demo teacher, on a desktop,
 * replies with marks.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO, PHONE, pick, signIn, startE2E, toast, type E2E } from './support.js';
import { png } from '../../src/server/platform/png.js';

let e: E2E;
const TEST = 'Weekly Test: Fractions';
const SHOTS = '/tmp/shots-simple-tests';

/** A white 60x40 PNG: the photo of a page of answers. */
const whitePng = () => png(60, 40, () => [255, 255, 255]);

beforeAll(async () => { e = await startE2E(); });
afterAll(() => e?.close());

it("the parent starts Aarav's test on a phone and uploads a photo of the answers", async () => {
  const { context, page } = await e.newPage({ phone: true });
  await signIn(page, DEMO.code, DEMO.parentMobile);
  await page.goto('/simple-test/');
  await page.locator('.ant-select-selection-item', { hasText: 'Aarav Kumar (5 - A)' }).waitFor();
  // The demo's replied test shows its marks in the list.
  await page.locator('.ant-list-item', { hasText: 'Unit Test: Plants' }).getByText('17.5 / 20').waitFor();
  await page.getByRole('link', { name: TEST }).click();
  await page.getByRole('button', { name: 'Start' }).click();
  await page.waitForURL((u) => u.pathname === '/simple-test/test/');
  const timer = page.getByTestId('simple-test-timer');
  await timer.waitFor();
  await page.getByRole('link', { name: /Weekly-Test-Fractions\.pdf/ }).waitFor();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('simple_test') ?? 'null')?.attempt_id)).toBeGreaterThan(0);
  await page.screenshot({ path: `${SHOTS}/parent-paper-phone.png`, fullPage: true });

  // Reopened, the attempt resumes with the server's remaining time (at most the 30 minutes).
  await page.reload();
  await timer.waitFor();
  const [m] = (await timer.textContent())!.split(':').map(Number);
  expect(m).toBeLessThanOrEqual(30);

  await page.getByRole('button', { name: 'Upload Solutions' }).click();
  await timer.getByText(/^Upload (10:00|9:\d\d)$/).waitFor();
  expect(await timer.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 77, 79)');
  await page.locator('input[type=file]').setInputFiles({ name: 'fractions.png', mimeType: 'image/png', buffer: whitePng() });
  await toast(page, 'fractions.png file uploaded successfully').locator('.ant-notification-notice-close').click();
  await page.locator('.ant-upload-list-item', { hasText: 'fractions.png' }).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: `${SHOTS}/parent-upload-phone.png`, fullPage: true });
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await toast(page, 'Solution Submitted').waitFor();
  await page.locator('.ant-result-title', { hasText: 'Solution Submitted' }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('simple_test'))).toBeNull();
  await context.close();
});

it('the teacher replies with marks on a desktop', async () => {
  const { context, page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.teacher);
  await page.goto('/simple-test/');
  await pick(page, 'Class', '5 - A');
  await page.getByRole('link', { name: TEST }).click();
  const solution = page.locator('[data-testid^="solution-"]', { hasText: 'Aarav Kumar' });
  await solution.getByText('Awaiting reply').waitFor();
  await solution.getByRole('button', { name: 'Reply' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await dialog.getByText('Marks is required!').waitFor();
  await dialog.getByLabel(/Marks/).fill('18.5');
  await dialog.getByLabel('Remarks').fill('Good work; show the working in Q2.');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await toast(page, 'Answer Replied').waitFor();
  await solution.getByText('Marks: 18.5 / 20').waitFor();
  await page.screenshot({ path: `${SHOTS}/teacher-replied-desktop.png`, fullPage: true });
  const test = await e.demoDb.selectFrom('simple_test').select('id').where('test_name', '=', TEST).executeTakeFirstOrThrow();
  const row = await e.demoDb.selectFrom('simple_test_solution').selectAll().where('test_id', '=', test.id).executeTakeFirstOrThrow();
  expect([row.status, row.marks_obtained, row.teacher_remarks]).toEqual([2, 18.5, 'Good work; show the working in Q2.']);
  await context.close();
});
