/**
 * A class's reminder: a notification to its teachers and to the families of the students on its
 * access list, `video.reminder_minutes` before the start (15 by default), sent once by the job
 * queue. A class rescheduled or called off since the reminder was queued is left alone (the
 * reschedule queued its own).
 */
import type { PlatformEnv } from '../../framework/contributions.js';
import { SERVER_USER, type Ctx } from '../../framework/context.js';
import { enqueue } from '../../framework/jobs.js';
import { SchoolDirectory } from '../../framework/schools.js';
import { configOf } from '../../framework/school-config.js';
import { createIntegrations } from '../../integrations/index.js';
import { notify } from '../../platform/notifications.js';
import { ACCESS_MODULE, STATUS } from './reach.js';

export const DEFAULT_REMINDER_MINUTES = 15;

/** Queues the reminder of a class starting at `start` (nothing when the school turned reminders off or the time has passed). */
export async function queueReminder(ctx: Pick<Ctx, 'config' | 'school'>, id: number, start: string) {
  const minutes = configOf(ctx).config?.video?.reminder_minutes ?? DEFAULT_REMINDER_MINUTES;
  const delayMs = new Date(start).getTime() - minutes * 60_000 - Date.now();
  if (!minutes || delayMs < 0) return;
  // A server without a job runner (the command line) sends no reminder; the class itself is saved.
  await enqueue('virtual_classroom.remind', { school: ctx.school.code, id, start }, { delayMs }).catch(() => {});
}

export async function sendReminder(env: PlatformEnv, code: string, id: number, start: string) {
  const school = await new SchoolDirectory(env.db).find(code);
  if (!school) return;
  const ctx: Ctx = { db: env.db.withSchema(school.schema), school, user: SERVER_USER, config: env.config, integrations: createIntegrations(env.config) };
  const v = await ctx.db.selectFrom('vc_class as v').leftJoin('subject as s', 's.id', 'v.subject_id')
    .select(['v.id', 'v.name', 'v.class_id', 'v.teacher_id', 'v.co_teacher_id', 'v.status', 'v.start_time', 's.name as subject'])
    .where('v.id', '=', id).executeTakeFirst();
  if (!v || v.status !== STATUS.NOT_STARTED || new Date(v.start_time).getTime() !== new Date(start).getTime()) return;
  const families = await ctx.db.selectFrom('student as st')
    .innerJoin('student_module as m', (j) => j.onRef('m.student_id', '=', 'st.id').on('m.module_name', '=', ACCESS_MODULE).on('m.module_status', '=', true))
    .select('st.user_id').where('st.class_id', '=', v.class_id).where('st.user_id', 'is not', null).execute();
  const teachers = await ctx.db.selectFrom('teacher').select('user_id').where('id', 'in', [v.teacher_id, v.co_teacher_id ?? v.teacher_id]).execute();
  const users = [...new Set([...families, ...teachers].map((r) => r.user_id).filter((u): u is number => u != null))];
  const at = new Date(v.start_time).toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Kolkata' });
  await notify(ctx, { users }, { title: `Live class at ${at}`, body: `${v.name}${v.subject ? ` (${v.subject})` : ''} starts at ${at}. Join from the Virtual Classroom.` });
}
