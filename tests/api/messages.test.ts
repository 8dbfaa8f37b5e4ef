/**
 * Messages and SMS (spec 3): the messages a person sent and received, replies only by the
 * recipient of a replyable, unanswered message, a student's latest messages for the parent's
 * dashboard; text messages to a group in one of the school's DLT templates, each mobile once,
 * refused when SMS is off or the balance cannot cover them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolDb, testApp, type TestApp, type TestSchool } from '../support/app.js';
import { admitStudent } from '../support/admit.js';
import { createRecord } from '../support/samples.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'messages-'));
fs.mkdirSync(path.join(dir, 'schools'));
const NOTICE = '1107000000000000777';
const CREDITS = 40;

let t: TestApp;
let s: TestSchool;
let classA: number;
let classB: number;
const kids: Record<string, { id: number }> = {};

const call = (c: string, body?: unknown, token = s.tokens['4']) => t.call(s.code, c, body, token);
const db = () => schoolDb(t, s);
const outbox = async () => db().selectFrom('outbox_sms').select(['mobile', 'message', 'template_id']).orderBy('id').execute();

beforeAll(async () => {
  const code = `MS${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
  fs.writeFileSync(path.join(dir, 'schools', `${code}.json`), JSON.stringify({
    sms: { credits: CREDITS, templates: { school_notice: { text: 'Dear Parent, {message} - Sunrise School', dlt_template_id: NOTICE } } },
  }));
  t = await testApp({ configDir: dir });
  s = await t.school({ code });
  const year = (await createRecord(t, s, 'acyears', { name: '2026-27' })).id;
  expect((await call(`PATCH /acyear/${year}/`, { action: 'start' })).body.success).toBe(true);
  classA = (await createRecord(t, s, 'classes', { class: '4', section: 'A' })).id;
  classB = (await createRecord(t, s, 'classes', { class: '4', section: 'B' })).id;
  const admit = (klass: number, mobile: string) =>
    admitStudent(t, s, s.tokens['4'], { ac_year_id: year, class_id: klass, mobile, ...(mobile === '9800000001' ? { user_id: s.users['1'] } : {}) }, 'MSG');
  // Two brothers of the fixture family (mobile 9800000001, parent login '1') in both classes.
  kids.a1 = await admit(classA, '9800000001');
  kids.a2 = await admit(classA, '9811111111');
  kids.b1 = await admit(classB, '9822222222');
  kids.b2 = await admit(classB, '9800000001');
  await createRecord(t, s, 'teachers', { mobile: '9845000001' });
  await createRecord(t, s, 'teachers', { mobile: '9845000002' });
  await db().updateTable('user').set({ mobile: '9833333333' }).where('id', '=', s.users['6']).execute();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('messages and replies', () => {
  let replyable: number;
  let noReply: number;
  let toLibrarian: number;

  beforeAll(async () => {
    const send = async (body: Record<string, unknown>, token: string) => {
      const res = await call('PUT /messages/', body, token);
      expect(res.body.error).toBeNull();
      return res.body.data.id as number;
    };
    noReply = await send({ subject: 'Fees', message: 'Term fees are due on Monday', student_id: kids.a1!.id }, s.tokens['3']);
    replyable = await send({ subject: 'PTM', message: 'Can you come on Saturday?', reply_enabled: true, student_id: kids.a1!.id }, s.tokens['2']);
    toLibrarian = await send({ subject: 'Books', message: 'Please return the atlas', reply_enabled: true, to_id: s.users['7'] }, s.tokens['2']);
  });

  it('lists the messages a parent received, newest first, with who sent them and about whom', async () => {
    const res = await call('GET /messages/', undefined, s.tokens['1']);
    expect(res.body.error).toBeNull();
    expect(res.body.data.map((m: any) => m.id)).toEqual([replyable, noReply]);
    expect(res.body.data[0]).toMatchObject({
      subject: 'PTM', message: 'Can you come on Saturday?', from: 'teacher', to: 'parent', sent_by: s.users['2'], received_by: s.users['1'],
      student_id: kids.a1!.id, student_name: expect.stringMatching(/^Student \d+$/), reply: null, reply_enabled: 1, can_reply: true,
    });
    expect(res.body.data[1]).toMatchObject({ reply_enabled: 0, can_reply: false });
    // The sender sees what they sent, and cannot reply to it.
    const sent = await call('GET /messages/', undefined, s.tokens['2']);
    expect(sent.body.data.map((m: any) => m.id)).toEqual([toLibrarian, replyable]);
    expect(sent.body.data.every((m: any) => m.can_reply === false)).toBe(true);
    expect((await call('GET /messages/', undefined, s.tokens['6'])).status).toBe(403);
  });

  it('takes one reply from the recipient of a replyable message, then shows it', async () => {
    const empty = await call(`POST /message/${replyable}/`, { reply: '  ' }, s.tokens['1']);
    expect([empty.status, empty.body.error]).toEqual([400, 'Reply is required']);
    const bySender = await call(`POST /message/${replyable}/`, { reply: 'Yes' }, s.tokens['2']);
    expect([bySender.status, bySender.body.error]).toEqual([403, 'Only the person a message was sent to can reply to it']);
    const stranger = await call(`POST /message/${replyable}/`, { reply: 'Yes' }, s.tokens['7']);
    expect([stranger.status, stranger.body.error]).toEqual([404, 'Message not found']);
    const res = await call(`POST /message/${replyable}/`, { reply: 'Yes, at 10 am' }, s.tokens['1']);
    expect(res.body).toMatchObject({ success: true, message: 'Reply Sent', data: { id: replyable, reply: 'Yes, at 10 am', can_reply: false } });
    const again = await call(`POST /message/${replyable}/`, { reply: 'Or 11' }, s.tokens['1']);
    expect([again.status, again.body.error]).toEqual([409, 'This message has already been replied to']);
    const seen = (await call('GET /messages/', undefined, s.tokens['2'])).body.data.find((m: any) => m.id === replyable);
    expect(seen).toMatchObject({ reply: 'Yes, at 10 am' });
    const disabled = await call(`POST /message/${noReply}/`, { reply: 'Ok' }, s.tokens['1']);
    expect([disabled.status, disabled.body.error]).toEqual([403, 'Replies are not enabled for this message']);
    expect((await call('POST /message/999999/', { reply: 'Ok' }, s.tokens['1'])).status).toBe(404);
    // Staff reply to what they were sent, too.
    expect((await call(`POST /message/${toLibrarian}/`, { reply: 'Returned today' }, s.tokens['7'])).body.message).toBe('Reply Sent');
  });

  it('gives a student\'s latest messages to their family and to staff, not to another family', async () => {
    const mine = await call(`GET /messages/student/${kids.a1!.id}/`, undefined, s.tokens['1']);
    expect(mine.body.data.map((m: any) => m.id)).toEqual([replyable, noReply]);
    expect((await call(`GET /messages/student/${kids.a2!.id}/`, undefined, s.tokens['1'])).status).toBe(404);
    expect((await call(`GET /messages/student/${kids.a1!.id}/`, undefined, s.tokens['3'])).body.data).toHaveLength(2);
    expect((await call(`GET /messages/student/${kids.a2!.id}/`, undefined, s.tokens['2'])).body.data).toEqual([]);
  });

  it('refuses a librarian sending one: no screen of theirs sends messages (least privilege)', async () => {
    const before = (await call('GET /messages/', undefined, s.tokens['2'])).body.data.length;
    for (const body of [{ subject: 'Books', message: 'Please return the atlas', to_id: s.users['2'] }, { subject: 'Books', message: 'Overdue', student_id: kids.a1!.id }]) {
      const res = await call('PUT /messages/', body, s.tokens['7']);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, data: null });
    }
    expect((await call('GET /messages/', undefined, s.tokens['2'])).body.data).toHaveLength(before);
    // What was sent to them they still read and answer (above).
    expect((await call('GET /messages/', undefined, s.tokens['7'])).body.data.map((m: any) => m.id)).toContain(toLibrarian);
  });

  it('keeps a message\'s text as text, and is refused when the school switches messages off', async () => {
    const text = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    await call('PUT /messages/', { subject: '<b>Hi</b>', message: text, student_id: kids.a1!.id }, s.tokens['2']);
    expect((await call('GET /messages/', undefined, s.tokens['1'])).body.data[0]).toMatchObject({ subject: '<b>Hi</b>', message: text });
    await call('POST /settings/modules/', { modules: [{ module_key: 'messages', enabled: false, hidden: false }] });
    const off = await call('GET /messages/', undefined, s.tokens['1']);
    expect([off.status, off.body.error]).toEqual([403, 'This module is not enabled for your school']);
    expect((await call(`POST /message/${toLibrarian}/`, { reply: 'x' }, s.tokens['7'])).status).toBe(403);
    await call('POST /settings/modules/', { modules: [{ module_key: 'messages', enabled: true, hidden: false }] });
    expect((await call('GET /messages/', undefined, s.tokens['1'])).status).toBe(200);
  });
});

describe('sending SMS', () => {
  const SEND = { title: 'Holiday', template_id: NOTICE, message: 'Dear Parent, school is closed on Friday - Sunrise School' };

  it('offers the school\'s DLT templates to admins', async () => {
    const res = await call('GET /sms/templates/', undefined, s.tokens['3']);
    expect(res.body.data).toEqual([{ name: 'school_notice', dlt_template: 'Dear Parent, {message} - Sunrise School', dlt_template_id: NOTICE }]);
    for (const who of ['1', '2', '5', '6', '7', 'admin-none']) expect((await call('GET /sms/templates/', undefined, s.tokens[who])).status, who).toBe(403);
  });

  it('texts a class\'s families, each mobile once, in the template, into the SMS log', async () => {
    await db().deleteFrom('outbox_sms').execute();
    const res = await call('PUT /sms/send/', { ...SEND, to: 'class', class_ids: [classA, classB] }, s.tokens['3']);
    expect(res.body).toMatchObject({ success: true, message: 'SMS Sent', data: { sent: 3, balance: CREDITS - 3 } });
    const log = await outbox();
    expect(log.map((r) => r.mobile).sort()).toEqual(['9800000001', '9811111111', '9822222222']);
    expect(log.every((r) => r.message === SEND.message && r.template_id === NOTICE)).toBe(true);
    await call('PUT /sms/send/', { ...SEND, to: 'class', class_ids: [classB] });
    expect((await outbox()).slice(3).map((r) => r.mobile).sort()).toEqual(['9800000001', '9822222222']);
    const reported = await call('GET /reports/sms/', undefined, s.tokens['3']);
    expect(JSON.stringify(reported.body.data)).toContain('9811111111');
  });

  it('texts every family, the teachers, or all staff', async () => {
    await db().deleteFrom('outbox_sms').execute();
    expect((await call('PUT /sms/send/', { ...SEND, to: 'parents' })).body.data.sent).toBe(3);
    expect((await call('PUT /sms/send/', { ...SEND, to: 'teachers' })).body.data.sent).toBe(2);
    expect((await call('PUT /sms/send/', { ...SEND, to: 'staff' })).body.data.sent).toBe(3);
    expect((await outbox()).slice(5).map((r) => r.mobile).sort()).toEqual(['9833333333', '9845000001', '9845000002']);
  });

  it('refuses a missing class, title, template or message with the spec\'s messages, sending nothing', async () => {
    await db().deleteFrom('outbox_sms').execute();
    for (const [body, status, error] of [
      [{ ...SEND, to: 'class' }, 400, 'Class is required'],
      [{ ...SEND, to: 'class', class_ids: [] }, 400, 'Class is required'],
      [{ ...SEND, to: 'class', class_ids: [999999] }, 400, 'Class not found'],
      [{ ...SEND, to: 'parents', template_id: undefined }, 400, 'Template ID is required!'],
      [{ ...SEND, to: 'parents', template_id: '' }, 400, 'Template ID is required!'],
      [{ ...SEND, to: 'parents', template_id: '1107000000000000001' }, 400, 'Template ID 1107000000000000001 is not one of the school\'s SMS templates'],
      [{ ...SEND, to: 'parents', title: '' }, 400, 'Title is required'],
      [{ ...SEND, to: 'parents', message: ' ' }, 400, 'Message is required'],
      [{ ...SEND }, 400, 'To is required'],
      [{ ...SEND, to: 'everyone' }, 400, 'To must be parents, class, teachers or staff'],
    ] as const) {
      const res = await call('PUT /sms/send/', JSON.parse(JSON.stringify(body)));
      expect([res.status, res.body.error]).toEqual([status, error]);
    }
    for (const who of ['1', '2', '5', '6', '7', 'admin-read', 'admin-none']) {
      expect((await call('PUT /sms/send/', { ...SEND, to: 'parents' }, s.tokens[who])).status, who).toBe(403);
    }
    expect(await outbox()).toEqual([]);
  });

  it('sends nothing while SMS is switched off, and nothing the balance cannot cover', async () => {
    await db().deleteFrom('outbox_sms').execute();
    const ON = { sms: '1', smart_sms: '0', announcements_sms: '1', messages_sms: '1', fee_payment_sms: '1', attendance_sms: '1' };
    await call('POST /settings/sms/', { ...ON, sms: '0' });
    const off = await call('PUT /sms/send/', { ...SEND, to: 'parents' });
    expect([off.status, off.body.error]).toEqual([409, 'SMS is switched off in the SMS settings']);
    await call('POST /settings/sms/', ON);
    // The log holds CREDITS - 2 texts: the balance is 2, under the 3 families.
    await db().insertInto('outbox_sms').values(Array.from({ length: CREDITS - 2 }, () => ({ mobile: '9876543210', message: 'x', provider: 'outbox', status: 'recorded' }))).execute();
    expect((await call('GET /settings/sms/')).body.data).toMatchObject({ sms_sent: CREDITS - 2, sms_balance: 2 });
    const low = await call('PUT /sms/send/', { ...SEND, to: 'parents' });
    expect([low.status, low.body.error]).toEqual([409, 'Not enough SMS balance: 3 texts to send, 2 left']);
    expect((await call('PUT /sms/send/', { ...SEND, to: 'teachers' })).body.data).toEqual({ sent: 2, balance: 0 });
    expect((await outbox()).length).toBe(CREDITS);
  });
});
