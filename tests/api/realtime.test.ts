/**
 * Real time on the app's own server: a socket authenticates with the API's token, joins its
 * school's, person's, role's and classes' rooms, receives the header's notifications live, asks
 * for what it missed, and is closed when its session ends. Pushes never cross schools.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admitStudent } from '../support/admit.js';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { sha256 } from '../../src/server/framework/passwords.js';
import { createRecord } from '../support/samples.js';
import { connectSocket, within, type TestSocket } from '../support/sockets.js';
import { AUTH_WINDOW_MS } from '../../src/server/realtime/server.js';

let t: TestApp;
let s: TestSchool;
let other: TestSchool;
let base: string;
let classA: any, classB: any;
const open: TestSocket[] = [];
const connect = async (token?: string, school = s.code) => {
  const socket = await connectSocket(base, school, { token });
  open.push(socket);
  return socket;
};
const ok = async (c: string, body?: unknown, token = s.tokens['4'], school = s) => {
  const res = await t.call(school.code, c, body, token);
  expect(res.body.success, `${c}: ${res.body.error}`).toBe(true);
  return res.body.data;
};
const announce = (title: string, to: number, classIds: number[] = [], token = s.tokens['4'], school = s) =>
  ok('PUT /announcements/', { title, message: `About ${title}`, to, class_ids: classIds, files: [] }, token, school);

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  other = await t.school();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const year = await createRecord(t, s, 'acyears', { name: '2026-27', start_date: '2026-04-01', end_date: '2027-03-31' });
  classA = await createRecord(t, s, 'classes', { class: '5', section: 'A' });
  classB = await createRecord(t, s, 'classes', { class: '6', section: 'B' });
  const child = await admitStudent(t, s, s.tokens['4'], { ac_year_id: year.id, class_id: classA.id, fullname: 'Asha' }, 'rt');
  await ok('POST /user/link/student/', { student_id: child.id, user_id: s.users['1'] });
});
afterAll(async () => {
  for (const o of open) o.close();
  await t?.close();
});

describe('signing in on the socket', () => {
  it('answers a valid token with the person, and a wrong one with the API\'s message before closing', async () => {
    const good = await connect();
    const answer = await good.authenticate(s.tokens['1']);
    expect(answer).toMatchObject({ success: true, data: { id: s.users['1'], role: 1 } });
    const bad = await connect();
    expect(await bad.authenticate('not-a-token')).toEqual({ success: false, error: 'Your session has expired, please log in again' });
    expect(await within(bad.closed, 2000)).toBe(true);
    // Another school's token is no key to this school.
    const wrongSchool = await connect(undefined, other.code);
    expect((await wrongSchool.authenticate(s.tokens['4'])).success).toBe(false);
  });

  it('drops a socket that does not authenticate in time', async () => {
    const idle = await connect();
    expect(await within(idle.closed, AUTH_WINDOW_MS + 2000)).toBe(true);
    expect(idle.received.find((r) => r.event === 'error')?.data).toEqual({ event: 'authenticate', message: 'Your session has expired, please log in again' });
  });

  it('refuses events before authenticating, unknown events and bad payloads with an error event, and stays open', async () => {
    const anon = await connect();
    anon.socket.emit('notifications', {});
    expect(await anon.next('error')).toEqual({ event: 'notifications', message: 'Your session has expired, please log in again' });
    const parent = await connect(s.tokens['1']);
    parent.socket.emit('launch_missiles', { now: true });
    expect(await parent.next('error')).toEqual({ event: 'launch_missiles', message: "Unknown event 'launch_missiles'" });
    parent.socket.emit('notifications', { since: 'yesterday' });
    expect(await parent.next('error')).toEqual({ event: 'notifications', message: 'Give since as a date and time (ISO 8601)' });
    parent.socket.emit('notifications', { since: new Date().toISOString(), extra: 1 });
    expect((await parent.next('error')).event).toBe('notifications');
    // An acknowledgement gets the same answer.
    const ack = await parent.socket.timeout(2000).emitWithAck('authenticate-me', {});
    expect(ack).toEqual({ success: false, error: "Unknown event 'authenticate-me'" });
    expect(parent.socket.connected).toBe(true);
  });
});

describe('notifications arrive live', () => {
  it('pushes an announcement to the people it is for, in their school only', async () => {
    const parent = await connect(s.tokens['1']);
    const teacher = await connect(s.tokens['2']);
    const elsewhere = await connect(other.tokens['1'], other.code);
    await announce('Sports day', 0);
    expect(await parent.next('notification')).toMatchObject({ title: 'Sports day', body: 'About Sports day' });
    expect(await teacher.next('notification')).toMatchObject({ title: 'Sports day' });
    // For class 5 A's families: the parent of Asha (5 A), not the teacher.
    await announce('Picnic for 5 A', 5, [classA.id]);
    expect(await parent.next('notification')).toMatchObject({ title: 'Picnic for 5 A' });
    await announce('For 6 B', 5, [classB.id]);
    await announce('Teachers meet', 2);
    expect(await teacher.next('notification')).toMatchObject({ title: 'Teachers meet' });
    expect(parent.received.filter((r) => r.event === 'notification').map((r) => r.data.title)).toEqual(['Sports day', 'Picnic for 5 A']);
    // The other school's family heard nothing of this school's announcements; its own reach it.
    await announce('Other school holiday', 0, [], other.tokens['4'], other);
    expect(await elsewhere.next('notification')).toMatchObject({ title: 'Other school holiday' });
    expect(elsewhere.received.filter((r) => r.event === 'notification')).toHaveLength(1);
  });

  it('tells of a message to its recipient and of a reply to its sender', async () => {
    const parent = await connect(s.tokens['1']);
    const teacher = await connect(s.tokens['2']);
    const sent = await ok('PUT /messages/', { to_id: s.users['1'], subject: 'Fee receipt', message: 'Please collect it', reply_enabled: true }, s.tokens['2']);
    expect(await parent.next('notification')).toMatchObject({ title: 'Message from teacher', body: 'Fee receipt: Please collect it' });
    await ok(`POST /message/${sent.id}/`, { reply: 'Will do, thanks' }, s.tokens['1']);
    expect(await teacher.next('notification')).toMatchObject({ title: 'Reply from parent', body: 'Will do, thanks' });
    expect(teacher.received.filter((r) => r.event === 'notification' && r.data.title.startsWith('Message'))).toEqual([]);
  });

  it('answers what a browser missed after its newest notification', async () => {
    const parent = await connect(s.tokens['1']);
    parent.socket.emit('notifications', {});
    const all: any[] = await parent.next('notifications');
    expect(all.length).toBeGreaterThan(0);
    const newest = all[0].timestamp;
    await announce('While you were away', 0);
    parent.socket.emit('notifications', { since: newest });
    const missed: any[] = await parent.next('notifications');
    expect(missed.map((n) => n.title)).toEqual(['While you were away']);
    // The HTTP call lists the same ones.
    expect((await ok('GET /notifications/', undefined, s.tokens['1']))[0]).toMatchObject({ title: 'While you were away' });
  });
});

describe('a session that ends closes its sockets', () => {
  it('closes the sockets of a token that logs out within 2 s, and only those', async () => {
    const token = (await ok('POST /login/', { email: `librarian@${s.code.toLowerCase()}.test`, password: 'Passw0rd!' }, undefined)).token;
    const ending = await connect(token);
    const staying = await connect(s.tokens['7']);
    await ok('POST /logout/', undefined, token);
    expect(await within(ending.closed, 2000)).toBe(true);
    expect(staying.socket.connected).toBe(true);
    // The same token cannot come back.
    const again = await connect();
    expect((await again.authenticate(token)).success).toBe(false);
  });

  it('closes the sockets of a session when it expires', async () => {
    const token = (await ok('POST /login/', { email: `admin@${s.code.toLowerCase()}.test`, password: 'Passw0rd!', remember: false }, undefined)).token;
    await schoolDb(t, s).updateTable('session').set({ expires_at: new Date(Date.now() + 1500) }).where('token_hash', '=', sha256(token)).execute();
    const expiring = await connect(token);
    expect(expiring.socket.connected).toBe(true);
    expect(await within(expiring.closed, 3500)).toBe(true);
  });

  it('closes a person\'s other devices when the password changes, not the one that changed it', async () => {
    const email = `teacher@${s.code.toLowerCase()}.test`;
    const phone = (await ok('POST /login/', { email, password: 'Passw0rd!' }, undefined)).token;
    const desk = (await ok('POST /login/', { email, password: 'Passw0rd!' }, undefined)).token;
    const onPhone = await connect(phone);
    const onDesk = await connect(desk);
    await ok('POST /user/change-password/', { old_password: 'Passw0rd!', new_password: 'N3w-Passw0rd!', confirm_password: 'N3w-Passw0rd!' }, desk);
    expect(await within(onPhone.closed, 2000)).toBe(true);
    expect(onDesk.socket.connected).toBe(true);
    await ok('POST /user/change-password/', { old_password: 'N3w-Passw0rd!', new_password: 'Passw0rd!', confirm_password: 'Passw0rd!' }, desk);
  });
});
