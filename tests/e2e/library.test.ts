/**
 * The library in Chromium: the super admin sets the fine per day on the Settings page's Library
 * tab; the librarian, whose home shows the library's figures (the demo's one overdue book
 * among them), finds a book by its code, issues it to a student, and, its last date three days
 * gone, returns it with 'Late By' shown and the fine prefilled as three days at that rate.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO, expectAccessible, form, openFromMenu, signIn, startE2E, toast, type E2E } from './support.js';
import { schoolToday } from '../../src/server/framework/periods.js';

const SHOTS = '.tmp/library';
let e: E2E;

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  e = await startE2E();
});
afterAll(() => e?.close());

const dayOffset = (days: number) => new Date(Date.parse(`${schoolToday()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

it('sets the fine per day, issues a book to a student and takes it back late with the fine prefilled', async () => {
  const { page: admin, context: adminContext } = await e.newPage();
  await signIn(admin, DEMO.code, DEMO.admin);
  await admin.goto('/settings?tab=library');
  const fine = admin.getByLabel('Fine Per Day');
  await fine.waitFor();
  await fine.fill('2.50');
  await admin.getByRole('button', { name: 'Save' }).click();
  await toast(admin, 'Library settings updated').waitFor();
  await adminContext.close();

  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.librarian);
  const home = page.getByTestId('library-dashboard');
  await home.getByText('LIB-0001 · Malgudi Days').waitFor();
  expect(await home.locator('.ant-statistic', { hasText: 'Overdue' }).locator('.ant-statistic-content').textContent()).toBe('1');
  await expectAccessible(page, 'librarian home');
  await page.screenshot({ path: `${SHOTS}/librarian-home.png`, fullPage: true });

  await openFromMenu(page, /^books$/i);
  await page.waitForURL('**/library/books/');
  await page.locator('.ant-table-row', { hasText: 'LIB-0001' }).waitFor();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByText('Book Code is required!').waitFor();
  await page.getByLabel('Book Code').fill('LIB-0002');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const found = page.getByTestId('book-search-result');
  await found.getByText('Available').waitFor();
  await expectAccessible(page, 'books');
  await page.screenshot({ path: `${SHOTS}/books.png`, fullPage: true });

  await found.getByRole('button', { name: 'Issue' }).click();
  const issueDialog = page.getByRole('dialog', { name: /Issue Swami and Friends/ });
  await issueDialog.waitFor();
  await issueDialog.getByLabel('Return Date').fill(dayOffset(7));
  await issueDialog.getByLabel('Return Date').press('Enter');
  await issueDialog.getByRole('combobox', { name: 'Student' }).click();
  await page.keyboard.type('Aarav');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Aarav Kumar' }).first().click();
  await expectAccessible(page, 'issue dialog');
  await page.screenshot({ path: `${SHOTS}/issue.png`, fullPage: true });
  await issueDialog.getByRole('button', { name: 'Issue' }).click();
  await toast(page, 'Book Issued').waitFor();
  await found.getByText('Issued').waitFor();
  const issue = await e.demoDb.selectFrom('lib_book_issue as i').innerJoin('lib_book as b', 'b.id', 'i.book_id').innerJoin('student as s', 's.id', 'i.student_id')
    .select(['i.id', 'i.last_date', 'i.status', 's.fullname']).where('b.code', '=', 'LIB-0002').where('i.status', '=', 1).executeTakeFirstOrThrow();
  expect(issue).toMatchObject({ last_date: dayOffset(7), fullname: 'Aarav Kumar' });

  // Three days past the last date.
  await e.demoDb.updateTable('lib_book_issue').set({ issue_date: dayOffset(-17), last_date: dayOffset(-3) }).where('id', '=', issue.id).execute();
  await found.getByRole('button', { name: 'Return' }).click();
  const returnDialog = page.getByRole('dialog', { name: /Return Swami and Friends/ });
  await returnDialog.getByText('Late By').waitFor();
  await returnDialog.getByText('3 days').waitFor();
  expect(await returnDialog.getByLabel('Fine').inputValue()).toBe('7.50');
  await expectAccessible(page, 'return dialog');
  await page.screenshot({ path: `${SHOTS}/return.png`, fullPage: true });
  await returnDialog.getByRole('button', { name: 'Return' }).click();
  await toast(page, 'Book Returned').waitFor();
  await found.getByText('Available').waitFor();
  const returned = await e.demoDb.selectFrom('lib_book_issue').select(['status', 'return_date', 'fine_amount']).where('id', '=', issue.id).executeTakeFirstOrThrow();
  expect(returned).toMatchObject({ status: 2, return_date: schoolToday() });
  expect(Number(returned.fine_amount)).toBe(7.5);

  // The book's history shows the return with its fine.
  await page.goto('/library/books/');
  await page.locator('.ant-table-row', { hasText: 'LIB-0002' }).getByRole('button', { name: 'History' }).click();
  await page.waitForURL('**/library/book/history/*');
  const row = page.locator('.ant-table-row', { hasText: 'Aarav Kumar' });
  await row.getByText('Returned').waitFor();
  expect(await row.textContent()).toContain('₹7.50');
  await expectAccessible(page, 'book history');

  // Aarav's own history, from Issue History.
  await openFromMenu(page, /^issue history$/i);
  await page.waitForURL('**/library/issued/');
  await page.getByRole('combobox', { name: 'Student', exact: true }).click();
  await page.keyboard.type('Aarav');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Aarav Kumar' }).first().click();
  await page.locator('.ant-table-row', { hasText: 'LIB-0002 · Swami and Friends' }).getByText('Returned').waitFor();
  await expectAccessible(page, 'issue history');
  await page.screenshot({ path: `${SHOTS}/issued.png`, fullPage: true });
});

