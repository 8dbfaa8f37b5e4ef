/**
 * Homework in the browser: the demo teacher sets homework for 5 A with a worksheet (desktop),
 * the demo parent submits a photo of Aarav's solution on a phone, the teacher corrects the
 * photo by drawing on it in red and saves remarks, and the parent reads the remarks and sees the
 * corrected image beside the original.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO, PHONE, pick, signIn, startE2E, toast, type E2E } from './support.js';
import { png } from '../../src/server/platform/png.js';
import { schoolToday } from '../../src/server/modules/homework/reach.js';

let e: E2E;
const TITLE = 'Shapes around the house';
const SHOTS = '/tmp/shots-homework';

/** A white 60x40 PNG: the photo of a page of answers. */
const whitePng = () => png(60, 40, () => [255, 255, 255]);

beforeAll(async () => { e = await startE2E(); });
afterAll(() => e?.close());

const homeworkId = async () => (await e.demoDb.selectFrom('homework').select('id').where('title', '=', TITLE).executeTakeFirstOrThrow()).id;

it('the teacher sets homework for 5 A with a worksheet', async () => {
  const { context, page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.teacher);
  await page.goto('/homework/');
  // The demo school's week of homework is listed.
  await page.getByRole('link', { name: 'Draw and label a leaf' }).waitFor();
  await page.getByRole('button', { name: 'New Homework' }).click();
  await page.waitForURL((u) => u.pathname === '/homework/new/');
  await page.getByRole('button', { name: 'Add Homework' }).click();
  await page.getByText('Title is required').waitFor();
  await page.getByText('Class is required').waitFor();
  await page.getByText('Submission date is required').waitFor();
  await page.getByText('Description is required').waitFor();

  await page.getByLabel('Title').fill(TITLE);
  await pick(page, 'Class', '5 - A');
  await pick(page, 'Subject', 'Mathematics');
  const date = page.getByLabel('Submission Date');
  await date.click();
  await date.fill(schoolToday());
  await date.press('Enter');
  await page.getByRole('textbox', { name: 'Description' }).click();
  await page.keyboard.type('Find three things at home shaped like a triangle and draw them.');
  await page.locator('input[type=file]').setInputFiles({ name: 'shapes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await toast(page, 'shapes.pdf file uploaded successfully').waitFor();
  await page.screenshot({ path: `${SHOTS}/teacher-new-desktop.png`, fullPage: true });
  await page.getByRole('button', { name: 'Add Homework' }).click();
  await toast(page, 'Homework Added').waitFor();
  await page.waitForURL((u) => u.pathname === '/homework/');
  await page.getByRole('link', { name: TITLE }).waitFor();
  const row = await e.demoDb.selectFrom('homework').selectAll().where('title', '=', TITLE).executeTakeFirstOrThrow();
  expect(row.submission_date).toBe(schoolToday());
  expect(row.files).toEqual([expect.objectContaining({ name: 'shapes.pdf' })]);
  await page.screenshot({ path: `${SHOTS}/teacher-list-desktop.png`, fullPage: true });
  await context.close();
});

it("the parent submits a photo of Aarav's solution on a phone", async () => {
  const { context, page } = await e.newPage({ phone: true });
  await signIn(page, DEMO.code, DEMO.parentMobile);
  await page.goto('/homework/student');
  await page.locator('.ant-select-selection-item', { hasText: 'Aarav Kumar (5 - A)' }).waitFor();
  // The demo's corrected solution shows as corrected in the list.
  await page.locator('.ant-list-item', { hasText: 'Draw and label a leaf' }).getByText('Corrected').waitFor();
  await page.screenshot({ path: `${SHOTS}/parent-list-phone.png`, fullPage: true });
  await page.getByRole('link', { name: TITLE }).click();
  await page.getByText('Find three things at home').waitFor();

  // Empty text is refused before anything is sent.
  await page.getByRole('button', { name: 'Submit Solution' }).click();
  await page.getByText('Solution text is empty!').waitFor();
  await page.getByLabel('Solution').fill('Roof, sandwich and a coat hanger.');
  await page.locator('input[type=file]').setInputFiles({ name: 'triangles.png', mimeType: 'image/png', buffer: whitePng() });
  // The toast sits over the phone's bottom button until closed.
  await toast(page, 'triangles.png file uploaded successfully').locator('.ant-notification-notice-close').click();
  await page.locator('.ant-upload-list-item', { hasText: 'triangles.png' }).waitFor();
  await page.getByRole('button', { name: 'Submit Solution' }).click();
  await toast(page, 'Solution Submitted').waitFor();
  await page.getByText('Awaiting reply').waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: `${SHOTS}/parent-submitted-phone.png`, fullPage: true });

  // A second submission asks first.
  await page.getByLabel('Solution').fill('Also a slice of pizza.');
  await page.getByRole('button', { name: 'Submit Solution' }).click();
  await page.locator('.ant-modal-confirm-title', { hasText: 'You have already submitted 1 time(s)' }).waitFor();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await context.close();
});

