/**
 * The admissions office in the browser: an application made through the public form (written
 * here straight to its table) is seen in the applications table, opened, selected, and admitted
 * through the add-student wizard prefilled from it; a lead is added, found on the list, and its
 * contact log gains an entry from the Add dialog.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, expectAccessible, pick, signIn, startE2E, toast, type E2E } from './support.js';

let e: E2E;
let applicationId: number;
const STUDENT = 'Nila Prakash';
const MOBILE = '9812345670';

beforeAll(async () => {
  e = await startE2E();
  const row = await e.demoDb.insertInto('adm_application').values({
    student_name: STUDENT, application_class: '10', parent_name: 'Ravi Prakash', mobile: `+91 ${MOBILE}`, email: 'ravi.prakash@example.com',
    timestamp: new Date().toISOString(), status: 0, payment_status: 1, fee_amount: 500,
    details: JSON.stringify({
      student: { dob: '2011-08-15', gender: 'f' }, guardian: { address: '4th Cross, Jayanagar, Bengaluru' },
      father: { name: 'Ravi Prakash', mobile: '9812345671', profession: 'Engineer', salary: '80000' },
      mother: { name: 'Sita Prakash', mobile: '9812345672', profession: 'Teacher', salary: '50000' },
      prev_school: { name: 'Green Valley School', city: 'Mysuru', marks: '91%', marks_card: [] },
    }),
    fee_payment: JSON.stringify({ id: 1, payment_mode: 'test', order_id: 'order_e2e', payment_id: 'pay_e2e', timestamp: new Date().toISOString(), currency: 'INR', total_amount: 50000 }),
  } as any).returning('id').executeTakeFirstOrThrow();
  applicationId = row.id;
  await e.demoDb.updateTable('adm_application').set({ application_no: `${DEMO.code}${row.id}` } as any).where('id', '=', row.id).execute();
});
afterAll(() => e?.close());

const field = (p: Page, label: string) => p.locator('form').first().getByLabel(label, { exact: true });

it('shows the application, selects it, and admits the student through the prefilled wizard', async () => {
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.admin);
  await page.goto('/admissions/applications/');
  const row = page.locator('.ant-table-row', { hasText: STUDENT });
  await row.waitFor();
  expect(await row.textContent()).toContain('Paid');
  await expectAccessible(page, 'applications table');
  await row.getByRole('link', { name: `${DEMO.code}${applicationId}` }).click();
  await page.waitForURL(`**/admissions/application/${applicationId}`);
  await page.getByText('Green Valley School, Mysuru').waitFor();

  // Paid online: the payment selector is locked; the application status is the office's to set.
  const status = page.locator('form[id="application-status"], form').filter({ hasText: 'Application Status' }).first();
  await status.getByText('Locked: the fee was paid online').waitFor();
  expect(await status.locator('.ant-select-disabled').count()).toBe(1);
  expect(await page.getByRole('button', { name: 'Admit Student' }).count()).toBe(0);
  await pick(page, 'Application Status', 'Selected (3)');
  await expectAccessible(page, 'application details');
  await page.getByRole('button', { name: 'Update Status' }).click();
  await toast(page, 'Status Updated').waitFor();
  expect((await e.demoDb.selectFrom('adm_application').select(['status', 'payment_status']).where('id', '=', applicationId).executeTakeFirstOrThrow()))
    .toEqual({ status: 3, payment_status: 1 });

  await page.getByRole('button', { name: 'Admit Student' }).click();
  await page.waitForURL(/\/students\/new\?w=.+&step=0/);
  // The wizard holds the application's answers; the office adds the class and checks the rest.
  await expect.poll(() => field(page, 'Student Name').inputValue()).toBe(STUDENT);
  expect(await field(page, 'Mobile').inputValue()).toBe(MOBILE);
  expect(await field(page, 'Date of Birth').inputValue()).toBe('15-08-2011');
  await expect.poll(() => field(page, 'Admission No').inputValue()).toMatch(/^[0-9]+$/);
  const admissionNo = await field(page, 'Admission No').inputValue();
  await pick(page, 'Class and Section', '10 - B');
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await page.waitForURL(/step=1/);
  expect(await page.getByLabel('Female').isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.waitForURL(/step=2/);
  expect(await field(page, "Father's Name").inputValue()).toBe('Ravi Prakash');
  expect(await field(page, 'Occupation').inputValue()).toBe('Engineer');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.waitForURL(/step=3/);
  expect(await field(page, "Mother's Name").inputValue()).toBe('Sita Prakash');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.waitForURL(/step=4/);
  await page.getByRole('button', { name: 'Submit' }).click();
  await toast(page, 'New Student Added').waitFor();

  const s = await e.demoDb.selectFrom('student').selectAll().where('admission_no', '=', admissionNo).executeTakeFirstOrThrow();
  expect(s).toMatchObject({ fullname: STUDENT, mobile: MOBILE, dob: '2011-08-15', gender: 'Female', status: 1 });
  const contacts = await e.demoDb.selectFrom('student_contact').select(['contact_name', 'student_relation', 'mobile']).where('student_id', '=', s.id).orderBy('student_relation').execute();
  expect(contacts).toEqual([
    { contact_name: 'Ravi Prakash', student_relation: 'Father', mobile: '9812345671' },
    { contact_name: 'Sita Prakash', student_relation: 'Mother', mobile: '9812345672' },
  ]);
});

it('adds a lead, finds it on the list and logs a call from its details', async () => {
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.admin);
  await page.goto('/admissions/leads/');
  await page.locator('.ant-table-row').first().waitFor();
  await expectAccessible(page, 'leads list');
  await page.getByRole('button', { name: 'New Lead' }).click();
  await page.waitForURL('**/admissions/lead/new/');
  await field(page, 'Parent Name').fill('Kavitha Rao');
  await field(page, 'Mobile').fill('9812300001');
  await field(page, 'Student Name').fill('Arnav Rao');
  await expectAccessible(page, 'new lead form');
  await page.getByRole('button', { name: /^(save|submit)$/i }).click();
  await toast(page, 'New Lead added').waitFor();

  await page.goto('/admissions/leads/');
  await page.getByRole('searchbox', { name: 'Search' }).fill('Kavitha');
  const row = page.locator('.ant-table-row', { hasText: 'Kavitha Rao' });
  await row.waitFor();
  await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
  await row.getByRole('link', { name: 'Kavitha Rao' }).click();
  await page.waitForURL(/\/admissions\/lead\/[0-9]+$/);
  await page.getByText('Arnav Rao').waitFor();

  await page.getByRole('button', { name: /Add$/ }).click();
  const modal = page.locator('.ant-modal:visible');
  await modal.getByText('Add Contact').waitFor();
  expect(await modal.getByLabel('Call').isChecked()).toBe(true);
  await modal.getByLabel('Summary').waitFor();
  await modal.getByRole('button', { name: 'Add' }).click();
  await modal.getByText('Summary is required!').waitFor();
  await modal.getByLabel('Summary').fill('Asked about the bus route');
  await expectAccessible(page, 'lead contact dialog');
  await modal.getByRole('button', { name: 'Add' }).click();
  await toast(page, 'New lead contact entry added!').waitFor();
  await page.locator('.ant-table-row', { hasText: 'Asked about the bus route' }).waitFor();
});

it("shows the day's admission, the latest leads and the latest applications on the dashboard", async () => {
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.admin);
  await page.goto('/');
  const card = (title: string) => page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: new RegExp(`^${title}$`) }) });
  // The applicant admitted above is today's admission; the demo's leads and the lead added above are the latest.
  await card('Admissions').getByRole('link', { name: STUDENT }).waitFor();
  await card('Latest leads').getByRole('link', { name: 'Priya Menon' }).waitFor();
  await card('Latest applications').getByRole('link', { name: STUDENT }).waitFor();
  expect(await card('Latest applications').getByText('Selected', { exact: true }).count()).toBeGreaterThan(0);
});

it('texts every lead from the Message screen, and offers the CSV import', async () => {
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.admin);
  await page.goto('/admissions/leads/');
  await page.getByRole('button', { name: /Message$/ }).click();
  await page.waitForURL('**/admissions/leads/message/');
  await page.getByText(/goes to the mobile of each of the [0-9]+ leads/).waitFor();
  await page.getByRole('button', { name: /Send$/ }).click();
  await page.getByText('Message is empty').waitFor();
  await page.locator('form').first().getByLabel('Message', { exact: true }).fill('Admissions for 2027-28 are open. Visit the school office.');
  await expectAccessible(page, 'leads message');
  await page.getByRole('button', { name: /Send$/ }).click();
  await toast(page, 'Messages Sent').waitFor();
  await page.waitForURL('**/admissions/leads/');
  const sent = await e.demoDb.selectFrom('outbox_sms').select('mobile').where('message', '=', 'Admissions for 2027-28 are open. Visit the school office.').execute();
  expect(sent.map((m) => m.mobile)).toContain('9845101010');

  await page.goto('/admissions/leads/import/');
  await page.getByRole('button', { name: /Choose CSV file$/ }).waitFor();
  await expectAccessible(page, 'leads import');
});
