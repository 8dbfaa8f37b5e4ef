/**
 * Online tests in the browser: the demo parent takes a test for Aarav on a 390 px phone, loses
 * the network mid-test (the answer waits on the phone and goes when the network returns), the
 * phone dies and the test goes on in another browser with the time the server's clock leaves,
 * submitting itself at zero; then the demo teacher marks the subjective answer on a desktop.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DEMO, adminToken, demoApi, signIn, startE2E, toast, type E2E } from './support.js';

let e: E2E;
const SHOTS = '/tmp/shots-online-tests';
const NAME = 'Quick Quiz: Plants';
let testId = 0;
let assignId = 0;

beforeAll(async () => {
  e = await startE2E();
  // A one-minute test of three questions from the demo bank, assigned to 5 A now.
  const db = e.demoDb;
  const cls = await db.selectFrom('class').select('id').where('class', '=', '5').where('section', '=', 'A').executeTakeFirstOrThrow();
  const subject = await db.selectFrom('subject').select('id').where('class_id', '=', cls.id).where('name', '=', 'Science').executeTakeFirstOrThrow();
  const teacher = await db.selectFrom('teacher').select('id').where('email', '=', DEMO.teacher).executeTakeFirst();
  const token = await adminToken(e);
  const bank = await demoApi<Array<{ id: number; question: string }>>(e, 'GET', `/ot/questions/${cls.id}/${subject.id}/`, undefined, token);
  const pickQ = (start: string) => bank.find((q) => q.question.startsWith(start))!.id;
  const test = await demoApi<{ id: number }>(e, 'PUT', '/ot/tests/', { name: NAME }, token);
  testId = test.id;
  await demoApi(e, 'POST', `/ot/test/${testId}/questions/`, { questions: [pickQ('Which part of a plant'), pickQ('Which gas'), pickQ('Write two ways')] }, token);
  assignId = (await demoApi<{ id: number }>(e, 'PUT', `/ot/test/${testId}/assign/`, { class_id: cls.id, subject_id: subject.id, duration: 1, evaluator: teacher?.id ?? null }, token)).id;
});
afterAll(() => e?.close());

it('a parent takes a test on a phone through a lost network and a dead phone, and it submits itself at zero', async () => {
  const first = await e.newPage({ phone: true });
  const page = first.page;
  await signIn(page, DEMO.code, DEMO.parentMobile);
  await page.goto('/online-test/');
  await page.getByRole('link', { name: NAME }).click();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/online-test/test/');
  await page.getByText('Which part of a plant makes its food?').waitFor();
  expect(await page.getByRole('button', { name: 'Exit' }).isDisabled()).toBe(true);
  await page.getByText('Leaf', { exact: true }).click();
  await page.getByRole('button', { name: 'Save & Next' }).click();
  await page.getByRole('listitem', { name: 'Question 1: Saved' }).waitFor();
  await page.getByText('All answers saved').waitFor();

  // The network goes: the answer is kept on the phone and the screen says it waits.
  await first.context.setOffline(true);
  await page.getByText('Carbon dioxide', { exact: true }).click();
  await page.getByRole('button', { name: 'Save & Next' }).click();
  await page.getByText(/answers? waiting to be sent/).waitFor();
  await page.getByText('No network').waitFor();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('online_test') ?? 'null'));
  expect(stored.pending).toContain(stored.answers[1].question_id);
  await page.screenshot({ path: `${SHOTS}/phone-offline.png`, fullPage: true });

  // Back online: what waited is sent.
  await first.context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.getByText('All answers saved').waitFor();
  await first.context.close();

  // The phone dies; by the server's clock 12 seconds are left when the test opens on another device.
  await e.demoDb.updateTable('ot_attempt').set({ deadline: sql`now() + interval '42 seconds'` as never }).where('assign_id', '=', assignId).execute();
  const second = await e.newPage({ phone: true });
  const p2 = second.page;
  await signIn(p2, DEMO.code, DEMO.parentMobile);
  await p2.goto(`/online-test/${testId}`);
  await p2.getByRole('button', { name: 'Resume' }).click();
  await p2.getByRole('listitem', { name: 'Question 1: Saved' }).waitFor();
  await p2.getByRole('listitem', { name: 'Question 2: Saved' }).waitFor();
  const left = await p2.getByRole('timer').textContent();
  expect(left).toMatch(/^00:(0\d|1[0-2])$/);
  await p2.getByRole('listitem', { name: /^Question 3/ }).click();
  await p2.getByPlaceholder('Write your answer').fill('By wind and by animals.');
  await p2.screenshot({ path: `${SHOTS}/phone-resumed.png`, fullPage: true });
  // Nobody presses Submit: at zero the test submits itself.
  await p2.getByText('Test Submitted').first().waitFor({ timeout: 30_000 });
  await p2.getByText(/Marks obtained so far: 2/).waitFor();
  await p2.screenshot({ path: `${SHOTS}/phone-submitted.png`, fullPage: true });
  await second.context.close();
  const attempt = await e.demoDb.selectFrom('ot_attempt').select(['status', 'marks_obtained']).where('assign_id', '=', assignId).executeTakeFirstOrThrow();
  expect(attempt).toEqual({ status: 2, marks_obtained: 2 });
});

it('the teacher marks the subjective answer on a desktop', async () => {
  const { context, page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.teacher);
  await page.goto(`/online-test/${testId}/attempts/${assignId}/`);
  await page.getByRole('link', { name: 'Mark' }).click();
  await page.getByText('By wind and by animals.').waitFor();
  await page.getByLabel('Marks for question 3').fill('2.5');
  await page.getByRole('button', { name: 'Save Marks' }).click();
  await toast(page, 'Marks Updated').waitFor();
  await page.getByTestId('attempt-marks').filter({ hasText: '4.5 / 5' }).waitFor();
  await page.screenshot({ path: `${SHOTS}/desktop-marking.png`, fullPage: true });
  await page.goto(`/online-test/${testId}/attempts/${assignId}/`);
  await page.getByText('Item Analysis').waitFor();
  await page.screenshot({ path: `${SHOTS}/desktop-attempts.png`, fullPage: true });
  await context.close();
});
