import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { DEMO, adminToken, demoApi, pick, signIn, startE2E, toast, type E2E } from './support.js';

let e: E2E;
let page: Page;
let token: string;
let yearId: number;
const classIds: Record<string, number> = {};
let lab: number;
let sports: number;
let first: { id: number; fullname: string };
let second: { id: number; fullname: string };
let firstBill: number;
let secondBill: number;

const row = (p: Page, text: string) => p.locator('.ant-table-row', { hasText: text }).first();
const card = (p: Page, key: string) => p.getByTestId(`fee-card-${key}`);
/** '₹1,23,456.50' or '-₹500.00' → paise. */
const paise = (text: string | null) => {
  const m = /(-?)₹([\d,]+)\.(\d\d)/.exec(text ?? '');
  if (!m) throw new Error(`No amount in ${text}`);
  return (m[1] ? -1 : 1) * (Number(m[2]!.replace(/,/g, '')) * 100 + Number(m[3]));
};
const collected = async (p: Page, key: string) => paise(await card(p, key).locator('.ant-statistic-content').textContent());
const billed = async (p: Page, key: string) => paise(await card(p, key).getByTestId('billed').textContent());
const pending = async (p: Page, key: string) => paise(await card(p, key).getByTestId('pending').textContent());
const csvLines = async (d: Promise<Download>) => fs.readFileSync(await (await d).path(), 'utf8').replace(/^\ufeff/, '').trim().split(/\r\n/);
/** YYYY-MM-DD and DD-MM-YYYY of a day counted from today in India (the school's calendar). */
const indiaDay = (offset: number) => {
  const d = new Date(Date.now() + 5.5 * 3600_000 + offset * 86_400_000);
  const iso = d.toISOString().slice(0, 10);
  return { iso, shown: iso.split('-').reverse().join('-') };
};

const api = <T = any>(method: string, path: string, body?: unknown) => demoApi<T>(e, method, path, body, token);

/** Live students of a class in the year, as the class fee list counts them (Shuffled history rows left out). */
async function classStudents(classId: number, current = false) {
  let q = e.demoDb.selectFrom('student_year as sy').innerJoin('student as s', 's.id', 'sy.student_id').select(['s.id', 's.fullname'])
    .where('sy.class_id', '=', classId).where('sy.ac_year_id', '=', yearId);
  q = current ? q.where('sy.status', '=', 1).where('s.status', '=', 1) : q.where('sy.status', '<>', 4);
  return q.orderBy('s.id').execute();
}

