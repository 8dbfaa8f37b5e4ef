/**
 * The hostel module, declared in two folders: the super admin finds Hostel in the menu, adds a
 * student from the list's Add Student dialog by typing part of a name, and sees the stay with
 * the student's pocket money balance; the office admin without hostel access has no such menu.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, adminToken, demoApi, expectAccessible, openFromMenu, signIn, startE2E, toast, type E2E } from './support.js';

let e: E2E;
let student: { id: number; fullname: string };

beforeAll(async () => {
  e = await startE2E();
  student = await e.demoDb.selectFrom('student').select(['id', 'fullname']).where('fullname', '=', 'Aarav Kumar').executeTakeFirstOrThrow();
  const token = await adminToken(e);
  await demoApi(e, 'PUT', '/pocket-money/', { student_id: student.id, amount: 750, txn_type: 0, date: '2026-07-01T04:30:00.000Z', details: 'Deposit' }, token);
  await demoApi(e, 'PUT', '/pocket-money/', { student_id: student.id, amount: 250.5, txn_type: 1, date: '2026-07-03T04:30:00.000Z', details: 'Books' }, token);
});
afterAll(() => e?.close());

const dialog = (page: Page) => page.locator('.ant-modal:visible');

it('adds a student to the hostel from the list and shows the stay with the pocket money balance', async () => {
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.admin);
  await openFromMenu(page, /^hostel students$/i);
  await page.waitForURL('**/hostel/');
  await page.locator('.ant-table-placeholder').waitFor();

  await page.getByRole('button', { name: 'Add Student' }).click();
  const box = dialog(page);
  await box.getByText('Add Student').first().waitFor();
  // The student picker searches the whole school as the person types.
  await box.locator('.ant-select', { hasText: 'Type a name or number' }).click();
  await page.keyboard.type('Aarav');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Aarav Kumar' }).first().click();
  await box.getByLabel(/^hostel/i).fill('Ganga House');
  await box.getByLabel(/^room/i).fill('A-12');
  await expectAccessible(page, 'hostel add dialog');
  await box.getByRole('button', { name: /^(save|submit)$/i }).click();
  await toast(page, 'Student Added to Hostel').waitFor();
  await box.waitFor({ state: 'detached' });

  const row = page.locator('.ant-table-row', { hasText: 'Aarav Kumar' });
  await row.waitFor();
  const text = await row.textContent();
  expect(text).toContain('Ganga House');
  expect(text).toContain('A-12');
  // Whatever the demo school's ledger held before, plus the deposit, less the books.
  const ledger = await e.demoDb.selectFrom('pocket_money').select(['amount', 'txn_type']).where('student_id', '=', student.id).execute();
  const paise = ledger.reduce((sum, r) => sum + Math.round(Number(r.amount) * 100) * (r.txn_type === 1 ? -1 : 1), 0);
  expect(text).toContain(new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100));
  const stored = await e.demoDb.selectFrom('hostel_student').selectAll().where('student_id', '=', student.id).executeTakeFirstOrThrow();
  expect(stored).toMatchObject({ hostel_name: 'Ganga House', hostel_room: 'A-12' });
});

it("refuses a stay without a room with the spec's message, in the add form's own page", async () => {
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.admin);
  await page.goto('/hostel/student/new');
  await page.getByLabel(/^hostel/i).fill('Ganga House');
  await page.getByRole('button', { name: /^(save|submit)$/i }).click();
  await page.getByText('Required!').first().waitFor();
  await page.getByText('Please select a student').first().waitFor();
});

it('shows no hostel menu to the office admin, who has no hostel access', async () => {
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.office);
  await page.getByRole('menuitem', { name: /students/i }).first().waitFor();
  expect(await page.getByRole('menuitem', { name: /hostel/i, includeHidden: true }).count()).toBe(0);
});

it('keeps the chosen student named in the picker, after the search and on the edit form', async () => {
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.admin);
  await page.goto('/hostel/student/new');
  await page.locator('.ant-select', { hasText: 'Type a name or number' }).click();
  await page.keyboard.type('Ananya Kumar');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Ananya Kumar' }).first().click();
  await page.locator('.ant-select-selection-item', { hasText: /^Ananya Kumar \(10 - A, / }).waitFor();
  await page.getByLabel(/^hostel/i).fill('Yamuna House');
  await page.getByLabel(/^room/i).fill('C-3');
  await page.getByRole('button', { name: /^(save|submit)$/i }).click();
  await toast(page, 'Student Added to Hostel').waitFor();

  const stay = await e.demoDb.selectFrom('hostel_student as h').innerJoin('student as s', 's.id', 'h.student_id')
    .select('h.id').where('s.fullname', '=', 'Ananya Kumar').executeTakeFirstOrThrow();
  await page.goto(`/hostel/student/${stay.id}`);
  await page.locator('.ant-select-selection-item', { hasText: /^Ananya Kumar$/ }).waitFor();
});
