/** The Meetings card of the parent and student dashboard (spec 4 §2.8): the meetings the family's login is invited to that are upcoming or under way, with their response. */
import type { CallCtx } from '../../framework/calls.js';
import { MEETING_STATUS as STATUS } from '../../../generated/enums/meetings.js';
import { invitedWhere } from './invitees.js';

export async function dashboardMeetings(ctx: CallCtx, limit: number) {
  const rows = await ctx.db.selectFrom('meeting as m').leftJoin('user as o', 'o.id', 'm.organiser_id')
    .leftJoin('meeting_participant as p', (j) => j.onRef('p.meeting_id', '=', 'm.id').on('p.user_id', '=', ctx.user.id))
    .select(['m.id', 'm.title', 'm.description', 'm.start_time', 'm.status', 'o.name as organiser', 'p.accepted'])
    .where('m.status', 'in', [STATUS.UPCOMING, STATUS.ONGOING]).where((eb) => invitedWhere(eb as never, ctx.user))
    .orderBy('m.start_time').limit(limit).execute();
  return rows.map((r) => ({ ...r, start_time: new Date(r.start_time).toISOString(), accepted: r.accepted ?? 0, open: r.status === STATUS.ONGOING }));
}
