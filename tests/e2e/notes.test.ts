/**
 * Notes, question papers and the transfer certificate in Chromium: a teacher uploads a note for
 * 5 A and the demo parent (a son in 5 A) downloads it on a 390×844 phone; an admin writes a
 * question paper in the editor, finds it listed and sees it as printed; an admin issues a
 * transfer certificate and sees its serial, printed and as a PDF. Screenshots go to /tmp/shots-notes/.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, form, pick, signIn, startE2E, toast, type E2E, PHONE } from './support.js';

const SHOTS = '/tmp/shots-notes';
const FILE = `${SHOTS}/Light-and-shadows.pdf`;
const PDF = '%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n';
const NOTE = 'Light and shadows';
let e: E2E;

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  fs.writeFileSync(FILE, PDF);
  e = await startE2E();
});
afterAll(() => e?.close());

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

it('lets a teacher upload a note for 5 A, with the spec\'s checks', async () => {
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.teacher);
  await page.goto('/notes');
  await pick(page, 'Class', '5 - A');
  // The demo school's own notes of 5 A are there already.
  await page.getByText('Parts of a plant').waitFor();
  await page.getByRole('button', { name: 'Add New Notes' }).click();
  await page.waitForURL('**/notes/new**');
  await page.getByRole('button', { name: 'Upload', exact: true }).waitFor();

  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  for (const text of ['Name is required', 'File is required']) await form(page).getByText(text).waitFor();
  await pick(page, 'Subject', 'Science');
  await form(page).getByLabel('Name').fill(NOTE);
  await form(page).getByLabel('Description').fill('How shadows form, with three activities to try at home.');
  await page.locator('input[type=file]').setInputFiles(FILE);
  await toast(page, 'Light-and-shadows.pdf file uploaded successfully').waitFor();
  await shot(page, 'note-new-desktop');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await toast(page, 'Note Added').waitFor();
  await page.waitForURL('**/notes?class_id=*');
  await page.getByText(NOTE, { exact: true }).waitFor();
  await shot(page, 'notes-list-desktop');
});

it('lets the demo parent download the note on a phone', async () => {
  const { page } = await e.newPage({ phone: true });
  await signIn(page, DEMO.code, DEMO.parentMobile);
  await page.goto('/notes/student');
  // The first of the family's children (by name) is shown first: Aarav, of 5 A.
  await page.locator('.ant-select-selection-item', { hasText: 'Aarav Kumar (5 - A)' }).waitFor();
  const card = page.locator('.ant-card', { hasText: NOTE }).last();
  await card.waitFor();
  await card.getByText('Science').waitFor();
  // Another class's note (10 A's) is not among Aarav's.
  expect(await page.getByText('Quadratic equations: formulae').count()).toBe(0);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const button = card.getByRole('link', { name: `Download ${NOTE}` });
  const box = (await button.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'notes-parent-phone');
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe('Light-and-shadows.pdf');
  expect(fs.readFileSync((await download.path())!, 'utf8')).toBe(PDF);
  // No delete or add for a parent.
  expect(await page.getByRole('button', { name: /Delete/ }).count()).toBe(0);
});