async function fillRange(p: Page, from: string, to: string) {
  const inputs = p.locator('.ant-picker-range input');
  await inputs.nth(0).click();
  await inputs.nth(0).fill(from);
  await inputs.nth(0).press('Enter');
  await inputs.nth(1).fill(to);
  await inputs.nth(1).press('Enter');
  await expect.poll(() => p.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').count()).toBe(0);
}

async function openClassReport(p: Page, klass: string) {
  await p.goto('/fees/reports/');
  await pick(p, 'Class', klass);
  await p.locator('span:has(> label)', { hasText: 'Academic Year' }).locator('.ant-select-selection-item', { hasText: '2026-27' }).waitFor();
  await row(p, 'E2E Lab Fee').waitFor();
  // The cards show their figures once loaded (a skeleton before).
  await card(p, 'total').locator('.ant-statistic-content').waitFor();
}

beforeAll(async () => {
  e = await startE2E();
  ({ page } = await e.newPage());
  token = await adminToken(e);
  yearId = (await e.demoDb.selectFrom('ac_year').select('id').where('name', '=', '2026-27').executeTakeFirstOrThrow()).id;
  for (const c of await e.demoDb.selectFrom('class').select(['id', 'class', 'section']).execute()) classIds[`${c.class} - ${c.section}`] = c.id;

  // Two fee items of this test's own, billed in class 7 - A (no demo fees there): three lines in two bills, part paid.
  lab = (await api('PUT', '/fees/items/', { name: 'E2E Lab Fee', type: 2, amount: 1250.5 })).id;
  sports = (await api('PUT', '/fees/items/', { name: 'E2E Sports Fee', type: 4, amount: 800 })).id;
  [first, second] = await classStudents(classIds['7 - A']!, true) as Array<{ id: number; fullname: string }>;
  firstBill = (await api('PUT', '/fees/pay/', {
    student_id: first!.id, ac_year_id: yearId, name: 'Term 2', amount_total: 2050.5, amount_paid: 1000,
    details: [{ fee_item_id: lab, amount: 1250.5, quantity: 1 }, { fee_item_id: sports, amount: 800, quantity: 1 }],
    installments: [{ amount: 1000, mode: 'cash' }],
  })).payment_id;
  secondBill = (await api('PUT', '/fees/pay/', {
    student_id: second!.id, ac_year_id: yearId, name: 'Term 2', amount_total: 2801, amount_paid: 501,
    details: [{ fee_item_id: lab, amount: 1250.5, quantity: 2 }, { fee_item_name: 'Transportation', amount: 300, quantity: 1 }],
    installments: [{ amount: 501, mode: 'card' }],
  })).payment_id;
  await signIn(page, DEMO.code, DEMO.admin);
});
afterAll(() => e?.close());

it("shows the class's collected and billed amounts on the four cards", async () => {
  await openClassReport(page, '7 - A');
  for (const key of ['today', 'week', 'month', 'total']) {
    await expect.poll(() => collected(page, key)).toBe(150100);
    expect(await billed(page, key)).toBe(485150);
    // Pending: what this period's bills still owe (both bills are today's).
    expect(await pending(page, key)).toBe(485150 - 150100);
  }
  expect(await card(page, 'today').locator('.ant-card-head-title').textContent()).toBe('Today');
  expect(await card(page, 'week').locator('.ant-card-head-title').textContent()).toBe('This Week');
  // The card lists the payments it counts.
  await card(page, 'today').getByRole('button', { name: '2 payments' }).click();
  const modal = page.locator('.ant-modal:visible');
  await modal.locator('.ant-table-row', { hasText: first.fullname }).getByText('₹1,000.00').waitFor();
  await modal.locator('.ant-table-row', { hasText: second.fullname }).getByText('₹501.00').waitFor();
  await modal.getByRole('button', { name: 'Close' }).click();
});

it('names only a picker left empty, and says nothing of fees while they load', async () => {
  const { page: p, context } = await e.newPage();
  // Every text the page ever shows, caught as it appears (a flash included).
  await p.addInitScript(() => {
    const seen: string[] = ((window as any).seen = []);
    new MutationObserver(() => {
      const t = document.body?.innerText ?? '';
      for (const s of ['Please select', 'No fees billed']) if (t.includes(s) && !seen.includes(s)) seen.push(s);
      const m = /Please select [^\n]*/.exec(t);
      if (m && !seen.includes(m[0])) seen.push(m[0]);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await signIn(p, DEMO.code, DEMO.admin);
  await p.goto('/fees/reports/');
  await p.getByText('Please select Class').waitFor();
  await p.locator('span:has(> label)', { hasText: 'Academic Year' }).locator('.ant-select-selection-item', { hasText: '2026-27' }).waitFor();
  expect(await p.evaluate(() => (window as any).seen)).toEqual(['Please select', 'Please select Class']);
  // The class is remembered: reopened, the page goes straight to the report.
  await pick(p, 'Class', '7 - A');
  await row(p, 'E2E Lab Fee').waitFor();
  await p.reload();
  await row(p, 'E2E Lab Fee').waitFor();
  expect(await p.evaluate(() => (window as any).seen)).toEqual([]);
  await context.close();
});

it("asks before the class's due alert, with the SMS and families it would reach", async () => {
  await openClassReport(page, '7 - A');
  const preview = await api('POST', '/fees/due/alert/preview/', { class_id: classIds['7 - A'], ac_year_id: yearId });
  expect(preview.sms).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Due Alert SMS' }).click();
  const confirm = page.locator('.ant-modal-confirm');
  const fam = preview.families === 1 ? 'family' : 'families';
  await confirm.getByText(`Send ${preview.sms} SMS to ${preview.families} ${fam} with dues in 7 - A 2026-27?`).waitFor();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => confirm.count()).toBe(0);
});

it('moves Today and Total by an installment paid since', async () => {
  await openClassReport(page, '7 - A');
  const before = { today: await collected(page, 'today'), total: await collected(page, 'total'), billed: await billed(page, 'total') };
  const paid = await api('PUT', `/fees/pay/installment/${secondBill}/`, { amount: 250.25, mode: 'cash' });
  expect(paid.receipt_no).toBeGreaterThan(0);
  await page.reload();
  await row(page, 'E2E Lab Fee').waitFor();
  await expect.poll(() => collected(page, 'today')).toBe(before.today + 25025);
  expect(await collected(page, 'total')).toBe(before.total + 25025);
  expect(await billed(page, 'total')).toBe(before.billed);
});

it('lists the fee items with their totals and draws them in the pie chart', async () => {
  await openClassReport(page, '7 - A');
  const labRow = row(page, 'E2E Lab Fee');
  expect(await labRow.locator('td').allTextContents()).toEqual(['1', 'E2E Lab Fee', '₹1,250.50', '3', '2', '₹3,751.50']);
  expect((await row(page, 'E2E Sports Fee').locator('td').allTextContents()).slice(1)).toEqual(['E2E Sports Fee', '₹800.00', '1', '1', '₹800.00']);
  expect((await row(page, 'Transportation').locator('td').allTextContents()).slice(1)).toEqual(['Transportation', '', '1', '1', '₹300.00']);
  expect(await page.getByText('3 fee items').count()).toBe(1);

  const pie = page.getByTestId('fee-items-pie');
  const svg = pie.getByRole('img', { name: 'Fee items by total amount' });
  await svg.waitFor();
  expect(await svg.locator('path').evaluateAll((ps) => ps.map((p) => p.getAttribute('data-slice')))).toEqual(['E2E Lab Fee', 'E2E Sports Fee', 'Transportation']);
  const fills = await svg.locator('path').evaluateAll((ps) => ps.map((p) => p.getAttribute('fill')));
  expect(new Set(fills).size).toBe(3);
  expect(await pie.getByRole('list', { name: 'Legend' }).locator('li').allTextContents())
    .toEqual(['E2E Lab Fee₹3,751.50 (77.3%)', 'E2E Sports Fee₹800.00 (16.5%)', 'Transportation₹300.00 (6.2%)']);

  // The items' CSV, and the students' fees of the class as fees_records_class_{class}.csv.
  let download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Fee Items' }).click();
  expect((await download).suggestedFilename()).toBe('fee_items_report_class_7-A.csv');
  expect(await csvLines(download)).toEqual([
    'Fee Item,Amount,Quantity,Count,Total Amount', 'E2E Lab Fee,1250.5,3,2,3751.5', 'E2E Sports Fee,800,1,1,800', 'Transportation,,1,1,300',
  ]);
  download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Student Fees' }).click();
  expect((await download).suggestedFilename()).toBe('fees_records_class_7-A.csv');
  const lines = await csvLines(download);
  expect(lines[0]).toBe('Admission No,Student Name,Total Amount,Paid Amount,Discount,Pending Amount');
  expect(lines).toHaveLength(1 + (await classStudents(classIds['7 - A']!)).length);
  expect(lines.find((l) => l.includes(first.fullname))).toMatch(/,2050\.5,1000,0,1050\.5$/);
  expect(lines.find((l) => l.includes(second.fullname))).toMatch(/,2801,751\.25,0,2049\.75$/);
});

it("opens a fee item's students, each linking to their fee records", async () => {
  await openClassReport(page, '7 - A');
  await row(page, 'E2E Lab Fee').getByRole('link', { name: 'E2E Lab Fee' }).click();
  await page.waitForURL(/\/fees\/reports\/item\?/);
  await page.getByText('Fee Item: E2E Lab Fee').waitFor();
  await row(page, first.fullname).waitFor();
  expect(await page.locator('.ant-table-row').count()).toBe(2);
  expect(await row(page, second.fullname).getByRole('link', { name: second.fullname }).getAttribute('href')).toBe(`/fees/records/${second.id}`);
  expect(await page.getByTestId('item-total').textContent()).toBe('₹3,751.50');

  // Transportation has no fee item: its students are found by name.
  await page.goto(`/fees/reports/item?class_id=${classIds['7 - A']}&ac_year_id=${yearId}&item_name=Transportation`);
  await row(page, second.fullname).waitFor();
  expect(await page.locator('.ant-table-row').count()).toBe(1);
});

it('reports the installments of a date range, refunds negative, with their total', async () => {
  await api('PUT', '/fees/refund/', { payment_id: firstBill, amount_paid: 100, mode: 'cash', extras: { transaction_details: '' } });
  await openClassReport(page, '7 - A');
  await page.getByRole('link', { name: 'Installment Reports' }).click();
  await page.waitForURL('**/fees/installments/report');
  await page.getByRole('button', { name: 'Show' }).click();
  await page.getByText('Start and end dates are required!').waitFor();

  const from = indiaDay(-1);
  const to = indiaDay(1);
  await fillRange(page, from.shown, to.shown);
  await page.getByRole('button', { name: 'Show' }).click();
  const mine = page.locator('.ant-table-row', { hasText: first.fullname });
  await expect.poll(() => mine.count()).toBe(2);
  const refund = mine.filter({ hasText: 'Refund' });
  expect(await refund.getByText('-₹100.00').count()).toBe(1);
  expect(await refund.locator('td').nth(4).textContent()).toBe('7 - A');
  const theirs = page.locator('.ant-table-row', { hasText: second.fullname });
  expect((await theirs.allTextContents()).map((t) => /₹[\d,.]+/.exec(t)?.[0]).sort()).toEqual(['₹250.25', '₹501.00']);

  // The total is the net of every receipt in the range, as stored.
  const start = new Date(`${from.iso}T00:00:00+05:30`);
  const end = new Date(new Date(`${to.iso}T00:00:00+05:30`).getTime() + 86_400_000);
  const stored = await e.demoDb.selectFrom('fee_installment').select('paid_amount').where('timestamp', '>=', start).where('timestamp', '<', end).execute();
  const net = stored.reduce((s, r) => s + Math.round(Number(r.paid_amount) * 100), 0);
  expect(paise(await page.getByTestId('installments-total').textContent())).toBe(net);
  expect(net).toBe(100000 + 50100 + 25025 - 10000);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const lines = await csvLines(download);
  expect(lines[0]).toBe('Receipt No,Date,Student Name,Admission No,Class,Section,Amount,Mode,Kind');
  expect(lines).toHaveLength(1 + stored.length);
  expect(lines.find((l) => l.includes(first.fullname) && l.endsWith(',Refund'))).toMatch(/,7,A,-100,Cash,Refund$/);
});

it("opens the fee items report from the fee items list's Reports button", async () => {
  await page.goto('/fees/items/');
  await row(page, 'E2E Lab Fee').waitFor();
  const header = page.locator('.ant-card-extra');
  await header.getByRole('button', { name: 'Add New' }).waitFor();
  await header.getByRole('button', { name: 'Reports' }).click();
  await page.waitForURL('**/fees/item/reports');
  await page.getByText('Fee Items Report').first().waitFor();
  await pick(page, 'Class', '7 - A');
  await page.locator('.ant-form-item', { hasText: 'Academic Year' }).locator('.ant-select-selection-item', { hasText: '2026-27' }).waitFor();
  await fillRange(page, indiaDay(-1).shown, indiaDay(1).shown);
  await page.getByRole('button', { name: 'Show' }).click();
  await row(page, 'E2E Lab Fee').waitFor();
  expect((await row(page, 'E2E Lab Fee').locator('td').allTextContents()).slice(1)).toEqual(['E2E Lab Fee', '₹1,250.50', '3', '2', '₹3,751.50']);
  expect(await page.locator('.ant-table-row').count()).toBe(3);
  // Before today nothing of this class was billed.
  await fillRange(page, indiaDay(-30).shown, indiaDay(-2).shown);
  await page.getByRole('button', { name: 'Show' }).click();
  await page.getByText('No fees billed in these days').waitFor();
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await toast(page, 'No data to export').waitFor();
});

it('prefills a created fee from its fee item and lists the students it billed', async () => {
  await page.goto('/fees/create/new/');
  const form = page.locator('form').first();
  await form.getByLabel('Title', { exact: true }).fill('E2E Exam Fee');
  await page.locator('.ant-form-item', { hasText: 'Academic Year' }).locator('.ant-select-selection-item', { hasText: '2026-27' }).waitFor();
  await pick(page, 'Class', '7 - B');
  await pick(page, 'Fee Item', 'E2E Sports Fee');
  await expect.poll(() => form.getByLabel('Fee Amount', { exact: true }).inputValue()).toBe('800');
  await pick(page, 'Fee Item', 'E2E Lab Fee');
  await expect.poll(() => form.getByLabel('Fee Amount', { exact: true }).inputValue()).toBe('1250.5');
  // Billing a class is confirmed first, with how many students at what amount; No bills no one.
  const students = await classStudents(classIds['7 - B']!, true);
  expect(students.length).toBeGreaterThan(1);
  const confirm = page.locator('.ant-modal-confirm');
  await page.getByRole('button', { name: 'Submit' }).click();
  await confirm.getByText(`Bill ${students.length} students of 7 - B 2026-27 ₹1,250.50 each?`).waitFor();
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect.poll(() => confirm.count()).toBe(0);
  expect(await e.demoDb.selectFrom('created_fee').select('id').where('name', '=', 'E2E Exam Fee').execute()).toEqual([]);
  await page.getByRole('button', { name: 'Submit' }).click();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await toast(page, 'New Fee Created').waitFor();
  await page.waitForURL((u) => u.pathname === '/fees/create/');
  await row(page, 'E2E Exam Fee').getByRole('button', { name: 'Students' }).click();
  await page.waitForURL(/\/fees\/create\/reports\/\?/);
  await page.getByText('Fee: E2E Exam Fee').waitFor();

  await page.getByText(`${students.length} students`).waitFor();
  const one = row(page, students[0]!.fullname);
  expect((await one.locator('td').allTextContents()).slice(3, 6)).toEqual(['₹1,250.50', '₹0.00', '₹1,250.50']);
  expect(await one.getByRole('link', { name: 'Fee Records' }).getAttribute('href')).toBe(`/fees/records/${students[0]!.id}`);
});

it('reports the fees of several classes', async () => {
  await openClassReport(page, '7 - A');
  await page.getByRole('link', { name: 'Multi Class Reports' }).click();
  await page.waitForURL('**/reports/multi-class/fees');
  await page.getByRole('button', { name: 'Show' }).click();
  await page.getByText('Atlease one class must be selected!').waitFor();
  await pick(page, 'Classes', '7 - A');
  await pick(page, 'Classes', '7 - B');
  await page.getByRole('button', { name: 'Show' }).click();
  const count = (await classStudents(classIds['7 - A']!)).length + (await classStudents(classIds['7 - B']!)).length;
  await page.getByText(`${count} students`).waitFor();
  // Paid 1,000 then refunded 100.
  expect((await row(page, first.fullname).locator('td').allTextContents()).slice(3)).toEqual(['7', 'A', '₹2,050.50', '₹900.00', '₹1,150.50']);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const lines = await csvLines(download);
  expect(lines[0]).toBe('Student Name,Admission No,Class,Section,Total Amount,Paid Amount,Pending Amount');
  expect(lines).toHaveLength(count + 1);
});

it("exports the year's fees as a file the server made, one row per bill", async () => {
  await page.goto('/admin-actions/export');
  await page.getByRole('button', { name: 'Export Students' }).waitFor();
  await page.locator('.ant-select-selection-item', { hasText: '2026-27' }).waitFor();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Fees' }).click();
  expect((await download).suggestedFilename()).toBe('fees-all-2026-27.csv');
  const lines = await csvLines(download);
  expect(lines[0]).toBe('Bill ID,Date,Admission No,Student Name,Class,Section,Academic Year,Fee Name,Items,Total Amount,Discount,Paid Amount,Pending Amount,Receipt Nos');
  const bills = await e.demoDb.selectFrom('fee_payment').select('id').where('ac_year_id', '=', yearId).execute();
  expect(lines).toHaveLength(1 + bills.length);
  expect(lines.find((l) => l.startsWith(`${firstBill},`))).toContain(first.fullname);
});
