/**
 * Which homework a person reaches (spec 3 §6): staff all of it, except a teacher while the
 * school's teacher access setting is 'restricted', who reaches only the homework they set.
 * Parents and students reach the homework of their own children's classes (see ./student.ts).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../../generated/db.js';
import type { Ctx } from '../../framework/context.js';
import { SCHOOL_TZ } from '../../framework/periods.js';
import { ROLE_IDS } from '../../../shared/roles.js';
import { getSetting } from '../../platform/settings.js';

export type TeacherAccessMode = 'open' | 'restricted';

/** The school setting read by the server (and shown to teachers by GET /teacher/settings/). */
export const TEACHER_ACCESS_KEY = 'teacher_access_mode';

export const teacherAccessMode = async (db: Kysely<DB>): Promise<TeacherAccessMode> =>
  ((await getSetting<string>(db, TEACHER_ACCESS_KEY, 'open')) === 'restricted' ? 'restricted' : 'open');

/** The homework rows (`homework as h`) the staff member reaches. */
export async function staffHomework(ctx: Ctx) {
  const all = ctx.db.selectFrom('homework as h');
  if (ctx.user.role !== ROLE_IDS.teacher || (await teacherAccessMode(ctx.db)) === 'open') return all;
  return all.where('h.user_id', '=', ctx.user.id);
}

/** Today's date at the school (YYYY-MM-DD). */
export const schoolToday = (now = new Date()) => now.toLocaleDateString('en-CA', { timeZone: SCHOOL_TZ });

/** Submissions close at the end of the submission day at the school. */
export const submissionOver = (submissionDate: string, now = new Date()) => schoolToday(now) > submissionDate;
