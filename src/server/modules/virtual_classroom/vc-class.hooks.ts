import type { VcClass } from '../../../generated/entities/virtual_classroom.js';
import type { ResourceHooks } from '../../framework/hooks.js';
import { badRequest } from '../../framework/errors.js';
import { newRoomName } from '../../platform/video.js';
import { STATUS } from './reach.js';
import { queueReminder } from './reminders.js';

/** The subject must be one of the class's, and the class must end after it starts. */
async function check(ctx: Parameters<NonNullable<ResourceHooks<VcClass>['beforeCreate']>>[0], d: Partial<VcClass>) {
  if (d.start_time && d.end_time && new Date(d.end_time).getTime() <= new Date(d.start_time).getTime()) throw badRequest('End Time must be after Start Time');
  if (d.subject_id != null && d.class_id != null) {
    const subject = await ctx.db.selectFrom('subject').select('id').where('id', '=', d.subject_id).where('class_id', '=', d.class_id).executeTakeFirst();
    if (!subject) throw badRequest('The subject is not a subject of this class');
  }
  if (d.co_teacher_id != null && d.co_teacher_id === d.teacher_id) throw badRequest('The second teacher must be another teacher');
}

/**
 * A new class is not started (0), with a room name for Jitsi (extras.jitsi_meeting_id, spec 4
 * §3); its schedule and teachers may change only before it starts, its status only through the
 * room (start, end) and the video calls.
 */
export const vcClassHooks: ResourceHooks<VcClass> = {
  async beforeCreate(ctx, data) {
    await check(ctx, data);
    return {
      ...data, status: STATUS.NOT_STARTED, created_by: ctx.user.id, timestamp: new Date().toISOString(),
      extras: { jitsi_meeting_id: newRoomName(ctx.school.code, 'class'), class_type: data.class_type ?? 'live' },
    };
  },
  // The reminder to the class's families and teachers, sent once by the job queue.
  afterCreate: (ctx, row) => queueReminder(ctx, row.id, row.start_time),
  async afterUpdate(ctx, row, existing) {
    if (new Date(row.start_time).getTime() !== new Date(existing.start_time).getTime()) await queueReminder(ctx, row.id, row.start_time);
  },
  async beforeUpdate(ctx, data, existing) {
    const changesPlan = ['start_time', 'end_time', 'teacher_id', 'co_teacher_id', 'subject_id', 'class_type'].some((k) => k in data);
    if (changesPlan && existing.status !== STATUS.NOT_STARTED && !('status' in data)) throw badRequest('A class can be rescheduled only before it starts');
    await check(ctx, { ...existing, ...data });
    return data;
  },
  beforeRemove(_ctx, existing) {
    if (existing.status === STATUS.LIVE) throw badRequest('A live class cannot be deleted; end it first');
  },
};

export default vcClassHooks;
