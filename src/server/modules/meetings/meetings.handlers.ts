import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { items } from '../../framework/items.js';
import { schoolDayStart, schoolToday } from '../../framework/periods.js';
import { hasRole, ROLE_IDS } from '../../../shared/roles.js';
import { push } from '../../realtime/hub.js';
import { newRoomName, videoSetup } from '../../platform/video.js';
import { MEETING_STATUS as STATUS } from '../../../generated/enums/meetings.js';
import { GROUP, invitedWhere, isInvited, participantsOf } from './invitees.js';
import { queueMeetingReminder } from './reminders.js';

const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());
const DAY = 86_400_000;

function meetingQuery(ctx: Pick<CallCtx, 'db'>) {
  return ctx.db.selectFrom('meeting as m').leftJoin('user as o', 'o.id', 'm.organiser_id')
    .select(['m.id', 'm.title', 'm.description', 'm.start_time', 'm.status', 'm.invites', 'm.invited_users', 'm.meeting_type', 'm.extras', 'm.organiser_id', 'm.timestamp', 'o.name as organiser']);
}
type MeetingRow = NonNullable<Awaited<ReturnType<ReturnType<typeof meetingQuery>['executeTakeFirst']>>>;

const shown = (m: MeetingRow, accepted?: number | null) => ({ ...m, start_time: iso(m.start_time)!, timestamp: iso(m.timestamp), accepted: accepted ?? 0 });

/** A meeting the person is invited to (or organises); any other is answered as missing. */
async function invitedMeeting(ctx: CallCtx, id: number): Promise<MeetingRow> {
  const m = await meetingQuery(ctx).where('m.id', '=', id).executeTakeFirst();
  if (!m || !isInvited(m, ctx.user)) throw ctx.fail('missing', 404);
  return m;
}

/** The organiser or an admin changes a meeting's state. */
async function ownMeeting(ctx: CallCtx, id: number): Promise<MeetingRow> {
  const m = await meetingQuery(ctx).where('m.id', '=', id).executeTakeFirst();
  if (!m) throw ctx.fail('missing', 404);
  if (m.organiser_id !== ctx.user.id && !hasRole(ctx.user, 'admins')) throw ctx.fail('notYours', 403);
  return m;
}

