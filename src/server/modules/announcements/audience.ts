/**
 * Who an announcement is for (spec 2 §3, §9): the audiences, which announcements a person
 * reads, and whose header gets a notification of a new one.
 */
import { ROLE_IDS } from '../../../shared/roles.js';
import type { Ctx } from '../../framework/context.js';
import type { FamilyDashboardQuery } from '../../framework/contributions.js';
import { notify } from '../../platform/notifications.js';
import { STUDENT_STATUS } from '../../../generated/enums/students.js';

/** The spec's audience codes. */
export const TO = { everyone: 0, students: 1, teachers: 2, classes: 5 } as const;

/** The classes a role-1 login's active children are in now. */
const childrensClasses = (ctx: Ctx) =>
  ctx.db.selectFrom('student').select('class_id').where('user_id', '=', ctx.user.id).where('status', '=', STUDENT_STATUS.ACTIVE);

/**
 * The announcements the person may read, as `announcement as a`: staff read all; a parent or
 * student reads those for everyone, for all students, or for one of their children's classes.
 */
export function readable(ctx: Ctx) {
  const all = ctx.db.selectFrom('announcement as a');
  if (ctx.user.role !== ROLE_IDS.parent) return all;
  return all.where((eb) => eb.or([
    eb('a.to_role', 'in', [TO.everyone, TO.students]),
    eb.and([eb('a.to_role', '=', TO.classes), eb('a.class_id', 'in', childrensClasses(ctx))]),
  ]));
}

/** What a list row and the one-read answer carry: the row, its class, and who made it. */
export const withDetails = (ctx: Ctx) => readable(ctx)
  .leftJoin('class as c', 'c.id', 'a.class_id')
  .leftJoin('user as u', 'u.id', 'a.sent_by')
  .select(['a.id', 'a.title', 'a.content', 'a.to_role', 'a.class_id', 'c.class', 'c.section', 'a.files', 'a.timestamp', 'a.sent_by', 'u.name as sent_by_name']);

/**
 * Header notifications of a new announcement for the people it is for: one for the whole
 * school (everyone), else one per login — all students' and parents', all teachers', or the
 * logins of the active students of the classes (a family with two children there gets one).
 */
export async function notifyAudience(ctx: Ctx, a: { title: string; message: string; to: number; classIds: number[] }): Promise<void> {
  const note = { title: a.title, body: a.message };
  if (a.to === TO.everyone) return notify(ctx, { everyone: true }, note);
  const logins = a.to === TO.classes
    ? ctx.db.selectFrom('student').select('user_id as id').distinct()
      .where('class_id', 'in', a.classIds).where('status', '=', STUDENT_STATUS.ACTIVE).where('user_id', 'is not', null).as('l')
    : ctx.db.selectFrom('user').select('id').where('role', '=', a.to === TO.teachers ? ROLE_IDS.teacher : ROLE_IDS.parent)
      .where('is_disabled', '=', false).as('l');
  await notify(ctx, { logins }, note);
}

/** The family dashboard's announcements for one child: for everyone, all students, or the child's class, newest first. */
export function childAnnouncements(ctx: Ctx, { student, since, limit }: FamilyDashboardQuery) {
  return ctx.db.selectFrom('announcement as a')
    .leftJoin('class as c', 'c.id', 'a.class_id').leftJoin('user as u', 'u.id', 'a.sent_by')
    .select(['a.id', 'a.title', 'a.content', 'a.to_role', 'a.class_id', 'c.class', 'c.section', 'a.files', 'a.timestamp', 'a.sent_by', 'u.name as sent_by_name'])
    .where((eb) => eb.or([
      eb('a.to_role', 'in', [TO.everyone, TO.students]),
      eb.and([eb('a.to_role', '=', TO.classes), eb('a.class_id', '=', student.class_id)]),
    ]))
    .$if(!!since, (q) => q.where('a.timestamp', '>=', since!))
    .orderBy('a.timestamp', 'desc').orderBy('a.id', 'desc').limit(limit).execute();
}
