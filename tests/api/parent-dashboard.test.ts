/**
 * The parent and student dashboard (spec 4 §2.8, §7: GET /students/dashboard/{student_id}/?view=):
 * one child's announcements (everyone's, all students', their class's), the messages about them
 * and their class's homework — today's, or the last five of each; a family reads only its own
 * children, and a kind the school has switched off is left out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolToday } from '../../src/server/framework/periods.js';
import { admitStudent } from '../support/admit.js';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { createRecord } from '../support/samples.js';

let t: TestApp;
let s: TestSchool;
let child: any, other: any, classA: any, classB: any, subject: any;

const call = (c: string, body?: unknown, token = s.tokens['4']) => t.call(s.code, c, body, token);
const ok = async (c: string, body?: unknown, token?: string) => {
  const res = await call(c, body, token);
  expect(res.body.success, `${c}: ${res.body.error}`).toBe(true);
  return res.body.data;
};
const dashboard = (studentId: number, view?: string, token = s.tokens['1']) =>
  call(`GET /students/dashboard/${studentId}/${view ? `?view=${view}` : ''}`, undefined, token);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  const year = await createRecord(t, s, 'acyears', { name: '2026-27', start_date: '2026-04-01', end_date: '2027-03-31' });
  classA = await createRecord(t, s, 'classes', { class: '5', section: 'A' });
  classB = await createRecord(t, s, 'classes', { class: '6', section: 'B' });
  subject = await createRecord(t, s, 'subjects', { class_id: classA.id, name: 'Maths' });
  child = await admitStudent(t, s, s.tokens['4'], { ac_year_id: year.id, class_id: classA.id, fullname: 'Asha' }, 'pd');
  other = await admitStudent(t, s, s.tokens['4'], { ac_year_id: year.id, class_id: classB.id, fullname: 'Bala' }, 'pd');
  await ok('POST /user/link/student/', { student_id: child.id, user_id: s.users['1'] });
  const db = schoolDb(t, s);
  // Seven older announcements for everyone, one for class 6 B, and today's for 5 A.
  for (let i = 1; i <= 7; i++) {
    await db.insertInto('announcement').values({ title: `Old notice ${i}`, content: 'Earlier', to_role: 0, files: JSON.stringify([]), sent_by: s.users['4'], timestamp: daysAgo(10 - i) }).execute();
  }
  await ok('PUT /announcements/', { title: 'For 6 B only', message: 'Not for Asha', to: 5, class_ids: [classB.id], files: [] });
  await ok('PUT /announcements/', { title: 'Picnic for 5 A', message: 'Bring lunch', to: 5, class_ids: [classA.id], files: [] });
  // Messages about Asha to her family: six old ones and one today.
  for (let i = 1; i <= 6; i++) {
    await db.insertInto('message').values({ sent_by: s.users['2'], to_id: s.users['1'], student_id: child.id, subject: `Old message ${i}`, message: 'Earlier', reply_enabled: false, timestamp: daysAgo(10 - i) }).execute();
  }
  await ok('PUT /messages/', { subject: 'Good work today', message: 'Asha did well', student_id: child.id, reply_enabled: true }, s.tokens['2']);
  // Homework for 5 A: one set today; one older (set a week ago); one for 6 B.
  const hw = await ok('PUT /homework/', { title: 'Fractions', class_id: classA.id, subject_id: subject.id, description: '<p>Exercise 4.2</p>', submission_date: schoolToday(), files: [] }, s.tokens['4']);
  await db.insertInto('homework').values({ title: 'Old sums', class_id: classA.id, subject_id: subject.id, description: 'x', submission_date: '2026-11-01', files: JSON.stringify([]), user_id: s.users['4'], timestamp: daysAgo(7) }).execute();
  await ok('PUT /homework/', { title: 'Map work', class_id: classB.id, description: '<p>Draw</p>', submission_date: schoolToday(), files: [] }, s.tokens['4']);
  expect(hw.id).toBeGreaterThan(0);
});
afterAll(() => t?.close());

describe('parent and student dashboard', () => {
  it("shows today's announcements, messages and homework for the child", async () => {
    const res = await dashboard(child.id, 'today');
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ view: 'today', date: schoolToday(), student: { id: child.id, fullname: 'Asha', class: '5', section: 'A' } });
    expect(d.announcements.map((a: any) => a.title)).toEqual(['Picnic for 5 A']);
    expect(d.messages.map((m: any) => [m.subject, m.can_reply])).toEqual([['Good work today', true]]);
    expect(d.homework.map((h: any) => [h.title, h.subject, h.submitted, h.corrected])).toEqual([['Fractions', 'Maths', 0, 0]]);
  });

  it('shows the last five of each by default, newest first, never another class\'s', async () => {
    const d = (await dashboard(child.id)).body.data;
    expect(d.view).toBe('last-5-entries');
    expect(d.announcements.map((a: any) => a.title)).toEqual(['Picnic for 5 A', 'Old notice 7', 'Old notice 6', 'Old notice 5', 'Old notice 4']);
    expect(d.messages.map((m: any) => m.subject)).toEqual(['Good work today', 'Old message 6', 'Old message 5', 'Old message 4', 'Old message 3']);
    expect(d.homework.map((h: any) => h.title)).toEqual(['Fractions', 'Old sums']);
  });

  it("keeps a family to its own children, and refuses a view that is not one", async () => {
    expect((await dashboard(other.id)).status).toBe(404);
    const bad = await dashboard(child.id, 'week');
    expect([bad.status, bad.body.error]).toEqual([400, 'View must be today or last-5-entries']);
    for (const who of ['5', '6', '7']) expect((await dashboard(child.id, 'today', s.tokens[who])).status, who).toBe(403);
    // Staff read any student's, as the family sees it.
    expect((await dashboard(other.id, 'today', s.tokens['4'])).body.data.homework.map((h: any) => h.title)).toEqual(['Map work']);
  });

  it('leaves out a kind whose module the school has switched off', async () => {
    await ok('POST /settings/modules/', { modules: [{ module_key: 'homework', enabled: false, hidden: false }] });
    const d = (await dashboard(child.id, 'today')).body.data;
    expect(d.homework).toBeNull();
    expect(d.announcements).toHaveLength(1);
  });
});