it('adds a book with its cover photo, refusing a photo over 200 kB', async () => {
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.librarian);
  await page.goto('/library/books/');
  await page.getByRole('button', { name: 'Add Book' }).click();
  await page.waitForURL('**/library/book/new');
  const f = form(page);
  await f.getByLabel(/^code/i).fill('LIB-0201');
  await f.getByLabel(/^title/i).fill('The Guide');
  await f.getByLabel(/^author/i).fill('R. K. Narayan');
  await f.getByLabel(/^publisher/i).fill('Indian Thought Publications');
  const png = (size: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size - 8, 7)]);
  const file = f.locator('input[type=file]');
  await file.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: png(210 * 1024) });
  await toast(page, 'Image must smaller than 200kB!').waitFor();
  await file.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png(4000) });
  await toast(page, 'cover.png file uploaded successfully').waitFor();
  await f.getByRole('img', { name: 'Photo' }).waitFor();
  await expectAccessible(page, 'add book');
  await page.screenshot({ path: `${SHOTS}/book-new.png`, fullPage: true });
  await f.getByRole('button', { name: /^(save|submit)$/i }).click();
  await toast(page, 'New Book Added').waitFor();
  await page.waitForURL('**/library/books/');
  const book = await e.demoDb.selectFrom('lib_book').selectAll().where('code', '=', 'LIB-0201').executeTakeFirstOrThrow();
  expect(book).toMatchObject({ title: 'The Guide', status: 2 });
  expect(book.image).toMatchObject({ name: 'cover.png' });
});

/** A date as the date fields show it (DD-MM-YYYY). */
const shown = (iso: string) => iso.split('-').reverse().join('-');

/** Types into a date field by keyboard alone, replacing what it held (no calendar click, no Enter). */
async function typeDate(page: import('playwright-core').Page, field: import('playwright-core').Locator, text: string) {
  await field.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

it('saves the return dates typed by keyboard in Issue and Return, and refuses a date it cannot read', async () => {
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.librarian);
  await page.goto('/library/books/');
  await page.getByLabel('Book Code').fill('LIB-0003');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const found = page.getByTestId('book-search-result');
  await found.getByText('Available').waitFor();

  await found.getByRole('button', { name: 'Issue' }).click();
  const issueDialog = page.getByRole('dialog', { name: /Issue .* \(LIB-0003\)/ });
  await issueDialog.getByRole('combobox', { name: 'Student' }).click();
  await page.keyboard.type('Ananya');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Ananya Kumar' }).first().click();
  // A date the field cannot read is refused with the reason, and nothing is issued.
  await typeDate(page, issueDialog.getByLabel('Return Date'), '31-02-20');
  await issueDialog.getByRole('button', { name: 'Issue' }).click();
  await issueDialog.getByText('Enter the date as DD-MM-YYYY').waitFor();
  await page.screenshot({ path: `${SHOTS}/issue-unreadable.png` });
  // Typed last, then Issue clicked at once: the typed date is the one saved.
  await typeDate(page, issueDialog.getByLabel('Return Date'), shown(dayOffset(10)));
  await page.screenshot({ path: `${SHOTS}/issue-typed.png` });
  await issueDialog.getByRole('button', { name: 'Issue' }).click();
  await toast(page, 'Book Issued').waitFor();
  await found.getByText('Issued').waitFor();
  const issue = await e.demoDb.selectFrom('lib_book_issue as i').innerJoin('lib_book as b', 'b.id', 'i.book_id')
    .select(['i.id', 'i.last_date']).where('b.code', '=', 'LIB-0003').where('i.status', '=', 1).executeTakeFirstOrThrow();
  expect(issue.last_date).toBe(dayOffset(10));

  await e.demoDb.updateTable('lib_book_issue').set({ issue_date: dayOffset(-5) }).where('id', '=', issue.id).execute();
  await found.getByRole('button', { name: 'Return' }).click();
  const returnDialog = page.getByRole('dialog', { name: /Return .* \(LIB-0003\)/ });
  await returnDialog.getByText('Issue Date').waitFor();
  await typeDate(page, returnDialog.getByLabel('Return Date'), shown(dayOffset(-2)));
  await returnDialog.getByRole('button', { name: 'Return' }).click();
  await toast(page, 'Book Returned').waitFor();
  const returned = await e.demoDb.selectFrom('lib_book_issue').select(['status', 'return_date']).where('id', '=', issue.id).executeTakeFirstOrThrow();
  expect(returned).toEqual({ status: 2, return_date: dayOffset(-2) });
});
