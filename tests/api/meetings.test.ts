/**
 * Meetings (spec 3 Meetings, §3, §4, §5, §7, §8): teachers and admins schedule ('Meeting
 * Scheduled') with the start time's rules and the invite groups; the lists 'Organised by You'
 * and the invitations; responses only while upcoming ('Invitation Accepted or Rejected'); the
 * status machine by the organiser or an admin only (start 0 → 1, end 1 → 2 'Meeting Ended',
 * cancel 0 → -1 'Meeting canceled'); the room over `meeting_room`, a mesh of six at most, for
 * invitees only.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, type TestApp, type TestSchool } from '../support/app.js';
import { connectSocket, type TestSocket } from '../support/sockets.js';

let t: TestApp;
let s: TestSchool;
let base: string;
const open: TestSocket[] = [];
const tok = (role: string) => s.tokens[role]!;
const call = (c: string, body?: unknown, token = tok('2')) => t.call(s.code, c, body, token);

/** A start time in 5-minute steps, `minutes` from now. */
const at = (minutes: number) => {
  const d = new Date(Date.now() + minutes * 60_000);
  d.setUTCSeconds(0, 0);
  d.setUTCMinutes(d.getUTCMinutes() - (d.getUTCMinutes() % 5));
  return d.toISOString();
};
const schedule = (over: Record<string, unknown> = {}, token = tok('2')) =>
  call('PUT /meetings/', { title: 'Parents meet', description: 'Term one', start_time: at(60), invites: 1, invited_users: [], meeting_type: 'conference', ...over }, token);
const meetingRoom = (sock: TestSocket, payload: Record<string, unknown>) =>
  sock.socket.timeout(5000).emitWithAck('meeting_room', payload) as Promise<{ success: boolean; data?: any; error?: string }>;
const socketFor = async (token: string) => {
  const sock = await connectSocket(base, s.code, { token });
  open.push(sock);
  return sock;
};

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const o of open) o.close();
  await t?.close();
});

describe('scheduling', () => {
  it("schedules a meeting: 'Meeting Scheduled', organised by the teacher, invitations for the group", async () => {
    const res = await schedule();
    expect([res.status, res.body.message]).toEqual([200, 'Meeting Scheduled']);
    const mine = await call('GET /meetings/user/');
    expect(mine.body.data.organised.map((m: any) => m.id)).toContain(res.body.data.id);
    // Group 1 invites parents and staff alike.
    for (const role of ['1', '3', '5', '7']) expect((await call('GET /meetings/user/', undefined, tok(role))).body.data.invitations.map((m: any) => m.id)).toContain(res.body.data.id);
    expect((await call('GET /meetings/user/', undefined, tok('1'))).body.data.organised).toEqual([]);
  });

  it("checks the spec's rules: required fields, 5-minute steps, not before yesterday, invitees for groups 4 and 5", async () => {
    expect((await schedule({ title: '' })).body.error).toBe('Title is required');
    expect((await schedule({ description: undefined })).body.error).toBe('Description is required');
    expect((await schedule({ invites: 6 })).body.error).toBe('Invite is required');
    expect((await schedule({ start_time: new Date(Date.now() + 3_600_000).toISOString().replace(/:\d\d\.\d+Z$/, ':07.000Z') })).body.error).toBe('Start time must be in steps of 5 minutes');
    expect((await schedule({ start_time: at(-3 * 24 * 60) })).body.error).toBe('Start time cannot be earlier than yesterday');
    expect((await schedule({ invites: 4, invited_users: [] })).body.error).toBe('Invited users are required');
    expect((await schedule({ invites: 5, invited_users: [s.users['3']] })).body.error).toBe('Only students can be invited in this group');
    expect((await schedule({ invites: 4, invited_users: [999999] })).body.error).toBe('An invited user was not found');
    // Only teachers and admins schedule.
    for (const role of ['1', '5', '6', '7']) expect((await schedule({}, tok(role))).status).toBe(403);
  });

  it('invites group 2 teachers and admins, group 3 admins, group 4 only the invited users', async () => {
    const g2 = (await schedule({ invites: 2 }, tok('3'))).body.data.id;
    const g3 = (await schedule({ invites: 3 })).body.data.id;
    const g4 = (await schedule({ invites: 4, invited_users: [s.users['7']] })).body.data.id;
    const sees = async (role: string) => (await call('GET /meetings/user/', undefined, tok(role))).body.data.invitations.map((m: any) => m.id);
    expect(await sees('1')).not.toEqual(expect.arrayContaining([g2]));
    expect(await sees('4')).toEqual(expect.arrayContaining([g2, g3]));
    expect(await sees('7')).toEqual(expect.arrayContaining([g4]));
    expect(await sees('7')).not.toContain(g3);
    expect((await call(`GET /meeting/${g4}/`, undefined, tok('1'))).status).toBe(404);
    const people = await call(`GET /meeting/${g4}/participants/`, undefined, tok('7'));
    expect(people.body.data.participants).toEqual([expect.objectContaining({ id: s.users['7'], role: 7, role_label: 'Others', accepted: 0 })]);
    expect((await call(`GET /meeting/${g4}/participants/`, undefined, tok('5'))).status).toBe(404);
  });
});