it('the teacher corrects the photo by drawing on it and saves remarks', async () => {
  const id = await homeworkId();
  const { context, page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.teacher);
  await page.goto(`/homework/${id}/`);
  const solution = page.locator('[data-testid^="solution-"]', { hasText: 'Roof, sandwich' });
  await solution.getByText('Awaiting reply').waitFor();
  await solution.getByRole('button', { name: 'Correct' }).click();
  const canvas = page.getByTestId('correction-canvas');
  await canvas.waitFor();
  // The dialog zooms in as it opens: draw once the canvas has stopped moving.
  let box = (await canvas.boundingBox())!;
  for (let settled = false; !settled;) {
    await page.waitForTimeout(100);
    const next = (await canvas.boundingBox())!;
    settled = next.x === box.x && next.y === box.y && next.width === box.width && next.height === box.height;
    box = next;
  }
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + box.width * (0.2 + i * 0.06), box.y + box.height * (0.2 + i * 0.06));
  await page.mouse.up();
  // The pen is red: the middle of the stroke is red on the canvas.
  const pixel = await canvas.evaluate((c: HTMLCanvasElement) => Array.from(c.getContext('2d')!.getImageData(Math.round(c.width * 0.5), Math.round(c.height * 0.5), 1, 1).data));
  expect(pixel.slice(0, 3)).toEqual([255, 0, 0]);
  await page.screenshot({ path: `${SHOTS}/teacher-drawing-desktop.png` });
  await page.getByRole('button', { name: 'Attach Correction' }).click();
  await solution.getByText('Corrected image attached').waitFor();
  await solution.getByLabel(/Remarks for/).fill('Well found! The pizza slice counts too.');
  await solution.getByRole('button', { name: 'Save Remarks' }).click();
  await toast(page, 'Remarks added').waitFor();
  await solution.getByText('Corrected', { exact: true }).waitFor();
  await page.screenshot({ path: `${SHOTS}/teacher-corrected-desktop.png`, fullPage: true });

  // The drawn result is a new file; the student's photo is kept as sent.
  const saved = await e.demoDb.selectFrom('homework_solution').selectAll().where('homework_id', '=', id).executeTakeFirstOrThrow();
  const original = (saved.files as Array<{ path: string }>)[0]!.path;
  expect(saved.attachment).toBeTruthy();
  expect(saved.attachment).not.toBe(original);
  const [orig, drawn] = await Promise.all([page.request.get(original), page.request.get(saved.attachment!)]);
  expect(Buffer.compare(await orig.body(), whitePng())).toBe(0);
  expect(drawn.headers()['content-type']).toBe('image/png');
  expect(Buffer.compare(await drawn.body(), whitePng())).not.toBe(0);

  await page.goto(`/homework/${id}/solutions`);
  const aarav = page.locator('tr', { hasText: 'Aarav Kumar' });
  await aarav.waitFor();
  expect((await aarav.locator('td').allTextContents()).slice(3)).toEqual(['1', '1']);
  await page.screenshot({ path: `${SHOTS}/teacher-summary-desktop.png`, fullPage: true });
  await context.close();
});

it('the parent reads the remarks and sees the corrected image', async () => {
  const id = await homeworkId();
  const aarav = (await e.demoDb.selectFrom('student').select('id').where('fullname', '=', 'Aarav Kumar').executeTakeFirstOrThrow()).id;
  const { context, page } = await e.newPage({ phone: true });
  await signIn(page, DEMO.code, DEMO.parentMobile);
  await page.goto(`/homework/student/${aarav}/${id}`);
  await page.getByText('Well found! The pizza slice counts too.').waitFor();
  const corrected = page.getByRole('img', { name: 'Corrected image' });
  await corrected.waitFor();
  await expect.poll(() => corrected.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(60);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: `${SHOTS}/parent-remarks-phone.png`, fullPage: true });
  // Another family's link answers 'Invalid URL'.
  await page.goto('/homework/student/abc/1');
  await page.getByText('Invalid URL').waitFor();
  await context.close();
});
