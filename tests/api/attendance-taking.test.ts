/**
 * Taking attendance (spec 3 Attendance, spec 4 §2.8): a class's day with each student's mark
 * and days so far, saving it whole in one transaction (saving again updates), the school's
 * holidays, weekly off and days to come refused, who may take and read it, a parent's calendar
 * of their own child, and the absence alerts: one SMS per absent student and day, however
 * often or however concurrently the day is saved, none when the school's switch is off.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resumeAbsenceAlerts } from '../../src/server/modules/attendance/resume-alerts.js';
import { schoolDb, testApp, type TestApp, type TestSchool } from '../support/app.js';
import { admitStudent } from '../support/admit.js';
import { createRecord } from '../support/samples.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attendance-'));
fs.mkdirSync(path.join(dir, 'schools'));

let t: TestApp;
let s: TestSchool;
let admin: string;
let teacher: string;
let parent: string;
let year: number;
let klass: number;
let other: number;
const kids: Array<{ id: number; fullname: string; admission_no: string }> = [];
let stranger: { id: number; fullname: string };

const CALENDAR = {
  weekly_off: ['sunday'],
  holidays: [{ date: '2026-08-15', name: 'Independence Day' }, { date: '2026-10-19', to: '2026-10-23', name: 'Dasara holidays' }],
};
const SMS_ON = { sms: '1', smart_sms: '0', announcements_sms: '1', messages_sms: '1', fee_payment_sms: '1', attendance_sms: '1' };

const call = (c: string, body?: unknown, token = admin) => t.call(s.code, c, body, token);
const db = () => schoolDb(t, s);
const sms = () => db().selectFrom('outbox_sms').select(['mobile', 'message', 'template_id']).orderBy('id').execute();
const rowsOn = (date: string) => db().selectFrom('attendance').select(['student_id', 'present', 'class_id']).where('date', '=', date).orderBy('student_id').execute();
const day = (date: string, token = admin, list = false) => call(`GET /attendance/students/${klass}/${date}/${year}/${list ? '?list=true' : ''}`, undefined, token);
const take = (date: string, marks: Array<[number, 0 | 1]>, token = admin, extra: Record<string, unknown> = {}) =>
  call('PUT /attendance/students/', { attendance: marks.map(([student_id, present]) => ({ att_id: null, student_id, present })), class_id: klass, date, ac_year_id: year, ...extra }, token);
const allPresent = (): Array<[number, 0 | 1]> => kids.map((k) => [k.id, 1]);

beforeAll(async () => {
  const code = `AT${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
  fs.writeFileSync(path.join(dir, 'schools', `${code}.json`), JSON.stringify({
    calendar: CALENDAR,
    sms: { templates: { absent_today: { text: 'Dear Parent, {student} is absent today ({date}). - {school}', dlt_template_id: '1107160000000000002' } } },
  }));
  t = await testApp({ configDir: dir });
  s = await t.school({ code });
  admin = s.tokens['4'];
  teacher = s.tokens['2'];
  parent = s.tokens['1'];
  year = (await createRecord(t, s, 'acyears', { name: '2026-27', start_date: '2026-06-01', end_date: '2027-03-31' })).id;
  klass = (await createRecord(t, s, 'classes', { class: '7', section: 'B' })).id;
  other = (await createRecord(t, s, 'classes', { class: '7', section: 'C' })).id;
  for (const [i, name] of ['Aarav Shah', 'Bhavna Rao', 'Chetan Das'].entries()) {
    kids.push(await admitStudent(t, s, admin, { ac_year_id: year, class_id: klass, fullname: name, mobile: `98450000${i}1`, roll_no: i + 1 }, 'AT'));
  }
  stranger = await admitStudent(t, s, admin, { ac_year_id: year, class_id: other, fullname: 'Dev Menon', mobile: '9845000099' }, 'AT');
  // The parent's own child is Aarav; Bhavna has a second number for texts.
  await db().updateTable('student').set({ user_id: s.users['1'] }).where('id', '=', kids[0]!.id).execute();
  await db().insertInto('student_contact').values({ student_id: kids[1]!.id, contact_name: 'Bhavna\'s mother', mobile: '9845111111', student_relation: 'Mother', enable_sms: true }).execute();
  await call('POST /settings/sms/', { ...SMS_ON, attendance_sms: '0' });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a class\'s day', () => {
  it('lists every student of the class, not taken yet, with days so far', async () => {
    const r = await day('2026-11-02', teacher);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual(kids.map((k, i) => ({
      student_id: k.id, att_id: null, admission_no: k.admission_no, fullname: k.fullname, roll_no: i + 1, present: null, present_days: 0, total_days: 0,
    })));
  });

  it('takes attendance with the spec\'s message, and saving again updates the day instead of adding to it', async () => {
    const first = await take('2026-11-02', [[kids[0]!.id, 1], [kids[1]!.id, 0], [kids[2]!.id, 1]], teacher);
    expect(first.body).toMatchObject({ success: true, message: 'Attendance Taken', data: { saved: 3, present: 2, absent: 1, sms_sent: 0 } });
    const listed = (await day('2026-11-02', teacher, true)).body.data;
    expect(listed.map((r: any) => [r.fullname, r.present, r.present_days, r.total_days])).toEqual([
      ['Aarav Shah', 1, 1, 1], ['Bhavna Rao', 0, 0, 1], ['Chetan Das', 1, 1, 1],
    ]);
    // Saved again with the row ids the screen was given: Bhavna came late after all.
    const again = await call('PUT /attendance/students/', {
      attendance: listed.map((r: any) => ({ att_id: r.att_id, student_id: r.student_id, present: 1 })), class_id: klass, date: '2026-11-02', ac_year_id: year,
    }, teacher);
    expect(again.body).toMatchObject({ success: true, message: 'Attendance Taken', data: { present: 3, absent: 0 } });
    expect((await rowsOn('2026-11-02')).map((r) => r.present)).toEqual([1, 1, 1]);
    expect((await day('2026-11-02', admin, true)).body.data.map((r: any) => r.att_id)).toEqual(listed.map((r: any) => r.att_id));
  });

  it('counts days present and days taken up to the day asked for', async () => {
    expect((await take('2026-11-03', [[kids[0]!.id, 0], [kids[1]!.id, 1], [kids[2]!.id, 1]])).body.success).toBe(true);
    const on3 = (await day('2026-11-03', admin, true)).body.data;
    expect(on3.map((r: any) => [r.present, r.present_days, r.total_days])).toEqual([[0, 1, 2], [1, 2, 2], [1, 2, 2]]);
    const on2 = (await day('2026-11-02', admin, true)).body.data;
    expect(on2.map((r: any) => [r.present, r.present_days, r.total_days])).toEqual([[1, 1, 1], [1, 1, 1], [1, 1, 1]]);
  });

  it('refuses holidays, the weekly off and days still to come, naming which', async () => {
    const holiday = await take('2026-08-15', allPresent());
    expect(holiday.status).toBe(400);
    expect(holiday.body.error).toBe('15-08-2026 is a holiday (Independence Day): no attendance is taken');
    expect((await take('2026-10-21', allPresent())).body.error).toBe('21-10-2026 is a holiday (Dasara holidays): no attendance is taken');
    const sunday = await take('2026-11-01', allPresent());
    expect(sunday.status).toBe(400);
    expect(sunday.body.error).toBe('01-11-2026 is the weekly off (Sunday): no attendance is taken');
    const future = await take('2999-01-04', allPresent());
    expect(future.status).toBe(400);
    expect(future.body.error).toBe('Attendance cannot be taken for a day still to come');
    // The taking screen is refused the day in the same words; the list still reads it.
    expect((await day('2026-11-01')).body.error).toBe('01-11-2026 is the weekly off (Sunday): no attendance is taken');
    expect((await day('2026-11-01', admin, true)).body.data.map((r: any) => r.present)).toEqual([null, null, null]);
    expect(await db().selectFrom('attendance').select('id').where('date', 'in', ['2026-08-15', '2026-10-21', '2026-11-01', '2999-01-04']).execute()).toEqual([]);
  });

  it('refuses a student of another class, a student twice, another day\'s record, and bad payloads, writing nothing', async () => {
    const stray = await take('2026-11-04', [...allPresent(), [stranger.id, 1]]);
    expect(stray.status).toBe(400);
    expect(stray.body.error).toBe('Dev Menon is not in this class for the academic year');
    const twice = await take('2026-11-04', [...allPresent(), [kids[0]!.id, 0]]);
    expect(twice.body.error).toBe('Aarav Shah is listed twice');
    const yesterday = (await day('2026-11-03', admin, true)).body.data[0].att_id;
    const wrong = await call('PUT /attendance/students/', { attendance: [{ att_id: yesterday, student_id: kids[0]!.id, present: 1 }], class_id: klass, date: '2026-11-04', ac_year_id: year });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(`Attendance record ${yesterday} is not Aarav Shah's for this day`);
    expect((await call('PUT /attendance/students/', { attendance: allPresent().map(([student_id]) => ({ student_id })), class_id: klass, date: '2026-11-04', ac_year_id: year })).body.error).toBe('Attendance is required');
    expect((await call('PUT /attendance/students/', { attendance: [{ student_id: kids[0]!.id, present: 2 }], class_id: klass, date: '2026-11-04', ac_year_id: year })).body.error).toBe('Attendance is required');
    expect((await call('PUT /attendance/students/', { attendance: [{ student_id: kids[0]!.id, present: 1 }], date: '2026-11-04', ac_year_id: year })).body.error).toBe('Please Select class, section and date');
    expect((await call('PUT /attendance/students/', { attendance: [], class_id: klass, date: '2026-11-04', ac_year_id: year })).body.error).toBe('No students to take attendance for');
    expect((await call('PUT /attendance/students/', { attendance: [{ student_id: kids[0]!.id, present: 1 }], class_id: klass, date: '04-11-2026', ac_year_id: year })).body.error).toBe('Date must be YYYY-MM-DD');
    expect((await day('04-11-2026')).body.error).toBe('Date must be YYYY-MM-DD');
    expect(await rowsOn('2026-11-04')).toEqual([]);
  });

  it('saves a class of 60 in one transaction: one bad row and nothing is written', async () => {
    const big = (await createRecord(t, s, 'classes', { class: '9', section: 'A' })).id;
    const sixty: number[] = [];
    for (let i = 0; i < 60; i++) sixty.push((await admitStudent(t, s, admin, { ac_year_id: year, class_id: big, fullname: `Big Class ${String(i + 1).padStart(2, '0')}`, roll_no: i + 1 }, 'AT60')).id);
    const body = (rows: Array<{ student_id: number; present: number }>) => ({ attendance: rows, class_id: big, date: '2026-11-05', ac_year_id: year });
    const rows = sixty.map((id, i) => ({ student_id: id, present: i % 10 === 0 ? 0 : 1 }));
    // The last row is of another class: the 59 before it must not be kept.
    const refused = await call('PUT /attendance/students/', body([...rows.slice(0, 59), { student_id: stranger.id, present: 1 }]));
    expect(refused.status).toBe(400);
    expect(await db().selectFrom('attendance').select('id').where('class_id', '=', big).execute()).toEqual([]);
    const saved = await call('PUT /attendance/students/', body(rows));
    expect(saved.body).toMatchObject({ success: true, message: 'Attendance Taken', data: { saved: 60, present: 54, absent: 6 } });
    const listed = (await call(`GET /attendance/students/${big}/2026-11-05/${year}/?list=true`)).body.data;
    expect(listed).toHaveLength(60);
    expect(listed.filter((r: any) => r.present === 0).map((r: any) => r.fullname)).toEqual(['Big Class 01', 'Big Class 11', 'Big Class 21', 'Big Class 31', 'Big Class 41', 'Big Class 51']);
    expect((await call('PUT /attendance/students/', body(rows))).body.success).toBe(true);
    expect(await db().selectFrom('attendance').select('id').where('class_id', '=', big).execute()).toHaveLength(60);
  });
});

describe('who may take and read attendance', () => {
  it('lets teachers and admins take it; a parent is refused', async () => {
    const refused = await take('2026-11-06', allPresent(), parent);
    expect(refused.status).toBe(403);
    expect((await day('2026-11-06', parent, true)).status).toBe(403);
    expect(await rowsOn('2026-11-06')).toEqual([]);
    expect((await take('2026-11-06', allPresent(), s.tokens['3'])).body.success).toBe(true);
    expect((await take('2026-11-06', allPresent(), s.tokens['admin-read'])).status).toBe(403);
    expect((await take('2026-11-06', allPresent(), s.tokens['7'])).status).toBe(403);
  });

  it('shows a parent their own child\'s year as a calendar, and nobody else\'s', async () => {
    const mine = await call(`GET /attendance/students/${kids[0]!.id}/`, undefined, parent);
    expect(mine.status).toBe(200);
    const data = mine.body.data;
    expect(data.student).toMatchObject({ id: kids[0]!.id, fullname: 'Aarav Shah' });
    expect(data.ac_year).toMatchObject({ id: year, name: '2026-27', class: '7', section: 'B' });
    expect(data.days.map((d: any) => [d.date, d.present])).toEqual([['2026-11-02', 1], ['2026-11-03', 0], ['2026-11-06', 1]]);
    expect(data.totals).toEqual({ present_days: 2, absent_days: 1, total_days: 3, percentage: 66.7 });
    expect(data.weekly_off).toEqual(['sunday']);
    expect(data.holidays).toEqual([
      { date: '2026-08-15', name: 'Independence Day' },
      ...['19', '20', '21', '22', '23'].map((d) => ({ date: `2026-10-${d}`, name: 'Dasara holidays' })),
    ]);
    expect((await call(`GET /attendance/students/${kids[1]!.id}/`, undefined, parent)).status).toBe(404);
    expect((await call('GET /attendance/students/99999999/', undefined, parent)).status).toBe(404);
    expect((await call(`GET /attendance/students/${kids[1]!.id}/`, undefined, teacher)).body.data.totals.total_days).toBe(3);
  });
});

describe('absence alerts', () => {
  it('texts each absent student\'s family once, in the school\'s template, however often the day is saved', async () => {
    await call('POST /settings/sms/', SMS_ON);
    const before = (await sms()).length;
    const first = await take('2026-11-09', [[kids[0]!.id, 0], [kids[1]!.id, 1], [kids[2]!.id, 0]], teacher);
    expect(first.body.data).toMatchObject({ absent: 2, sms_sent: 2 });
    const sent = (await sms()).slice(before);
    expect([...sent].sort((a, b) => a.mobile.localeCompare(b.mobile))).toEqual([
      { mobile: '9845000001', message: `Dear Parent, Aarav Shah is absent today (09-11-2026). - School ${s.code}`, template_id: '1107160000000000002' },
      { mobile: '9845000021', message: `Dear Parent, Chetan Das is absent today (09-11-2026). - School ${s.code}`, template_id: '1107160000000000002' },
    ]);
    // Saved again as it was, then Aarav present and absent once more: still the same two texts.
    expect((await take('2026-11-09', [[kids[0]!.id, 0], [kids[1]!.id, 1], [kids[2]!.id, 0]], teacher)).body.data.sms_sent).toBe(0);
    await take('2026-11-09', [[kids[0]!.id, 1], [kids[1]!.id, 1], [kids[2]!.id, 0]], teacher);
    expect((await take('2026-11-09', [[kids[0]!.id, 0], [kids[1]!.id, 1], [kids[2]!.id, 0]], teacher)).body.data.sms_sent).toBe(0);
    expect((await sms()).slice(before)).toHaveLength(2);
    // A family with a second number for texts gets one text on each.
    expect((await take('2026-11-09', [[kids[0]!.id, 0], [kids[1]!.id, 0], [kids[2]!.id, 0]], teacher)).body.data.sms_sent).toBe(2);
    expect((await sms()).slice(before).map((m) => m.mobile).slice(2).sort()).toEqual(['9845000011', '9845111111']);
  });

  it('sends nothing while the school\'s attendance SMS (or every SMS) is off', async () => {
    const before = (await sms()).length;
    await call('POST /settings/sms/', { ...SMS_ON, attendance_sms: '0' });
    expect((await take('2026-11-10', [[kids[0]!.id, 0], [kids[1]!.id, 0], [kids[2]!.id, 1]])).body.data).toMatchObject({ absent: 2, sms_sent: 0 });
    await call('POST /settings/sms/', { ...SMS_ON, sms: '0' });
    expect((await take('2026-11-11', [[kids[0]!.id, 0], [kids[1]!.id, 0], [kids[2]!.id, 1]])).body.data).toMatchObject({ absent: 2, sms_sent: 0 });
    expect((await sms()).length).toBe(before);
  });

  it('texts each absentee once when the same day is saved twice at the same moment', async () => {
    await call('POST /settings/sms/', SMS_ON);
    const before = (await sms()).length;
    const marks: Array<[number, 0 | 1]> = [[kids[0]!.id, 0], [kids[1]!.id, 1], [kids[2]!.id, 0]];
    const both = await Promise.all([take('2026-11-12', marks, teacher), take('2026-11-12', marks, admin), take('2026-11-12', marks, s.tokens['3'])]);
    expect(both.map((r) => r.body.success)).toEqual([true, true, true]);
    expect(both.reduce((n, r) => n + r.body.data.sms_sent, 0)).toBe(2);
    expect((await sms()).slice(before).map((m) => m.mobile).sort()).toEqual(['9845000001', '9845000021']);
    expect(await rowsOn('2026-11-12')).toHaveLength(3);
  });

  it('sends, when the server starts again, the texts a stop cut off after the save, to those still absent', async () => {
    await call('POST /settings/sms/', SMS_ON);
    expect((await take('2026-11-13', [[kids[0]!.id, 0], [kids[1]!.id, 0], [kids[2]!.id, 0]], teacher)).body.data.sms_sent).toBe(4);
    // As if the server had stopped between the commit and the texts: claimed, never sent.
    const claimed = (ago: string, ids: number[]) => db().updateTable('attendance')
      .set({ alert_sent_at: null, alerted_at: sql<Date>`now() - ${sql.raw(`interval '${ago}'`)}` })
      .where('date', '=', '2026-11-13').where('student_id', 'in', ids).execute();
    await claimed('10 minutes', [kids[0]!.id, kids[1]!.id]);
    // Chetan's text may still be on its way (a save a moment ago): it is left alone.
    await claimed('10 seconds', [kids[2]!.id]);
    // Bhavna was marked present since.
    expect((await take('2026-11-13', [[kids[0]!.id, 0], [kids[1]!.id, 1], [kids[2]!.id, 0]], teacher)).body.data.sms_sent).toBe(0);
    const before = (await sms()).length;
    expect((await resumeAbsenceAlerts(t.database.db, t.config))[s.code]).toBe(1);
    expect((await sms()).slice(before)).toEqual([
      { mobile: '9845000001', message: `Dear Parent, Aarav Shah is absent today (13-11-2026). - School ${s.code}`, template_id: '1107160000000000002' },
    ]);
    expect((await resumeAbsenceAlerts(t.database.db, t.config))[s.code]).toBeUndefined();
    const resent = await db().selectFrom('audit').select(['user_id', 'data']).where('action', '=', 'absence-sms').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(resent).toMatchObject({ user_id: null, data: { date: '2026-11-13', students: [kids[0]!.id], sent: 1 } });
  });
});
