/**
 * On a 390×844 phone, the parent's dashboard shows the chosen child's online tests, exams and
 * simple tests (still to take, and finished with marks) within the screen's width, each name a
 * link to the test's own page.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO, expectAccessible, signIn, startE2E, type E2E, PHONE } from './support.js';

let e: E2E;

beforeAll(async () => { e = await startE2E(); });
afterAll(() => e?.close());

it("lays out the child's online tests, exams and simple tests on the parent's dashboard for a phone", async () => {
  const { context, page } = await e.newPage({ phone: true });
  await signIn(page, DEMO.code, DEMO.parentMobile);
  await page.locator('#student-selector').waitFor();
  for (const id of ['parent-online-tests', 'parent-exams', 'parent-simple-tests']) {
    const card = page.getByTestId(id);
    await card.getByText('Upcoming').waitFor();
    const box = (await card.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  // The demo son has written two simple tests: one replied with marks, one awaiting reply.
  const simple = page.getByTestId('parent-simple-tests');
  await simple.getByText('Awaiting reply').waitFor();
  await simple.getByRole('link', { name: 'Weekly Test: Fractions' }).waitFor();
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page);
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/parent-tests-dashboard.png`, fullPage: true });
  await simple.getByRole('link', { name: 'Weekly Test: Fractions' }).click();
  await page.waitForURL(/\/simple-test\/\d+\?student=\d+/);
  await context.close();
});