it('lets an admin write a question paper in the editor, list it and see it as printed', async () => {
  // Named for this attempt, so that a retry lists its own paper once.
  const PAPER = `Half-yearly: Science ${Date.now() % 100000}`;
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.admin);
  await page.goto('/question-paper/');
  await page.getByRole('button', { name: 'Go' }).click();
  await toast(page, 'Please select class, ac year and subject').waitFor();
  await page.getByRole('button', { name: 'New Question Paper' }).click();
  await page.waitForURL('**/question-paper/new**');
  await page.getByRole('button', { name: 'Save' }).waitFor();
  await pick(page, 'Class', '10 - A');
  await pick(page, 'Subject', 'Science');
  await page.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Please select Class, AC Year, Subject and also enter Name').waitFor();
  await page.getByLabel('Name').fill(PAPER);
  const editor = page.getByRole('textbox', { name: 'Questions' });
  await editor.click();
  await page.getByRole('button', { name: 'H3 heading' }).click();
  await page.keyboard.type('Section A');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Q1 State Ohm\'s law. <img src=x onerror=alert(1)>');
  await page.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Question Paper Created').waitFor();
  await page.waitForURL(/\/question-paper\/\d+$/);
  await shot(page, 'question-paper-editor-desktop');

  // As printed: the school's head, the paper's name and the questions, none of the application around them.
  await page.emulateMedia({ media: 'print' });
  const sheet = page.getByTestId('question-paper-print');
  await sheet.getByText('Demo Public School').waitFor();
  await sheet.getByText(PAPER).waitFor();
  await sheet.getByText("Q1 State Ohm's law.", { exact: false }).waitFor();
  expect(await sheet.locator('img').count()).toBe(0);
  await shot(page, 'question-paper-print');
  await page.emulateMedia({ media: 'screen' });

  await page.getByRole('button', { name: 'Back to list' }).click();
  await page.getByRole('button', { name: 'Go' }).waitFor();
  await pick(page, 'Class', '10 - A');
  await pick(page, 'Subject', 'Science');
  await page.getByRole('button', { name: 'Go' }).click();
  await page.getByRole('cell', { name: PAPER, exact: true }).waitFor();
  await page.getByRole('cell', { name: 'Unit Test 2: Science', exact: true }).waitFor();
  await shot(page, 'question-papers-list-desktop');
});

it('lets an admin issue a transfer certificate and see its serial, printed and as a PDF', async () => {
  const student = await e.demoDb.selectFrom('student as s').innerJoin('class as c', 'c.id', 's.class_id')
    .select(['s.id', 's.admission_no', 's.fullname']).where('c.class', '=', '10').where('c.section', '=', 'B').orderBy('s.id').executeTakeFirstOrThrow();
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.admin);
  await page.goto('/certificate/transfer');
  await page.getByPlaceholder('Admission number').fill(student.admission_no);
  await page.getByRole('button', { name: 'Find' }).click();
  await page.waitForURL(`**/certificate/transfer/${student.id}`);
  await page.getByText(student.fullname).first().waitFor();
  await form(page).getByLabel('Reason for Leaving').fill('Family moving to Chennai');
  await shot(page, 'tc-issue-desktop');
  await page.getByRole('button', { name: 'Issue TC' }).click();
  await page.getByRole('button', { name: 'Issue', exact: true }).click();
  await toast(page, 'Transfer Certificate Issued').waitFor();
  const serial = (await page.getByTestId('tc-serial').textContent())!;
  expect(serial).toMatch(/^TC\/\d{4}\/0001$/);
  const sheet = page.getByTestId('tc-sheet');
  await sheet.getByText(`Serial No: ${serial}`).waitFor();
  await sheet.getByText('Family moving to Chennai').waitFor();
  await shot(page, 'tc-issued-desktop');
  await page.emulateMedia({ media: 'print' });
  await shot(page, 'tc-print');
  await page.emulateMedia({ media: 'screen' });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Transfer-Certificate-TC-\d{4}-0001-.*\.pdf$/);
  expect(fs.readFileSync((await download.path())!).subarray(0, 5).toString()).toBe('%PDF-');

  // The student has left: the student's record says TC, and finding them again shows the same serial.
  const row = await e.demoDb.selectFrom('student').select('status').where('id', '=', student.id).executeTakeFirstOrThrow();
  expect(row.status).toBe(2);
  await page.goto('/certificate/transfer');
  await page.getByPlaceholder('Admission number').fill(student.admission_no);
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByTestId('tc-serial').filter({ hasText: serial }).waitFor();

  // On a phone the certificate fits the screen.
  const phone = await e.newPage({ phone: true });
  await signIn(phone.page, DEMO.code, DEMO.admin);
  await phone.page.goto(`/certificate/transfer/${student.id}`);
  await phone.page.getByTestId('tc-serial').waitFor();
  await shot(phone.page, 'tc-phone');
});
