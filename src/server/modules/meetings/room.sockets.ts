/**
 * The `meeting_room` channel: joining and leaving a started meeting's room and the WebRTC
 * signalling between its people, a full mesh of up to six browsers. The newcomer offers to each
 * person already in; the server relays offers, answers and ICE candidates, never media. Only
 * invitees and the organiser enter.
 */
import { defineSocketHandlers, type SocketCtx } from '../../realtime/declared.js';
import { push } from '../../realtime/hub.js';
import { items } from '../../framework/items.js';
import { MEETING_STATUS as STATUS } from '../../../generated/enums/meetings.js';
import { isInvited, MAX_IN_ROOM } from './invitees.js';

interface Payload { type: 'join' | 'leave' | 'signal'; meeting: number; sid?: string; data?: Record<string, unknown> }

const room = (id: number) => `meeting:${id}`;

async function meetingOf(ctx: SocketCtx, id: number) {
  const m = await ctx.db.selectFrom('meeting').select(['id', 'status', 'organiser_id', 'invites', 'invited_users']).where('id', '=', id).executeTakeFirst();
  if (!m || !isInvited(m, ctx.user)) throw ctx.fail('missing');
  return m;
}

const inRoom = (ctx: SocketCtx, id: number) => ctx.db.selectFrom('meeting_participant as p').innerJoin('user as u', 'u.id', 'p.user_id')
  .select(['p.id', 'p.user_id', 'p.sid', 'u.name']).where('p.meeting_id', '=', id).where('p.sid', 'is not', null).where('p.left_at', 'is', null).execute();

async function leaveRoom(ctx: SocketCtx, meetingId: number, sid: string) {
  const mine = await ctx.db.selectFrom('meeting_participant').select('id').where('meeting_id', '=', meetingId).where('sid', '=', sid).where('left_at', 'is', null).executeTakeFirst();
  if (!mine) return;
  await items(ctx, 'meeting-participants').update(mine.id, { left_at: new Date().toISOString() });
  push(ctx).toRoom(room(meetingId), 'meeting_room', { type: 'leave', meeting: meetingId, sid });
}

export default defineSocketHandlers('meetings', {
  room: async (ctx, p: Payload) => {
    if (p.type === 'join') {
      const m = await meetingOf(ctx, p.meeting);
      if (m.status !== STATUS.ONGOING) throw ctx.fail('notStarted');
      const present = (await inRoom(ctx, m.id)).filter((r) => r.user_id !== ctx.user.id);
      if (present.length >= MAX_IN_ROOM) throw ctx.fail('full');
      const had = await ctx.db.selectFrom('meeting_participant').select(['id', 'sid', 'left_at']).where('meeting_id', '=', m.id).where('user_id', '=', ctx.user.id).executeTakeFirst();
      // A second tab of the same person takes the place of the first.
      if (had?.sid && !had.left_at && had.sid !== ctx.socketId) push(ctx).toRoom(room(m.id), 'meeting_room', { type: 'leave', meeting: m.id, sid: had.sid });
      const stay = { sid: ctx.socketId, joined_at: new Date().toISOString(), left_at: null };
      if (had) await items(ctx, 'meeting-participants').update(had.id, stay);
      else await items(ctx, 'meeting-participants').create({ meeting_id: m.id, user_id: ctx.user.id, accepted: 1, ...stay });
      await ctx.join(room(m.id));
      ctx.onDisconnect(room(m.id), () => leaveRoom(ctx, m.id, ctx.socketId));
      push(ctx).toRoom(room(m.id), 'meeting_room', { type: 'join', meeting: m.id, sid: ctx.socketId, name: ctx.user.name, user_id: ctx.user.id });
      return { type: 'joined', meeting: m.id, sid: ctx.socketId, peers: present.map((r) => ({ sid: r.sid, name: r.name, user_id: r.user_id })) };
    }
    if (p.type === 'leave') {
      ctx.offDisconnect(room(p.meeting));
      await ctx.leave(room(p.meeting));
      await leaveRoom(ctx, p.meeting, ctx.socketId);
      return { type: 'left', meeting: p.meeting };
    }
    // signal: both ends must be in the room now.
    if (!p.sid || !p.data) throw ctx.fail('noPeer');
    const here = await inRoom(ctx, p.meeting);
    if (!here.some((r) => r.sid === ctx.socketId)) throw ctx.fail('notJoined');
    if (!here.some((r) => r.sid === p.sid)) throw ctx.fail('noPeer');
    push(ctx).toSocket(p.sid, 'meeting_room', { type: 'signal', meeting: p.meeting, sid: ctx.socketId, name: ctx.user.name, data: p.data });
    return { type: 'sent' };
  },
});
