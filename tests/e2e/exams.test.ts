/**
 * Legacy exams in the browser: the demo teacher writes an exam with one question and assigns it
 * to 5 A (desktop); the demo parent opens it for Aarav on a phone, takes it and sees the marks.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO, PHONE, pick, signIn, startE2E, toast, type E2E } from './support.js';

let e: E2E;
const NAME = 'Planets Check';

beforeAll(async () => { e = await startE2E(); });
afterAll(() => e?.close());

it('the teacher creates an exam with a question and assigns it to 5 A', async () => {
  const aarav = await e.demoDb.selectFrom('student as s').innerJoin('ac_year as y', 'y.id', 's.ac_year_id')
    .select('y.name as year').where('s.fullname', '=', 'Aarav Kumar').executeTakeFirstOrThrow();
  const { context, page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.teacher);
  await page.goto('/exam/new');
  await page.getByRole('button', { name: 'Create Exam' }).click();
  await page.getByText('Name is required!').waitFor();
  await page.getByText('Duration is required').waitFor();
  await page.getByLabel('Name').fill(NAME);
  await page.getByLabel('Duration (minutes)').fill('10');
  await page.getByRole('button', { name: 'Create Exam' }).click();
  await toast(page, 'Exam created').waitFor();
  await page.waitForURL((u) => u.pathname.startsWith('/exam/questions/'));

  await page.getByRole('button', { name: 'Add Question' }).click();
  await page.getByLabel('Question', { exact: true }).fill('Which planet is called the Red Planet?');
  for (const [i, text] of ['Venus', 'Mars', 'Jupiter', 'Saturn'].entries()) await page.getByLabel(`Option ${i + 1}`, { exact: true }).fill(text);
  await pick(page, 'Answer', 'Option 2: Mars');
  await page.getByLabel('Explanation').fill('Iron oxide on its surface makes Mars look red.');
  await page.getByLabel('Correct Marks', { exact: true }).fill('2');
  await page.getByLabel('Incorrect Marks', { exact: true }).fill('-0.5');
  await page.getByRole('button', { name: 'Add Question' }).click();
  await toast(page, 'Question Added').waitFor();
  await page.getByRole('button', { name: 'Which planet is called the Red Planet?' }).waitFor();

  await page.getByRole('button', { name: 'Assign' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/exam/assign/'));
  await pick(page, 'Academic Year', aarav.year);
  await pick(page, 'Class', '5 - A');
  await page.getByRole('button', { name: 'Assign' }).click();
  await toast(page, 'Exam Assigned').waitFor();
  await page.locator('.ant-table-row', { hasText: aarav.year }).waitFor();
  await context.close();
});

it('the parent takes it for Aarav on a phone and sees the result', async () => {
  const { context, page } = await e.newPage({ phone: true });
  await signIn(page, DEMO.code, DEMO.parentMobile);
  await page.goto('/exam/');
  const chosen = page.locator('.ant-select-selection-item').first();
  await chosen.waitFor();
  if (!(await chosen.textContent())?.includes('Aarav')) await pick(page, 'Student', 'Aarav Kumar (5 - A)');
  await page.getByRole('link', { name: NAME }).click();
  await page.getByText('Attempts').first().waitFor();
  await page.getByRole('button', { name: 'Start' }).click();
  const exam = page.getByRole('dialog', { name: NAME });
  await exam.getByText('Which planet is called the Red Planet?').waitFor();
  await exam.getByRole('radio', { name: 'Mars' }).check();
  await exam.getByRole('button', { name: 'Question 1, answered' }).waitFor();
  await exam.getByRole('button', { name: 'Submit' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Marks obtained: 2').waitFor();
  await page.getByText('Correct 1 · Incorrect 0 · No answer 0').waitFor();
  // One attempt was allowed: Start is now disabled.
  expect(await page.getByRole('button', { name: 'Start' }).isDisabled()).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await context.close();
});
