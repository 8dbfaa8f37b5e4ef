/** A meeting's reminder to its invitees, `video.reminder_minutes` before the start, sent once by the job queue (skipped if it was cancelled or moved). */
import type { PlatformEnv } from '../../framework/contributions.js';
import { SERVER_USER, type Ctx } from '../../framework/context.js';
import { enqueue } from '../../framework/jobs.js';
import { SchoolDirectory } from '../../framework/schools.js';
import { configOf } from '../../framework/school-config.js';
import { createIntegrations } from '../../integrations/index.js';
import { notify } from '../../platform/notifications.js';
import { MEETING_STATUS as STATUS } from '../../../generated/enums/meetings.js';
import { participantsOf } from './invitees.js';

const DEFAULT_REMINDER_MINUTES = 15;

export async function queueMeetingReminder(ctx: Pick<Ctx, 'config' | 'school'>, id: number, start: string) {
  const minutes = configOf(ctx).config?.video?.reminder_minutes ?? DEFAULT_REMINDER_MINUTES;
  const delayMs = new Date(start).getTime() - minutes * 60_000 - Date.now();
  if (!minutes || delayMs < 0) return;
  await enqueue('meetings.remind', { school: ctx.school.code, id, start }, { delayMs }).catch(() => {});
}

export async function sendMeetingReminder(env: PlatformEnv, code: string, id: number, start: string) {
  const school = await new SchoolDirectory(env.db).find(code);
  if (!school) return;
  const ctx: Ctx = { db: env.db.withSchema(school.schema), school, user: SERVER_USER, config: env.config, integrations: createIntegrations(env.config) };
  const m = await ctx.db.selectFrom('meeting').selectAll().where('id', '=', id).executeTakeFirst();
  if (!m || m.status !== STATUS.UPCOMING || new Date(m.start_time).getTime() !== new Date(start).getTime()) return;
  // Those who said they will not attend are not reminded.
  const users = (await participantsOf(ctx, m)).filter((p) => p.accepted !== -1).map((p) => p.id);
  if (m.organiser_id) users.push(m.organiser_id);
  const at = new Date(m.start_time).toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Kolkata' });
  await notify(ctx, { users }, { title: `Meeting at ${at}`, body: `${m.title} starts at ${at}. Open Meeting to join.` });
}
