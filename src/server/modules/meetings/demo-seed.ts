import type { Ctx } from '../../framework/context.js';
import { items } from '../../framework/items.js';
import { schoolDayStart, schoolToday } from '../../framework/periods.js';
import { newRoomName } from '../../platform/video.js';
import { MEETING_STATUS as STATUS } from '../../../generated/enums/meetings.js';
import { GROUP } from './invitees.js';

/** Meetings of the demo school: a staff meeting tomorrow, a parent-teacher meeting with the demo parent today, and last week's, ended. */
export async function seedDemoMeetings(ctx: Ctx, input: { adminUserId: number; teacherUserId: number; parentUserId: number }): Promise<void> {
  const today = schoolDayStart(schoolToday(new Date())).getTime();
  const at = (days: number, hours: number) => new Date(today + days * 86_400_000 + hours * 3_600_000).toISOString();
  const plan = [
    { title: 'Staff meeting: term planning', description: 'Dates for the unit tests and the annual day.', start: at(1, 15.5), invites: GROUP.TEACHERS_AND_ADMINS, users: [] as number[], by: input.adminUserId, status: STATUS.UPCOMING },
    { title: 'Aarav: progress in mathematics', description: 'A short talk about fractions practice at home.', start: at(0, 16), invites: GROUP.INVITEES, users: [input.parentUserId], by: input.teacherUserId, status: STATUS.UPCOMING },
    { title: 'Annual day volunteers', description: 'Parents who offered to help with the annual day.', start: at(-6, 17), invites: GROUP.PARENTS_AND_STAFF, users: [], by: input.adminUserId, status: STATUS.ENDED },
  ];
  for (const p of plan) {
    const row = await items({ ...ctx, user: { ...ctx.user, id: p.by } }, 'meetings').create({
      title: p.title, description: p.description, start_time: p.start, invites: p.invites, invited_users: p.users, meeting_type: 'conference',
      status: p.status, organiser_id: p.by, extras: { room: newRoomName(ctx.school.code, 'meeting') }, timestamp: new Date().toISOString(),
    });
    if (p.invites === GROUP.INVITEES) await items(ctx, 'meeting-participants').create({ meeting_id: row.id, user_id: input.parentUserId, accepted: 1 });
  }
}
