/**
 * Timetable in the browser: an admin builds Monday for 6 A in the editor (day first), is told
 * a teacher already teaching 5 A or 10 A in that period has another class, and saves; the view by
 * teacher shows what was placed; the timings screen asks before a change clears the timetable;
 * the demo parent reads Aarav's week on a phone; the demo teacher sees their week at home.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, PHONE, pick, signIn, startE2E, toast, type E2E } from './support.js';

const SHOTS = '/tmp/shots-timetable';
let e: E2E;
let class6a: number;
let periods: Map<string, { id: number; label: string }>;
let busyMonday3: { id: number; fullname: string; class: string; section: string };
let free: Array<{ id: number; fullname: string }>;
let subjects6a: Array<{ id: number; name: string }>;

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
const message = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first();

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  e = await startE2E();
  class6a = (await e.demoDb.selectFrom('class').select('id').where('class', '=', '6').where('section', '=', 'A').executeTakeFirstOrThrow()).id;
  const timing = await e.demoDb.selectFrom('timetable_timing').select(['id', 'name', 'start_time', 'end_time']).execute();
  periods = new Map(timing.map((p) => [p.name, { id: p.id, label: `${p.name} (${p.start_time} – ${p.end_time})` }]));
  const monday = (name: string) => e.demoDb.selectFrom('timetable as tt').innerJoin('teacher as t', 't.id', 'tt.teacher_id').innerJoin('class as c', 'c.id', 'tt.class_id')
    .select(['t.id', 't.fullname', 'c.class', 'c.section']).where('tt.day', '=', 'monday').where('tt.period_id', '=', periods.get(name)!.id).orderBy('c.class').execute();
  busyMonday3 = (await monday('Period 3'))[0]!;
  const busy = new Set([...(await monday('Period 1')), ...(await monday('Period 2'))].map((t) => t.id));
  free = (await e.demoDb.selectFrom('teacher').select(['id', 'fullname']).orderBy('id').execute()).filter((t) => !busy.has(t.id));
  subjects6a = await e.demoDb.selectFrom('subject').select(['id', 'name']).where('class_id', '=', class6a).orderBy('id').execute();
});
afterAll(() => e?.close());

it('an admin builds Monday for 6 A, day first, and is told when a teacher has another class', async () => {
  expect(free.length).toBeGreaterThanOrEqual(2);
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.admin);
  await page.goto('/timetable/');
  // Before a class is chosen the empty space says what fills it; a class's week replaces the hint.
  await page.getByText('Choose a class to see its week').waitFor();
  // Print and edit need a class first.
  await page.getByRole('button', { name: 'Print' }).click();
  await message(page, 'Please select class or teacher').waitFor();
  await page.getByRole('button', { name: 'Edit Timetable' }).click();
  await message(page, 'Please select class and section').waitFor();
  await pick(page, 'Class', '6 - A');
  await page.getByText('Class 6 - A', { exact: true }).waitFor();
  expect(await page.getByText('Choose a class to see its week').count()).toBe(0);
  await page.getByRole('button', { name: 'Edit Timetable' }).click();
  await page.waitForURL(/\/timetable\/edit\?class_id=/);
  await page.getByText('Edit Timetable: 6 - A').waitFor();

  // A period before a day: the spec's message.
  await page.locator('.ant-form-item', { hasText: 'Period' }).locator('.ant-select').first().click();
  await message(page, 'Please select day first').waitFor();
  await page.keyboard.press('Escape');

  const place = async (period: string, subject: string, teacher: string, room: string) => {
    await pick(page, 'Period', periods.get(period)!.label);
    await pick(page, 'Subject', subject);
    await pick(page, 'Teacher', teacher);
    await page.getByLabel('Room').fill(room);
  };
  await pick(page, 'Day', 'Monday');
  await place('Period 1', subjects6a[0]!.name, free[0]!.fullname, '106');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await place('Period 2', subjects6a[1]!.name, free[1]!.fullname, '106');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const monday = page.getByRole('table', { name: 'Monday timetable' });
  await monday.getByText(free[1]!.fullname).waitFor();

  // A teacher already teaching another class in Monday's third period.
  await place('Period 3', subjects6a[2]!.name, busyMonday3.fullname, '106');
  await page.getByText(`This teacher has another class: ${busyMonday3.class} - ${busyMonday3.section}`).waitFor();
  expect(await page.getByRole('button', { name: 'Add', exact: true }).isDisabled()).toBe(true);
  await shot(page, 'editor-clash-desktop');
  await pick(page, 'Teacher', free[0]!.fullname);
  await expect.poll(() => page.getByText('This teacher has another class').count()).toBe(0);
  await page.getByRole('button', { name: 'Add', exact: true }).click();

  await page.getByRole('button', { name: 'Save Timetable' }).click();
  await toast(page, 'Timetable Updated').waitFor();
  const stored = await e.demoDb.selectFrom('timetable').select(['period_id', 'teacher_id', 'room']).where('class_id', '=', class6a).where('day', '=', 'monday').orderBy('period_id').execute();
  expect(stored).toEqual([
    { period_id: periods.get('Period 1')!.id, teacher_id: free[0]!.id, room: '106' },
    { period_id: periods.get('Period 2')!.id, teacher_id: free[1]!.id, room: '106' },
    { period_id: periods.get('Period 3')!.id, teacher_id: free[0]!.id, room: '106' },
  ]);
  await shot(page, 'editor-desktop');

  // The view by teacher shows what was placed.
  await page.goto('/timetable/');
  await page.getByText('Teacher', { exact: true }).click();
  await pick(page, 'Teacher', free[1]!.fullname);
  const grid = page.getByRole('table', { name: 'Timetable' });
  await grid.getByText('6 - A').first().waitFor();
  const row = grid.locator('tr', { hasText: 'Period 2' });
  expect(await row.locator('td').first().textContent()).toContain(subjects6a[1]!.name);
  expect(await row.locator('td').first().textContent()).toContain('Room 106');
  await shot(page, 'view-by-teacher-desktop');
  await page.context().close();
});

it('the timings screen asks before a change that clears the timetable', async () => {
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.admin);
  await page.goto('/timetable/timing/');
  const lunch = page.locator('input[aria-label^="Name of row"]').nth(6);
  await expect.poll(() => lunch.inputValue()).toBe('Lunch');
  await lunch.fill('Lunch Break');
  await page.getByRole('button', { name: 'Save Timings' }).click();
  await page.getByText('Changing the timings deletes all timetable data').waitFor();
  await shot(page, 'timings-confirm-desktop');
  await page.getByRole('button', { name: 'No', exact: true }).click();
  expect(await e.demoDb.selectFrom('timetable_timing').select('name').where('name', '=', 'Lunch').execute()).toHaveLength(1);
  expect((await e.demoDb.selectFrom('timetable').select('id').execute()).length).toBeGreaterThan(0);
  await page.context().close();
});

it("the demo parent reads Aarav's class week on a phone, a day at a time", async () => {
  const { context, page } = await e.newPage({ phone: true });
  await signIn(page, DEMO.code, DEMO.parentMobile);
  await page.goto('/timetable/student');
  await page.locator('.ant-select-selection-item', { hasText: 'Aarav Kumar (5 - A)' }).waitFor();
  await page.getByText('Class 5 - A').waitFor();
  await page.locator('.ant-segmented-item', { hasText: 'Tue' }).click();
  await page.getByText('Tuesday').first().waitFor();
  const class5a = (await e.demoDb.selectFrom('class').select('id').where('class', '=', '5').where('section', '=', 'A').executeTakeFirstOrThrow()).id;
  const first = await e.demoDb.selectFrom('timetable as tt').innerJoin('subject as s', 's.id', 'tt.subject_id').select('s.name')
    .where('tt.class_id', '=', class5a).where('tt.day', '=', 'tuesday').where('tt.period_id', '=', periods.get('Period 1')!.id).executeTakeFirstOrThrow();
  const item = page.locator('.ant-list-item', { hasText: 'Period 1' });
  expect(await item.textContent()).toContain(first.name);
  await page.locator('.ant-list-item', { hasText: 'Lunch' }).getByText('Break').waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'parent-phone');
  await context.close();
});

it("the demo teacher's home shows their week", async () => {
  const { page } = await e.newPage();
  await signIn(page, DEMO.code, DEMO.teacher);
  await page.goto('/');
  const card = page.locator('.ant-card', { hasText: 'My Timetable' });
  await card.waitFor();
  const me = await e.demoDb.selectFrom('teacher as t').innerJoin('user as u', 'u.id', 't.user_id').select('t.id').where('u.email', '=', DEMO.teacher).executeTakeFirstOrThrow();
  const mine = await e.demoDb.selectFrom('timetable as tt').innerJoin('class as c', 'c.id', 'tt.class_id').select(['c.class', 'c.section'])
    .where('tt.teacher_id', '=', me.id).where('tt.day', '=', 'monday').execute();
  expect(mine.length).toBeGreaterThan(0);
  const monday = card.locator('.ant-list-item', { hasText: 'Monday' });
  expect(await monday.locator('.ant-tag').count()).toBe(mine.length);
  expect(await monday.textContent()).toContain(`${mine[0]!.class} - ${mine[0]!.section}`);
  await shot(page, 'teacher-home-desktop');
  // The same on a phone.
  const phone = await e.newPage({ phone: true });
  await signIn(phone.page, DEMO.code, DEMO.teacher);
  await phone.page.locator('.ant-card', { hasText: 'My Timetable' }).waitFor();
  await shot(phone.page, 'teacher-home-phone');
  await phone.context.close();
  await page.context().close();
});
