/**
 * Who an announcement is for (spec 2 §3, §9): the audiences, which announcements a person
 * reads, and whose header gets a notification of a new one.
 */
import { sql, type AliasedSelectQueryBuilder } from 'kysely';
import { ROLE_IDS } from '../../../shared/roles.js';
import type { Ctx } from '../../framework/context.js';
import type { FamilyDashboardQuery } from '../../framework/contributions.js';
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

/** The longest notification text; the announcement itself holds the rest. */
const NOTE_LENGTH = 300;
const noteText = (message: string) => (message.length > NOTE_LENGTH ? `${message.slice(0, NOTE_LENGTH - 1)}…` : message);

/**
 * Header notifications of a new announcement for the people it is for: one for the whole
 * school (everyone), else one per login — all students' and parents', all teachers', or the
 * logins of the active students of the classes (a family with two children there gets one).
 */
export async function notifyAudience(ctx: Ctx, a: { title: string; message: string; to: number; classIds: number[] }): Promise<void> {
  const title = a.title;
  const body = noteText(a.message);
  if (a.to === TO.everyone) {
    await ctx.db.insertInto('notification').values({ user_id: null, title, body }).execute();
    return;
  }
  const logins = a.to === TO.classes
    ? ctx.db.selectFrom('student').select('user_id as id').distinct()
      .where('class_id', 'in', a.classIds).where('status', '=', STUDENT_STATUS.ACTIVE).where('user_id', 'is not', null).as('l')
    : ctx.db.selectFrom('user').select('id').where('role', '=', a.to === TO.teachers ? ROLE_IDS.teacher : ROLE_IDS.parent)
      .where('is_disabled', '=', false).as('l');
  await notifyLogins(ctx, logins, title, body);
}

/** One notification per login the subquery names, in one statement however many: the rows are made in the database. */
async function notifyLogins(ctx: Ctx, logins: AliasedSelectQueryBuilder<{ id: number | null }, 'l'>, title: string, body: string) {
  await ctx.db.insertInto('notification').columns(['user_id', 'title', 'body'])
    .expression(ctx.db.selectFrom(logins).select(['l.id', sql<string>`${title}::text`.as('title'), sql<string>`${body}::text`.as('body')]))
    .execute();
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