describe('responses and status', () => {
  it("takes a response while upcoming only: 'Invitation Accepted or Rejected'", async () => {
    const id = (await schedule()).body.data.id;
    const res = await call(`PATCH /meeting/${id}/invitation/1/`, undefined, tok('1'));
    expect([res.status, res.body.message]).toEqual([200, 'Invitation Accepted or Rejected']);
    expect((await call(`PATCH /meeting/${id}/invitation/-1/`, undefined, tok('1'))).body.data.accepted).toBe(-1);
    expect((await call(`PATCH /meeting/${id}/invitation/7/`, undefined, tok('1'))).body.error).toBe('Invalid response');
    const people = await call(`GET /meeting/${id}/participants/`);
    expect(people.body.data.participants.find((p: any) => p.id === s.users['1'])).toMatchObject({ accepted: -1, role_label: 'Parent' });
    expect((await call(`PATCH /meeting/${id}/status/1/`)).body.message).toBe('Meeting Started');
    expect((await call(`PATCH /meeting/${id}/invitation/1/`, undefined, tok('1'))).body.error).toBe('The response can be changed only while the meeting is upcoming');
  });

  it("moves only from the right state, only by the organiser or an admin: start, end ('Meeting Ended'), cancel ('Meeting canceled')", async () => {
    const id = (await schedule()).body.data.id;
    expect((await call(`PATCH /meeting/${id}/status/2/`)).body.error).toBe('Only an ongoing meeting can be ended');
    // Another teacher is not the organiser; families and other roles may not change it at all.
    const other = (await call('PUT /teachers/', { fullname: 'Second', email: 'second@m.test', mobile: '9876500031', password: 'Passw0rd!' }, tok('4'))).body.data;
    expect(other).toBeTruthy();
    const otherToken = (await call('POST /login/', { email: 'second@m.test', password: 'Passw0rd!' }, '')).body.data.token;
    expect((await call(`PATCH /meeting/${id}/status/1/`, undefined, otherToken)).body.error).toBe('Only the organiser or an admin can change this meeting');
    expect((await call(`PATCH /meeting/${id}/status/1/`, undefined, tok('1'))).status).toBe(403);
    expect((await call(`PATCH /meeting/${id}/status/3/`)).body.error).toBe('Invalid status');
    expect((await call(`PATCH /meeting/${id}/status/1/`, undefined, tok('3'))).body.message).toBe('Meeting Started');
    expect((await call(`PATCH /meeting/${id}/status/1/`)).body.error).toBe('Only an upcoming meeting can be started');
    expect((await call(`DELETE /meeting/${id}/`)).body.error).toBe('Only an upcoming meeting can be cancelled');
    expect((await call(`PATCH /meeting/${id}/status/2/`)).body.message).toBe('Meeting Ended');
    const c = (await schedule()).body.data.id;
    expect((await call(`DELETE /meeting/${c}/`, undefined, otherToken)).body.error).toBe('Only the organiser or an admin can change this meeting');
    expect((await call(`DELETE /meeting/${c}/`)).body.message).toBe('Meeting canceled');
    expect((await call(`GET /meeting/${c}/`)).body.data.status).toBe(-1);
  });
});

describe('the room over meeting_room', () => {
  it('lets invitees of a started meeting in, relays signals between them, and turns away others', async () => {
    const id = (await schedule({ invites: 4, invited_users: [s.users['1'], s.users['3']] })).body.data.id;
    const organiser = await socketFor(tok('2'));
    expect((await meetingRoom(organiser, { type: 'join', meeting: id })).error).toBe('The meeting has not started');
    await call(`PATCH /meeting/${id}/status/1/`);
    const a = await meetingRoom(organiser, { type: 'join', meeting: id });
    expect(a.data.peers).toEqual([]);
    const parent = await socketFor(tok('1'));
    const b = await meetingRoom(parent, { type: 'join', meeting: id });
    expect(b.data.peers).toEqual([{ sid: organiser.socket.id, name: expect.any(String), user_id: s.users['2'] }]);
    let joined = await organiser.next('meeting_room');
    while (joined.type !== 'join' || joined.sid !== parent.socket.id) joined = await organiser.next('meeting_room');
    // The newcomer offers to each person already in.
    expect((await meetingRoom(parent, { type: 'signal', meeting: id, sid: organiser.socket.id, data: { type: 'offer', sdp: 'v=0' } })).success).toBe(true);
    let sig = await organiser.next('meeting_room');
    while (sig.type !== 'signal') sig = await organiser.next('meeting_room');
    expect(sig).toMatchObject({ sid: parent.socket.id, data: { type: 'offer' } });
    // Not invited: refused as if there were no such meeting; no signal to someone outside the room.
    const driver = await socketFor(tok('5'));
    expect((await meetingRoom(driver, { type: 'join', meeting: id })).error).toBe('Meeting not found');
    expect((await meetingRoom(parent, { type: 'signal', meeting: id, sid: driver.socket.id, data: { x: 1 } })).error).toBe('That person is not in this meeting');
    // Leaving tells the room.
    expect((await meetingRoom(parent, { type: 'leave', meeting: id })).success).toBe(true);
    let left = await organiser.next('meeting_room');
    while (left.type !== 'leave') left = await organiser.next('meeting_room');
    expect(left.sid).toBe(parent.socket.id);
    await call(`PATCH /meeting/${id}/status/2/`);
    let ended = await organiser.next('meeting_room');
    while (ended.type !== 'ended') ended = await organiser.next('meeting_room');
    expect(ended.meeting).toBe(id);
  });

  it('holds six people at most', async () => {
    const id = (await schedule({ invites: 1 }, tok('4'))).body.data.id;
    await call(`PATCH /meeting/${id}/status/1/`, undefined, tok('4'));
    const roles = ['1', '2', '3', '4', '5', '6'];
    for (const r of roles) expect((await meetingRoom(await socketFor(tok(r)), { type: 'join', meeting: id })).success, r).toBe(true);
    expect((await meetingRoom(await socketFor(tok('7')), { type: 'join', meeting: id })).error).toBe('This meeting is full: six people at most');
  });
});
