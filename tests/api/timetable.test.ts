/**
 * Timetable (spec 3 Timetable, spec 4 §2.8): the school's timings with their checks, a change
 * of timings clearing the timetable, a class's week saved and read by class and by teacher,
 * the teacher and room clashes refused by the server (also for two saves at once), the
 * availability check, a teacher's own week, the roles, and a parent's child's class week.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { admitStudent } from '../support/admit.js';
import { createRecord } from '../support/samples.js';

let t: TestApp;
let s: TestSchool;
let admin: string;
let teacher: string;
let parent: string;
let year: number;
let sixA: { id: number };
let sixB: { id: number };
let sevenA: { id: number };
let me: { id: number; fullname: string };
let other: { id: number; fullname: string };
let maths6A: number;
let english6A: number;
let maths6B: number;
let science7A: number;
let ownChild: number;
let otherChild: number;

const call = (c: string, body?: unknown, token = admin) => t.call(s.code, c, body, token);
const db = () => schoolDb(t, s);

const DAY = [
  { name: 'Period 1', period_type: 1, start_time: '08:00', end_time: '08:45' },
  { name: 'Period 2', period_type: 1, start_time: '08:45', end_time: '09:30' },
  { name: 'Short Break', period_type: 0, start_time: '09:30', end_time: '09:45' },
  { name: 'Period 3', period_type: 1, start_time: '09:45', end_time: '10:30' },
];
let periods: Record<string, number> = {};

async function setTimings(rows = DAY) {
  const r = await call('PUT /timetable/timing/', { timing: rows });
  expect(r.body.error).toBeFalsy();
  periods = Object.fromEntries(r.body.data.timing.map((p: any) => [p.name, p.id]));
  return r;
}

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  admin = s.tokens['4'];
  teacher = s.tokens['2'];
  parent = s.tokens['1'];
  year = (await createRecord(t, s, 'acyears', { name: '2026-27' })).id;
  me = await createRecord(t, s, 'teachers', { fullname: 'Meera Iyer' });
  await db().updateTable('teacher').set({ user_id: s.users['2'] }).where('id', '=', me.id).execute();
  other = await createRecord(t, s, 'teachers', { fullname: 'Vikram Rao' });
  sixA = await createRecord(t, s, 'classes', { class: '6', section: 'A' });
  sixB = await createRecord(t, s, 'classes', { class: '6', section: 'B' });
  sevenA = await createRecord(t, s, 'classes', { class: '7', section: 'A' });
  maths6A = (await createRecord(t, s, 'subjects', { class_id: sixA.id, name: 'Mathematics', subject_teacher_id: me.id })).id;
  english6A = (await createRecord(t, s, 'subjects', { class_id: sixA.id, name: 'English', subject_teacher_id: other.id })).id;
  maths6B = (await createRecord(t, s, 'subjects', { class_id: sixB.id, name: 'Mathematics', subject_teacher_id: me.id })).id;
  science7A = (await createRecord(t, s, 'subjects', { class_id: sevenA.id, name: 'Science', subject_teacher_id: other.id })).id;
  ownChild = (await admitStudent(t, s, admin, { ac_year_id: year, class_id: sixA.id, fullname: 'Asha Verma', mobile: '9876500010', roll_no: 1 }, 'TT')).id;
  otherChild = (await admitStudent(t, s, admin, { ac_year_id: year, class_id: sevenA.id, fullname: 'Bharat Singh', mobile: '9876500020', roll_no: 1 }, 'TT')).id;
  await db().updateTable('student').set({ user_id: s.users['1'] }).where('id', '=', ownChild).execute();
});
afterAll(() => t?.close());

const entry = (period: string, subject_id: number | null, teacher_id: number | null, room: string | null = null) =>
  ({ period_id: periods[period]!, subject_id, teacher_id, room });

describe('timings', () => {
  it('are saved with the spec message, sorted by time, breaks typed', async () => {
    const r = await setTimings([...DAY].reverse());
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, message: 'School Timings Updated' });
    const got = await call('GET /timetable/timing/', undefined, teacher);
    expect(got.body.data.map((p: any) => [p.name, p.period_type, p.type, p.start_time, p.end_time])).toEqual([
      ['Period 1', 1, 'period', '08:00', '08:45'], ['Period 2', 1, 'period', '08:45', '09:30'],
      ['Short Break', 0, 'break', '09:30', '09:45'], ['Period 3', 1, 'period', '09:45', '10:30'],
    ]);
  });

  it('must be HH:mm in 5-minute steps, end after start, and not overlap', async () => {
    const bad = async (rows: unknown[], message: string) => {
      const r = await call('PUT /timetable/timing/', { timing: rows });
      expect(r.status).toBe(400);
      expect(r.body.success).toBe(false);
      expect(r.body.error).toContain(message);
    };
    await bad([{ ...DAY[0], start_time: '08:03' }], 'Start time must be HH:mm in 5-minute steps');
    await bad([{ ...DAY[0], end_time: '8:45' }], 'End time must be HH:mm in 5-minute steps');
    await bad([{ ...DAY[0], start_time: '24:00' }], 'Start time must be HH:mm in 5-minute steps');
    await bad([{ ...DAY[0], end_time: '07:55' }], 'Period 1: the end time must be after the start time');
    await bad([{ ...DAY[0], end_time: '08:00' }], 'Period 1: the end time must be after the start time');
    await bad([DAY[0], { ...DAY[1], start_time: '08:40' }], 'Period 1 and Period 2 overlap');
    await bad([DAY[0], { ...DAY[1], name: 'period 1' }], 'The name period 1 is used twice');
    await bad([{ ...DAY[0], name: '' }], 'Please enter the period name');
    await bad([{ ...DAY[0], period_type: 2 }], 'Period type must be a class period (1) or a break (0)');
    // Nothing was changed by the refusals.
    expect((await call('GET /timetable/timing/')).body.data).toHaveLength(4);
  });

  it('only admins change them; a teacher is refused', async () => {
    const r = await call('PUT /timetable/timing/', { timing: DAY }, teacher);
    expect(r.status).toBe(403);
    expect((await call('PUT /timetable/timing/', { timing: DAY }, parent)).status).toBe(403);
    expect((await call('GET /timetable/timing/', undefined, parent)).status).toBe(403);
  });
});

describe('a class week', () => {
  it('is saved with "Timetable Updated" and read back by class, with names, times and rooms', async () => {
    const r = await call(`PUT /timetable/${sixA.id}/`, { timetable: {
      monday: [entry('Period 1', maths6A, me.id, '101'), entry('Period 2', english6A, other.id, '101')],
      tuesday: [entry('Period 3', maths6A, me.id, null), { period_id: periods['Period 2'], subject_id: null, teacher_id: null, room: '' }],
    } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, message: 'Timetable Updated' });
    const got = (await call(`GET /timetable/${sixA.id}/`, undefined, teacher)).body.data;
    expect(got.class).toMatchObject({ class: '6', section: 'A' });
    expect(got.timing).toHaveLength(4);
    expect(got.timetable.monday.map((e: any) => [e.period, e.start_time, e.subject, e.teacher, e.room, e.class, e.section])).toEqual([
      ['Period 1', '08:00', 'Mathematics', 'Meera Iyer', '101', '6', 'A'], ['Period 2', '08:45', 'English', 'Vikram Rao', '101', '6', 'A'],
    ]);
    expect(got.timetable.monday[0]).toMatchObject({ period_id: periods['Period 1'], subject_id: maths6A, teacher_id: me.id });
    // The empty period is not stored.
    expect(got.timetable.tuesday.map((e: any) => e.period)).toEqual(['Period 3']);
    expect(Object.keys(got.timetable)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']);
    // Written through the service: each stored entry has its audit record.
    const stored = await db().selectFrom('timetable').select('id').where('class_id', '=', sixA.id).orderBy('id').execute();
    const audited = await db().selectFrom('audit').select(['action', 'record_id']).where('resource', '=', 'timetable').orderBy('id').execute();
    expect(audited).toEqual(stored.map((e) => ({ action: 'create', record_id: String(e.id) })));
  });

  it('is read by teacher, across classes', async () => {
    await call(`PUT /timetable/${sixB.id}/`, { timetable: { monday: [entry('Period 3', maths6B, me.id, '102')] } });
    const got = (await call(`GET /timetable/teacher/${me.id}/`, undefined, teacher)).body.data;
    expect(got.teacher).toMatchObject({ id: me.id, fullname: 'Meera Iyer' });
    expect(got.timetable.monday.map((e: any) => [e.period, e.class, e.section, e.subject])).toEqual([['Period 1', '6', 'A', 'Mathematics'], ['Period 3', '6', 'B', 'Mathematics']]);
    expect(got.timetable.tuesday.map((e: any) => [e.period, e.class, e.section])).toEqual([['Period 3', '6', 'A']]);
    expect((await call('GET /timetable/teacher/999999/')).status).toBe(404);
    expect((await call('GET /timetable/999999/')).body.error).toBe('Class not found');
  });

  it('refuses breaks, unknown periods, a period twice, another class\'s subject and bad days', async () => {
    const bad = async (timetable: unknown, message: string, status = 400) => {
      const r = await call(`PUT /timetable/${sixA.id}/`, { timetable });
      expect(r.status).toBe(status);
      expect(r.body.error).toContain(message);
    };
    await bad({ monday: [entry('Short Break', maths6A, me.id)] }, 'Short Break is a break: no class can be placed in it');
    await bad({ monday: [{ period_id: 999999, subject_id: maths6A }] }, 'There is no such period in the school timings');
    await bad({ friday: [entry('Period 1', maths6A, me.id), entry('Period 1', english6A, other.id)] }, 'Period 1 is listed twice on Friday');
    await bad({ monday: [entry('Period 1', science7A, other.id)] }, 'That subject is not a subject of this class');
    await bad({ monday: [entry('Period 1', maths6A, 999999)] }, 'No such teacher');
    await bad({ sunday: [entry('Period 1', maths6A, me.id)] }, 'Timetable days are monday to saturday');
    await bad({ monday: [{ subject_id: maths6A }] }, 'Please select the period');
    // Nothing half written: 6 A still has its Monday.
    const got = (await call(`GET /timetable/${sixA.id}/`)).body.data;
    expect(got.timetable.monday).toHaveLength(2);
  });
});

describe('clashes', () => {
  it('refuses a teacher already teaching another class in that day and period, naming it (409)', async () => {
    const r = await call(`PUT /timetable/${sevenA.id}/`, { timetable: { monday: [entry('Period 1', science7A, me.id)] } });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ success: false, error: 'This teacher has another class: Meera Iyer teaches 6 - A on Monday in Period 1' });
    expect((await call(`GET /timetable/${sevenA.id}/`)).body.data.timetable.monday).toEqual([]);
  });

  it('refuses a room already used by another class in that day and period (409)', async () => {
    const r = await call(`PUT /timetable/${sevenA.id}/`, { timetable: { monday: [entry('Period 2', science7A, null, ' 101 ')] } });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('Room 101 is taken: 6 - A is there on Monday in Period 2');
  });

  it('takes a room written in other letters for the same room', async () => {
    const lab = await call(`PUT /timetable/${sixA.id}/`, { timetable: { monday: [entry('Period 1', maths6A, me.id, '101'), entry('Period 2', english6A, other.id, 'Lab 1')] } });
    expect(lab.status).toBe(200);
    const r = await call(`PUT /timetable/${sevenA.id}/`, { timetable: { monday: [entry('Period 2', science7A, null, 'LAB 1')] } });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('Room Lab 1 is taken: 6 - A is there on Monday in Period 2');
    const later = await call(`PUT /timetable/${sevenA.id}/`, { timetable: { tuesday: [entry('Period 2', science7A, null, 'lab 1')] } });
    expect(later.body.data.timetable.tuesday[0].room).toBe('Lab 1');
    expect((await call(`PUT /timetable/${sevenA.id}/`, { timetable: {} })).status).toBe(200);
  });

  it('allows the class its own slots again, and the teacher elsewhere in another period', async () => {
    const again = await call(`PUT /timetable/${sixA.id}/`, { timetable: {
      monday: [entry('Period 1', maths6A, me.id, '101'), entry('Period 2', english6A, other.id, '101')],
      tuesday: [entry('Period 3', maths6A, me.id)],
    } });
    expect(again.status).toBe(200);
    const ok = await call(`PUT /timetable/${sevenA.id}/`, { timetable: { monday: [entry('Period 2', science7A, me.id, '201')] } });
    expect(ok.body).toMatchObject({ success: true, message: 'Timetable Updated' });
  });

  it('the availability call answers a non-empty list only for a clash, leaving out the class being edited', async () => {
    const avail = (body: unknown) => call('POST /timetable/teacher/availability/', body);
    const busy = await avail({ day: 'monday', period_id: periods['Period 1'], teacher_id: me.id });
    expect(busy.body.data).toEqual([expect.objectContaining({ class: '6', section: 'A', subject: 'Mathematics', class_id: sixA.id })]);
    expect((await avail({ day: 'monday', period_id: periods['Period 1'], teacher_id: me.id, class_id: sixA.id })).body.data).toEqual([]);
    expect((await avail({ day: 'wednesday', period_id: periods['Period 1'], teacher_id: me.id })).body.data).toEqual([]);
    expect((await avail({ day: 'monday', period_id: periods['Period 1'], teacher_id: other.id })).body.data).toEqual([]);
    const noDay = await avail({ period_id: periods['Period 1'], teacher_id: me.id });
    expect(noDay.status).toBe(400);
    expect(noDay.body.error).toBe('Please select day first');
    expect((await call('POST /timetable/teacher/availability/', { day: 'monday', period_id: periods['Period 1'], teacher_id: me.id }, teacher)).status).toBe(403);
  });

  it('of two classes saved at once placing one teacher in one slot, exactly one is stored', async () => {
    // Each class keeps its Monday and adds Saturday's third period with Vikram Rao.
    const slot = (cls: number, subject: number, monday: unknown) => call(`PUT /timetable/${cls}/`, { timetable: { monday: [monday], saturday: [entry('Period 3', subject, other.id)] } });
    const [a, b] = await Promise.all([
      slot(sixB.id, maths6B, entry('Period 3', maths6B, me.id, '102')), slot(sevenA.id, science7A, entry('Period 2', science7A, me.id, '201')),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.error).toMatch(/^This teacher has another class: Vikram Rao teaches (6 - B|7 - A) on Saturday in Period 3$/);
    const stored = await db().selectFrom('timetable').select('class_id').where('day', '=', 'saturday').where('teacher_id', '=', other.id).execute();
    expect(stored).toHaveLength(1);
  });

  it('the database itself refuses a teacher twice in one slot', async () => {
    const row = await db().selectFrom('timetable').select(['day', 'period_id', 'teacher_id']).where('teacher_id', '=', me.id).where('class_id', '=', sixA.id).executeTakeFirstOrThrow();
    await expect(db().insertInto('timetable').values({ class_id: sevenA.id, day: row.day, period_id: row.period_id, teacher_id: row.teacher_id }).execute()).rejects.toThrow();
  });
});

describe('roles and families', () => {
  it('a teacher reads but cannot save a timetable', async () => {
    const r = await call(`PUT /timetable/${sixA.id}/`, { timetable: { monday: [] } }, teacher);
    expect(r.status).toBe(403);
    expect((await call(`GET /timetable/${sixA.id}/`, undefined, teacher)).status).toBe(200);
    expect((await call(`GET /timetable/${sixA.id}/`)).body.data.timetable.monday).toHaveLength(2);
  });

  it('a teacher reads their own week', async () => {
    const r = await call('GET /timetable/mine/', undefined, teacher);
    expect(r.body.data.teacher).toMatchObject({ id: me.id, fullname: 'Meera Iyer' });
    expect(r.body.data.timetable.monday.map((e: any) => `${e.period} ${e.class} - ${e.section}`)).toEqual(['Period 1 6 - A', 'Period 2 7 - A', 'Period 3 6 - B']);
    expect((await call('GET /timetable/mine/')).status).toBe(403);
  });

  it('a parent reads only their own child\'s class week', async () => {
    const mine = await call(`GET /timetable/student/${ownChild}/`, undefined, parent);
    expect(mine.status).toBe(200);
    expect(mine.body.data.student).toMatchObject({ fullname: 'Asha Verma', class: '6', section: 'A' });
    expect(mine.body.data.timetable.monday.map((e: any) => [e.period, e.subject, e.teacher])).toEqual([['Period 1', 'Mathematics', 'Meera Iyer'], ['Period 2', 'English', 'Vikram Rao']]);
    expect(mine.body.data.timing.map((p: any) => p.name)).toContain('Short Break');
    expect((await call(`GET /timetable/student/${otherChild}/`, undefined, parent)).status).toBe(404);
    expect((await call(`GET /timetable/${sevenA.id}/`, undefined, parent)).status).toBe(403);
    expect((await call(`GET /timetable/teacher/${me.id}/`, undefined, parent)).status).toBe(403);
  });
});

describe('changing timings', () => {
  it('keeps the timetable when nothing changed, and clears it when the timings change', async () => {
    const same = await call('PUT /timetable/timing/', { timing: DAY });
    expect(same.body.data.cleared).toBe(0);
    expect((await db().selectFrom('timetable').select('id').execute()).length).toBeGreaterThan(0);
    const changed = await setTimings([...DAY, { name: 'Period 4', period_type: 1, start_time: '10:30', end_time: '11:15' }]);
    expect(changed.body.message).toBe('School Timings Updated');
    expect(changed.body.data.cleared).toBeGreaterThan(0);
    expect(await db().selectFrom('timetable').select('id').execute()).toEqual([]);
    expect((await call(`GET /timetable/${sixA.id}/`)).body.data.timetable.monday).toEqual([]);
    expect(Object.keys(periods)).toContain('Period 4');
  });
});