async function myAnswers(ctx: CallCtx, ids: number[]) {
  if (!ids.length) return new Map<number, number>();
  const rows = await ctx.db.selectFrom('meeting_participant').select(['meeting_id', 'accepted']).where('user_id', '=', ctx.user.id).where('meeting_id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.meeting_id, r.accepted ?? 0]));
}

export default defineHandlers('meetings', {
  // 'Organised by You' (teachers and admins) and the invitations, newest first.
  mine: async (ctx) => {
    const organised = hasRole(ctx.user, 'staff') ? await meetingQuery(ctx).where('m.organiser_id', '=', ctx.user.id).orderBy('m.start_time', 'desc').limit(500).execute() : [];
    const invitations = await meetingQuery(ctx).where((eb) => eb.and([eb.or([eb('m.organiser_id', 'is', null), eb('m.organiser_id', '!=', ctx.user.id)]), invitedWhere(eb as never, ctx.user)]))
      .orderBy('m.start_time', 'desc').limit(500).execute();
    const answers = await myAnswers(ctx, invitations.map((m) => m.id));
    return { organised: organised.map((m) => shown(m)), invitations: invitations.map((m) => shown(m, answers.get(m.id))) };
  },

  one: async (ctx, { params }) => {
    const m = await invitedMeeting(ctx, params.id);
    const answers = await myAnswers(ctx, [m.id]);
    const room = String((m.extras as { room?: string } | null)?.room ?? `meeting-${m.id}`);
    const moderator = m.organiser_id === ctx.user.id || hasRole(ctx.user, 'admins');
    return { ...shown(m, answers.get(m.id)), can_manage: moderator, setup: videoSetup(ctx, room, { moderator }) };
  },

  participants: async (ctx, { params }) => {
    const m = await invitedMeeting(ctx, params.id);
    return { meeting: shown(m), participants: await participantsOf(ctx, m) };
  },

  // Whom a meeting may invite by name: staff logins, and students by their family's login.
  users: async (ctx) => {
    const staff = await ctx.db.selectFrom('user').select(['id', 'name', 'role']).where('role', '!=', ROLE_IDS.parent).where('is_disabled', '=', false).orderBy('name').execute();
    const students = await ctx.db.selectFrom('student as st').innerJoin('class as c', 'c.id', 'st.class_id').innerJoin('user as u', 'u.id', 'st.user_id')
      .select(['u.id', 'st.id as student_id', 'st.fullname', 'c.class', 'c.section']).where('u.is_disabled', '=', false).orderBy('c.id').orderBy('st.fullname').limit(5000).execute();
    return { staff, students };
  },

  schedule: async (ctx, { body }) => {
    const start = new Date(body.start_time);
    const yesterday = schoolDayStart(schoolToday(new Date(Date.now() - DAY)));
    if (start.getTime() < yesterday.getTime()) throw ctx.fail('early');
    if (start.getUTCSeconds() !== 0 || start.getUTCMilliseconds() !== 0 || start.getUTCMinutes() % 5 !== 0) throw ctx.fail('step');
    const invited = [...new Set(body.invited_users ?? [])];
    if ((body.invites === GROUP.INVITEES || body.invites === GROUP.STAFF_AND_STUDENTS) && !invited.length) throw ctx.fail('invitees');
    if (invited.length) {
      const users = await ctx.db.selectFrom('user').select(['id', 'role']).where('id', 'in', invited).execute();
      if (users.length !== invited.length) throw ctx.fail('unknownUser', 404);
      if (body.invites === GROUP.STAFF_AND_STUDENTS && users.some((u) => u.role !== ROLE_IDS.parent)) throw ctx.fail('notStudent');
    }
    const row = await items(ctx, 'meetings').create({
      title: body.title.trim(), description: body.description.trim(), start_time: start.toISOString(), invites: body.invites as 1 | 2 | 3 | 4 | 5,
      invited_users: body.invites === GROUP.INVITEES || body.invites === GROUP.STAFF_AND_STUDENTS ? invited : [],
      meeting_type: 'conference', status: STATUS.UPCOMING, organiser_id: ctx.user.id,
      extras: { room: newRoomName(ctx.school.code, 'meeting') }, timestamp: new Date().toISOString(),
    });
    await queueMeetingReminder(ctx, row.id, row.start_time);
    return { id: row.id };
  },

  respond: async (ctx, { params }) => {
    const response = Number(params.response);
    if (![-1, 0, 1].includes(response) || !/^-?[01]$/.test(String(params.response))) throw ctx.fail('response');
    const m = await invitedMeeting(ctx, params.id);
    if (m.organiser_id === ctx.user.id) throw ctx.fail('organiser');
    if (m.status !== STATUS.UPCOMING) throw ctx.fail('notUpcoming', 409);
    const had = await ctx.db.selectFrom('meeting_participant').select('id').where('meeting_id', '=', m.id).where('user_id', '=', ctx.user.id).executeTakeFirst();
    const accepted = response as -1 | 0 | 1;
    if (had) await items(ctx, 'meeting-participants').update(had.id, { accepted });
    else await items(ctx, 'meeting-participants').create({ meeting_id: m.id, user_id: ctx.user.id, accepted });
    return { id: m.id, accepted };
  },

  cancel: async (ctx, { params }) => {
    const m = await ownMeeting(ctx, params.id);
    if (m.status !== STATUS.UPCOMING) throw ctx.fail('state', 409);
    await items(ctx, 'meetings').update(m.id, { status: STATUS.CANCELLED }, { action: 'cancel' });
    return { id: m.id, status: STATUS.CANCELLED };
  },

  status: async (ctx, { params }) => {
    const to = String(params.status);
    if (to !== '1' && to !== '2') throw ctx.fail('status');
    const m = await ownMeeting(ctx, params.id);
    if (to === '1') {
      if (m.status !== STATUS.UPCOMING) throw ctx.fail('start', 409);
      await items(ctx, 'meetings').update(m.id, { status: STATUS.ONGOING }, { action: 'start' });
      return ctx.answer({ id: m.id, status: STATUS.ONGOING }, 'started');
    }
    if (m.status !== STATUS.ONGOING) throw ctx.fail('end', 409);
    await items(ctx, 'meetings').update(m.id, { status: STATUS.ENDED }, { action: 'end' });
    push(ctx).toRoom(`meeting:${m.id}`, 'meeting_room', { type: 'ended', meeting: m.id });
    return ctx.answer({ id: m.id, status: STATUS.ENDED }, 'ended');
  },
});
