/**
 * Live classes and meetings in a real Chromium with a fake camera and microphone: a teacher
 * starts a class from the camera and two students, each in their own browser context on a phone,
 * receive the video (the <video> has a size and its time advances); End stops it. A meeting of
 * three joins (each sees the other two) and leaves back to /meeting/.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminToken, demoApi, DEMO, signIn, startE2E, type E2E } from './support.js';

const FAKE_MEDIA = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];
let e: E2E;

beforeAll(async () => { e = await startE2E({ chromiumArgs: FAKE_MEDIA }); }, 120_000);
afterAll(async () => { await e?.close(); });

/** The first matching <video> is playing a real picture: it has a size and its time moves on. */
async function playing(page: Page, selector: string, index = 0) {
  await page.waitForFunction(([sel, i]) => {
    const v = document.querySelectorAll<HTMLVideoElement>(sel as string)[i as number];
    return !!v && v.videoWidth > 0 && v.currentTime > 0;
  }, [selector, index], { timeout: 30_000 });
  const first = await page.evaluate(([sel, i]) => document.querySelectorAll<HTMLVideoElement>(sel as string)[i as number]!.currentTime, [selector, index] as const);
  await page.waitForFunction(([sel, i, t]) => document.querySelectorAll<HTMLVideoElement>(sel as string)[i as number]!.currentTime > (t as number) + 0.5, [selector, index, first], { timeout: 15_000 });
  return page.evaluate(([sel, i]) => { const v = document.querySelectorAll<HTMLVideoElement>(sel as string)[i as number]!; return { width: v.videoWidth, height: v.videoHeight }; }, [selector, index] as const);
}

it('streams a class from the teacher to two students on phones, and End stops it', async () => {
  const admin = await adminToken(e);
  // 5 A: the demo teacher leads it; the demo parent's son and another family's child are on its access list.
  const cls = await e.demoDb.selectFrom('class').select(['id', 'class_teacher_id']).where('class', '=', '5').where('section', '=', 'A').executeTakeFirstOrThrow();
  const year = await e.demoDb.selectFrom('ac_year').select('id').where('status', '=', 1).executeTakeFirstOrThrow();
  const subject = await e.demoDb.selectFrom('subject').select('id').where('class_id', '=', cls.id).orderBy('id').executeTakeFirstOrThrow();
  const parentUser = await e.demoDb.selectFrom('user').select('id').where('mobile', '=', DEMO.parentMobile).executeTakeFirstOrThrow();
  const son = await e.demoDb.selectFrom('student').select('id').where('class_id', '=', cls.id).where('user_id', '=', parentUser.id).executeTakeFirstOrThrow();
  const other = await e.demoDb.selectFrom('student as s').innerJoin('user as u', 'u.id', 's.user_id').select(['s.id', 'u.username'])
    .where('s.class_id', '=', cls.id).where('s.user_id', '!=', parentUser.id).orderBy('s.id').executeTakeFirstOrThrow();
  const now = Date.now();
  const made = await demoApi<{ id: number }>(e, 'PUT', '/virtual-class/', {
    name: 'Live fractions', ac_year_id: year.id, class_id: cls.id, subject_id: subject.id, teacher_id: cls.class_teacher_id,
    start_time: new Date(now + 60_000).toISOString(), end_time: new Date(now + 3_600_000).toISOString(), class_type: 'live',
  }, admin);

  const { page: teacher } = await e.newPage();
  await signIn(teacher, DEMO.code, DEMO.teacher);
  await teacher.goto(`/virtual-classroom/${made.id}`);
  await teacher.getByText('Online Students').waitFor();
  // A source first: Start without one says so.
  await teacher.getByRole('button', { name: 'Start', exact: true }).click();
  await teacher.locator('.ant-message').getByText('Select Video Source').waitFor();

  const students: Page[] = [];
  for (const [login, child] of [[DEMO.parentMobile, son.id], [other.username!, other.id]] as const) {
    const { page } = await e.newPage({ phone: true });
    await signIn(page, DEMO.code, login);
    await page.goto(`/virtual-classroom/${made.id}?student=${child}`);
    await page.getByText('Class not yet started').waitFor();
    students.push(page);
  }
  await teacher.getByText('Present').nth(1).waitFor();

  await teacher.getByText('Camera', { exact: true }).click();
  await playing(teacher, '[data-testid="teacher-preview"]');
  await teacher.getByRole('button', { name: 'Start', exact: true }).click();
  await teacher.getByRole('button', { name: 'Continue' }).waitFor();
  for (const page of students) {
    const size = await playing(page, '[data-testid="class-video"]');
    expect(size.width).toBeGreaterThan(0);
    expect(size.height).toBeGreaterThan(0);
    // The phone shows the whole picture within its width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }

  await teacher.getByRole('button', { name: 'End Class' }).click();
  for (const page of students) await page.getByText('Class ended').first().waitFor();
  expect((await demoApi<{ status: number }>(e, 'GET', `/virtual-class/${made.id}/`, undefined, admin)).status).toBe(2);
}, 150_000);

it('joins a meeting of three, each seeing the other two, and leaves to /meeting/', async () => {
  const admin = await adminToken(e);
  const start = new Date(Date.now() + 10 * 60_000);
  start.setUTCSeconds(0, 0);
  start.setUTCMinutes(start.getUTCMinutes() - (start.getUTCMinutes() % 5));
  const meeting = await demoApi<{ id: number }>(e, 'PUT', '/meetings/', { title: 'Three of us', description: 'A quick word', start_time: start.toISOString(), invites: 1, invited_users: [] }, admin);
  await demoApi(e, 'PATCH', `/meeting/${meeting.id}/status/1/`, undefined, admin);

  const pages: Page[] = [];
  for (const [login, phone] of [[DEMO.admin, false], [DEMO.teacher, false], [DEMO.parentMobile, true]] as const) {
    const { page } = await e.newPage({ phone });
    await signIn(page, DEMO.code, login);
    await page.goto(`/meeting/room/${meeting.id}`);
    await page.getByTestId('meeting-room').waitFor();
    pages.push(page);
  }
  // Each has their own tile and two others, each playing.
  for (const page of pages) {
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="meeting-video"]').length === 3, undefined, { timeout: 30_000 });
    await playing(page, '[data-testid="meeting-video"]', 1);
    await playing(page, '[data-testid="meeting-video"]', 2);
  }
  await pages[2]!.getByRole('button', { name: 'Leave' }).click();
  await pages[2]!.waitForURL((u) => u.pathname === '/meeting/');
  await pages[0]!.waitForFunction(() => document.querySelectorAll('[data-testid="meeting-video"]').length === 2, undefined, { timeout: 15_000 });
}, 120_000);
