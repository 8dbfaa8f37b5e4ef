/**
 * Attendance in the browser: an admin takes 6 A's attendance for the latest school day with two
 * absentees, the families' texts show in the SMS log, the list shows the day, and the demo
 * parent reads Aarav's attendance calendar on a phone. Screens are kept in /tmp/shots-attendance/.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO, PHONE, pick, signIn, startE2E, toast, type E2E } from './support.js';
import { schoolToday } from '../../src/server/framework/periods.js';
import { dayOff } from '../../src/shared/calendar.js';
import { schoolConfig } from '../../src/server/framework/school-config.js';
import { loadConfig } from '../../src/server/config.js';

const SHOTS = '/tmp/shots-attendance';
let e: E2E;
let year: { id: number; name: string };
let class6a: number;
let day: string;
let students: Array<{ student_id: number; fullname: string }>;

/** The latest day, today or before, on which the demo school takes attendance. */
function latestSchoolDay(): string {
  const calendar = schoolConfig(loadConfig(process.env).configDir, DEMO.code).config?.calendar;
  let d = new Date(`${schoolToday()}T00:00:00Z`);
  while (dayOff(calendar, d.toISOString().slice(0, 10))) d = new Date(d.getTime() - 86_400_000);
  return d.toISOString().slice(0, 10);
}

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  e = await startE2E();
  year = await e.demoDb.selectFrom('ac_year').select(['id', 'name']).where('status', '=', 1).executeTakeFirstOrThrow();
  class6a = (await e.demoDb.selectFrom('class').select('id').where('class', '=', '6').where('section', '=', 'A').executeTakeFirstOrThrow()).id;
  students = await e.demoDb.selectFrom('student_year as sy').innerJoin('student as s', 's.id', 'sy.student_id')
    .select(['s.id as student_id', 's.fullname']).where('sy.class_id', '=', class6a).where('sy.ac_year_id', '=', year.id).where('sy.status', '<>', 4)
    .orderBy('sy.roll_no').orderBy('s.fullname').orderBy('s.id').execute();
  day = latestSchoolDay();
});
afterAll(() => e?.close());

const shown = (date: string) => date.split('-').reverse().join('-');

it('an admin takes a class\'s attendance with two absentees, and their families\' texts show in the SMS log', async () => {
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.admin);
  await page.goto(`/attendance/update?date=${day}`);
  await page.getByRole('button', { name: 'Go' }).click();
  await page.getByText('Please Select class, section and date').waitFor();
  await pick(page, 'Class', '6 - A');
  await page.locator('.ant-form-item', { hasText: 'Academic Year' }).locator('.ant-select-selection-item', { hasText: year.name }).waitFor();
  await page.getByRole('button', { name: 'Go' }).click();

  // Everyone starts present; two are switched to absent.
  const toggle = (i: number) => page.getByRole('switch', { name: `${students[i]!.fullname} present` });
  await toggle(0).waitFor();
  expect(await page.getByRole('switch', { checked: true }).count()).toBe(students.length);
  await toggle(1).click();
  await toggle(4).click();
  await page.getByText(`Present ${students.length - 2} · Absent 2`).waitFor();
  await page.screenshot({ path: `${SHOTS}/take-desktop.png`, fullPage: true });
  await page.getByRole('button', { name: 'Save Attendance' }).click();
  await toast(page, 'Attendance Taken').waitFor();
  const stored = await e.demoDb.selectFrom('attendance').select(['student_id', 'present']).where('date', '=', day).where('class_id', '=', class6a).execute();
  expect(stored).toHaveLength(students.length);
  expect(stored.filter((r) => r.present === 0).map((r) => r.student_id).sort()).toEqual([students[1]!.student_id, students[4]!.student_id].sort());

  await page.goto('/reports/sms/');
  for (const i of [1, 4]) await page.getByText(`Dear Parent, ${students[i]!.fullname} is absent today (${shown(day)})`).first().waitFor();
  const texts = await e.demoDb.selectFrom('outbox_sms').select('message').where('message', 'like', `%absent today (${shown(day)})%`).execute();
  expect(texts.every((t) => t.message.includes(students[1]!.fullname) || t.message.includes(students[4]!.fullname))).toBe(true);
  await page.screenshot({ path: `${SHOTS}/sms-log-desktop.png`, fullPage: true });

  // The list shows the day as taken, with a link back to update it.
  await page.goto(`/attendance/?class_id=${class6a}&year=${year.id}&date=${day}`);
  const absentRow = page.locator('.ant-table-row', { hasText: students[1]!.fullname });
  await absentRow.getByText('Absent').waitFor();
  await page.locator('.ant-table-row', { hasText: students[0]!.fullname }).getByText('Present').waitFor();
  await page.getByText(`Present ${students.length - 2} · Absent 2`).waitFor();
  await page.getByRole('button', { name: 'Update Attendance' }).waitFor();
  await page.screenshot({ path: `${SHOTS}/list-desktop.png`, fullPage: true });
  await page.context().close();
});

it('the list asks for a class first, and a teacher is shown the weekly off instead of a sheet', async () => {
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.teacher);
  await page.goto('/attendance/');
  await page.getByRole('button', { name: 'Go' }).click();
  await page.getByText('Please Select class, section, academic year and date').waitFor();
  await page.goto(`/attendance/update?class_id=${class6a}&year=${year.id}&date=2026-11-08`);
  await page.getByText('08-11-2026 is the weekly off (Sunday): no attendance is taken').waitFor();
  await page.screenshot({ path: `${SHOTS}/weekly-off-desktop.png`, fullPage: true });
  expect(await page.getByRole('button', { name: 'Save Attendance' }).count()).toBe(0);
  await page.context().close();
});

it('the demo parent sees Aarav\'s attendance calendar on a phone', async () => {
  const { context, page } = await e.newPage({ phone: true });
  await signIn(page, DEMO.code, DEMO.parentMobile);
  await page.goto('/attendance/student');
  await page.locator('.ant-select-selection-item', { hasText: 'Aarav Kumar (5 - A)' }).waitFor();
  const aarav = await e.demoDb.selectFrom('attendance as a').innerJoin('student as s', 's.id', 'a.student_id')
    .select(['a.date', 'a.present']).where('s.fullname', '=', 'Aarav Kumar').where('a.ac_year_id', '=', year.id).execute();
  const present = aarav.filter((d) => d.present === 1).length;
  await page.getByText(`/ ${aarav.length}`).waitFor();
  expect(await page.locator('.ant-statistic', { hasText: 'Present' }).textContent()).toContain(String(present));
  await page.locator('[data-testid="attendance-calendar"] [data-attendance]').first().waitFor();
  expect(await page.locator('[data-attendance="Present"], [data-attendance="Absent"]').count()).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: `${SHOTS}/calendar-phone.png`, fullPage: true });
  await context.close();
});
