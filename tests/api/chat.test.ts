/**
 * Chat (spec 4 §2.6, §3, §4, §6, §7): the two calls and the socket events, a message stored once
 * however often it is sent, seen marks, catch-up after a reconnect, the roles that have chat and
 * those refused, privacy between conversations and schools.
 */
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { connectSocket, type TestSocket } from '../support/sockets.js';

let t: TestApp;
let s: TestSchool;
let other: TestSchool;
let base: string;
const open: TestSocket[] = [];
const connect = async (token: string, school = s.code) => {
  const socket = await connectSocket(base, school, { token });
  open.push(socket);
  return socket;
};
const newId = () => crypto.randomBytes(9).toString('base64url');
const ack = (sock: TestSocket, event: string, payload: unknown) => sock.socket.timeout(5000).emitWithAck(event, payload) as Promise<{ success: boolean; data?: any; error?: string }>;
const call = (c: string, token: string, school = s) => t.call(school.code, c, undefined, token);

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  other = await t.school();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const o of open) o.close();
  await t?.close();
});

describe('sending and receiving', () => {
  it('delivers a message to the recipient live, answers the sender, and lists the chat for both', async () => {
    const teacher = await connect(s.tokens['2']);
    const admin = await connect(s.tokens['4']);
    const id = newId();
    admin.socket.emit('post', { id, user_id: s.users['2'], message: '  Staff meeting at 3  ' });
    const sent = await admin.next('message_sent');
    expect(sent).toMatchObject({ client_id: id, from_user_id: s.users['4'], to_user_id: s.users['2'], message: 'Staff meeting at 3', status: 1, files: [] });
    const got = await teacher.next('message_received');
    expect(got).toMatchObject({ id: sent.id, message: 'Staff meeting at 3', from: { id: s.users['4'], role: 4 } });

    const list = (await call('GET /chats/', s.tokens['2'])).body.data;
    expect(list[0]).toMatchObject({ id: s.users['4'], role: 4, unread: 1, last_message: 'Staff meeting at 3' });
    expect(typeof list[0].timestamp).toBe('string');
    teacher.socket.emit('chats', {});
    expect((await teacher.next('list'))[0]).toMatchObject({ id: s.users['4'], unread: 1 });
    const mine = (await call(`GET /chat/${s.users['2']}/`, s.tokens['4'])).body;
    expect(mine.success).toBe(true);
    expect(mine.data.at(-1)).toMatchObject({ from_user_id: s.users['4'], message: 'Staff meeting at 3', status: 1 });
  });

  it('stores a message sent twice with one id once, and tells the recipient once', async () => {
    const librarian = await connect(s.tokens['7']);
    const teacher = await connect(s.tokens['2']);
    const id = newId();
    const first = await ack(teacher, 'post', { id, user_id: s.users['7'], message: 'Are the atlases in?' });
    const second = await ack(teacher, 'post', { id, user_id: s.users['7'], message: 'Are the atlases in?' });
    // Sent again through a second connection (a reconnect to another server), at the same moment.
    const again = await connect(s.tokens['2']);
    const [third, fourth] = await Promise.all([
      ack(again, 'post', { id, user_id: s.users['7'], message: 'Are the atlases in?' }),
      ack(teacher, 'post', { id, user_id: s.users['7'], message: 'Are the atlases in?' }),
    ]);
    expect(first.success).toBe(true);
    for (const a of [second, third, fourth]) expect(a.data.id).toBe(first.data.id);
    const rows = await schoolDb(t, s).selectFrom('chat_message').select('id').where('client_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    await librarian.next('message_received');
    await new Promise((r) => setTimeout(r, 300));
    expect(librarian.received.filter((r) => r.event === 'message_received' && r.data.client_id === id)).toHaveLength(1);
  });

  it('carries an uploaded file and refuses a path that is not a chat upload', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4 timetable')], { type: 'application/pdf' }), 'timetable.pdf');
    const up = await fetch(`${base}/api/${s.code}/upload/?file_path=chat-files`, { method: 'POST', body: form, headers: { authorization: `Bearer ${s.tokens['2']}` } });
    const path = (await up.json()).data.path;
    const teacher = await connect(s.tokens['2']);
    const withFile = await ack(teacher, 'post', { id: newId(), user_id: s.users['3'], message: '', files: [{ path }] });
    expect(withFile.data.files).toEqual([expect.objectContaining({ name: 'timetable.pdf', type: 'application/pdf', path })]);
    const forged = await ack(teacher, 'post', { id: newId(), user_id: s.users['3'], files: [{ path: `/api/${s.code}/files/${'x'.repeat(32)}/a.pdf` }] });
    expect(forged).toEqual({ success: false, error: 'The file was not uploaded here: upload it again' });
  });
});

describe('malformed events and refused people', () => {
  it('answers each event\'s bad payload with an error event and stays open', async () => {
    const teacher = await connect(s.tokens['2']);
    const bad: Array<[string, unknown, string | RegExp]> = [
      ['post', { user_id: s.users['3'], message: 'x' }, 'Message id is required'],
      ['post', { id: newId(), message: 'x' }, 'User is required'],
      ['post', { id: 'bad id!', user_id: s.users['3'], message: 'x' }, 'Give the message an id of 8 to 64 letters, digits, - or _'],
      ['post', { id: newId(), user_id: s.users['3'], message: '   ' }, 'Message is required'],
      ['post', { id: newId(), user_id: s.users['3'], message: 'x'.repeat(5001) }, /./],
      ['post', { id: newId(), user_id: s.users['2'], message: 'hello me' }, 'You cannot send a message to yourself'],
      ['post', { id: newId(), user_id: s.users['1'], message: 'to a parent' }, 'This person is not available for chat'],
      ['post', { id: newId(), user_id: s.users['5'], message: 'to the driver' }, 'This person is not available for chat'],
      ['post', { id: newId(), user_id: s.users['6'], message: 'to the watchman' }, 'This person is not available for chat'],
      ['post', { id: newId(), user_id: other.users['3'] + 1000, message: 'nobody' }, 'This person is not available for chat'],
      ['get', {}, 'User is required'],
      ['get', { user_id: 'two' }, /./],
      ['get', { user_id: s.users['1'] }, 'This person is not available for chat'],
      ['seen', { user_id: s.users['3'], ids: ['x'] }, /./],
      ['chats', { extra: 1 }, /./],
      ['post', 'not an object', /./],
    ];
    for (const [event, payload, message] of bad) {
      teacher.socket.emit(event, payload);
      const err = await teacher.next('error');
      expect(err.event, JSON.stringify(payload)).toBe(event);
      expect(err.message, JSON.stringify(payload)).toMatch(message);
    }
    expect(teacher.socket.connected).toBe(true);
    const stored = await schoolDb(t, s).selectFrom('chat_message').select('message').where('message', 'in', ['hello me', 'to a parent', 'to the driver', 'to the watchman', 'nobody']).execute();
    expect(stored).toEqual([]);
  });

  it('refuses parents, drivers and watchmen on every call and event, and an admin without the module', async () => {
    for (const key of ['1', '5', '6', 'admin-none']) {
      for (const c of ['GET /chats/', 'GET /chats/people/', `GET /chat/${s.users['2']}/`]) {
        const r = await call(c, s.tokens[key]!);
        expect(r.status, `${key} ${c}`).toBe(403);
        expect(r.body.success).toBe(false);
      }
      const sock = await connect(s.tokens[key]!);
      for (const event of ['post', 'chats', 'get', 'seen']) {
        const a = await ack(sock, event, { id: newId(), user_id: s.users['2'], message: 'hi' });
        expect(a.success, `${key} ${event}`).toBe(false);
      }
    }
    expect((await call('GET /chats/', 'nobody-token')).status).toBe(401);
  });

  it('lists as people to chat with only enabled staff and the librarian, never parents, drivers or watchmen', async () => {
    const people = (await call('GET /chats/people/', s.tokens['2'])).body.data as Array<{ id: number; role: number }>;
    expect(people.map((p) => p.role).sort()).toEqual([3, 3, 3, 4, 7]);
    expect(people.some((p) => p.id === s.users['2'])).toBe(false);
    await schoolDb(t, s).updateTable('user').set({ is_disabled: true }).where('id', '=', s.users['admin-none']!).execute();
    const after = (await call('GET /chats/people/', s.tokens['2'])).body.data as Array<{ id: number }>;
    expect(after.some((p) => p.id === s.users['admin-none'])).toBe(false);
    await schoolDb(t, s).updateTable('user').set({ is_disabled: false }).where('id', '=', s.users['admin-none']!).execute();
  });
});

describe('privacy', () => {
  it('shows a person only the conversations they are in: an admin cannot read two teachers\' chat', async () => {
    const db = schoolDb(t, s);
    const { id: teacher2 } = await db.insertInto('user').values({ name: 'Second Teacher', email: `t2@${s.code.toLowerCase()}.test`, role: 2, password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
    const teacher = await connect(s.tokens['2']);
    const secret = await ack(teacher, 'post', { id: newId(), user_id: teacher2, message: 'Between us teachers' });
    expect(secret.success).toBe(true);
    // The admin talks with each teacher but sees neither side of their chat.
    const admin = await connect(s.tokens['3']);
    const withTeacher = (await ack(admin, 'get', { user_id: s.users['2'] })).data.messages as Array<{ message: string }>;
    const withTeacher2 = (await ack(admin, 'get', { user_id: teacher2 })).data.messages as Array<{ message: string }>;
    expect([...withTeacher, ...withTeacher2].some((m) => m.message === 'Between us teachers')).toBe(false);
    const http = (await call(`GET /chat/${teacher2}/`, s.tokens['4'])).body.data as Array<{ message: string }>;
    expect(http.some((m) => m.message === 'Between us teachers')).toBe(false);
    const list = (await call('GET /chats/', s.tokens['3'])).body.data as Array<{ id: number }>;
    expect(list.some((c) => c.id === teacher2)).toBe(false);
    // Marking "seen" names the reader as the recipient: the admin cannot mark the teachers' line.
    await ack(admin, 'seen', { user_id: s.users['2'], ids: [secret.data.id] });
    expect((await db.selectFrom('chat_message').select('status').where('id', '=', secret.data.id).executeTakeFirstOrThrow()).status).toBe(1);
  });

  it('keeps schools apart: another school\'s person is unreachable and its token is refused', async () => {
    const elsewhere = await connect(other.tokens['2'], other.code);
    const a = await ack(elsewhere, 'post', { id: newId(), user_id: s.users['3'], message: 'Across schools' });
    // Ids are the other school's own: the same number names its own admin, and nothing reaches this school.
    expect(a.success).toBe(true);
    const here = await schoolDb(t, s).selectFrom('chat_message').select('id').where('message', '=', 'Across schools').execute();
    expect(here).toEqual([]);
    expect((await t.call(s.code, 'GET /chats/', undefined, other.tokens['2'])).status).toBe(401);
  });
});

describe('seen and catch-up', () => {
  it('marks a conversation seen (status 2) and tells the sender, per message', async () => {
    const admin = await connect(s.tokens['4']);
    const librarian = await connect(s.tokens['7']);
    const a = await ack(admin, 'post', { id: newId(), user_id: s.users['7'], message: 'First' });
    const b = await ack(admin, 'post', { id: newId(), user_id: s.users['7'], message: 'Second' });
    const afterOne = await ack(librarian, 'seen', { user_id: s.users['4'], ids: [a.data.id] });
    expect(afterOne.data.find((c: any) => c.id === s.users['4']).unread).toBe(1);
    const told = await admin.next('messages');
    expect(told).toMatchObject({ user_id: s.users['7'], messages: [{ id: a.data.id, status: 2 }] });
    expect(told.messages[0].seen_at).toBeTruthy();
    const afterAll = await ack(librarian, 'seen', { user_id: s.users['4'] });
    expect(afterAll.data.find((c: any) => c.id === s.users['4']).unread).toBe(0);
    expect((await admin.next('messages')).messages.map((m: any) => m.id)).toEqual([b.data.id]);
    const conv = (await call(`GET /chat/${s.users['7']}/`, s.tokens['4'])).body.data as Array<{ id: number; status: number }>;
    expect(conv.filter((m) => [a.data.id, b.data.id].includes(m.id)).map((m) => m.status)).toEqual([2, 2]);
  });

  it('after a reconnect answers what was sent while away, after the newest message seen', async () => {
    const teacher = await connect(s.tokens['2']);
    const admin = await connect(s.tokens['3']);
    const last = await ack(admin, 'post', { id: newId(), user_id: s.users['2'], message: 'Before the drop' });
    await teacher.next('message_received');
    teacher.close();
    for (const text of ['Away 1', 'Away 2', 'Away 3']) await ack(admin, 'post', { id: newId(), user_id: s.users['2'], message: text });
    const back = await connect(s.tokens['2']);
    back.socket.emit('get', { user_id: s.users['3'], after: last.data.id });
    const missed = await back.next('messages');
    expect(missed.messages.map((m: any) => m.message)).toEqual(['Away 1', 'Away 2', 'Away 3']);
    const viaHttp = (await call(`GET /chat/${s.users['3']}/?after=${last.data.id}`, s.tokens['2'])).body.data;
    expect(viaHttp.map((m: any) => m.message)).toEqual(['Away 1', 'Away 2', 'Away 3']);
  });

  it('searches a conversation and pages back through it', async () => {
    const admin = await connect(s.tokens['4']);
    for (let i = 0; i < 55; i++) await ack(admin, 'post', { id: newId(), user_id: s.users['3'], message: i === 2 ? 'The 100% result' : `Line ${i}` });
    const page = (await call(`GET /chat/${s.users['3']}/`, s.tokens['4'])).body.data as Array<{ id: number; message: string }>;
    expect(page).toHaveLength(50);
    expect(page.at(-1)!.message).toBe('Line 54');
    const older = (await call(`GET /chat/${s.users['3']}/?before=${page[0]!.id}`, s.tokens['4'])).body.data as Array<{ message: string }>;
    expect(older.map((m) => m.message)).toContain('The 100% result');
    const found = (await call(`GET /chat/${s.users['3']}/?q=${encodeURIComponent('100%')}`, s.tokens['4'])).body.data as Array<{ message: string }>;
    expect(found.map((m) => m.message)).toEqual(['The 100% result']);
  });
});
