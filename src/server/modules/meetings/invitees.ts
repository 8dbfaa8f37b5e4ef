/**
 * Who a meeting invites (spec 3 §4, §9): invite group 1 parents and staff, 2 teachers and
 * admins, 3 admins, 4 the invited users only, 5 all staff and the invited students. The
 * organiser is always in. Participant role labels: 1 Parent, 2 Teacher, 3 and 4 Admin, else
 * Others.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Ctx } from '../../framework/context.js';
import { ROLE_IDS } from '../../../shared/roles.js';
import type { DB } from '../../../generated/db.js';

export const GROUP = { PARENTS_AND_STAFF: 1, TEACHERS_AND_ADMINS: 2, ADMINS: 3, INVITEES: 4, STAFF_AND_STUDENTS: 5 } as const;
const TEACHERS_AND_ADMINS: number[] = [ROLE_IDS.teacher, ROLE_IDS.admin, ROLE_IDS.super_admin];
const ADMINS: number[] = [ROLE_IDS.admin, ROLE_IDS.super_admin];
/** Up to six people in a meeting's room: a full mesh of browsers. */
export const MAX_IN_ROOM = 6;

export interface MeetingLike { organiser_id: number | null; invites: number; invited_users: unknown }

const invitedList = (m: MeetingLike) => (Array.isArray(m.invited_users) ? (m.invited_users as number[]) : []);

/** Whether a login is invited to the meeting (or organises it). */
export function isInvited(m: MeetingLike, user: { id: number; role: number }): boolean {
  if (m.organiser_id === user.id) return true;
  switch (m.invites) {
    case GROUP.PARENTS_AND_STAFF: return true;
    case GROUP.TEACHERS_AND_ADMINS: return TEACHERS_AND_ADMINS.includes(user.role);
    case GROUP.ADMINS: return ADMINS.includes(user.role);
    case GROUP.INVITEES: return invitedList(m).includes(user.id);
    case GROUP.STAFF_AND_STUDENTS: return user.role !== ROLE_IDS.parent || invitedList(m).includes(user.id);
    default: return false;
  }
}

/** The same rule in SQL, on the `meeting as m` rows: the meetings a login is invited to. */
export function invitedWhere(eb: ExpressionBuilder<DB & { m: DB['meeting'] }, 'm'>, user: { id: number; role: number }): Expression<SqlBool> {
  const listed = sql<boolean>`m.invited_users @> ${JSON.stringify([user.id])}::jsonb`;
  const or: Expression<SqlBool>[] = [eb('m.invites', '=', GROUP.PARENTS_AND_STAFF), eb('m.invites', 'in', [GROUP.INVITEES, GROUP.STAFF_AND_STUDENTS]).and(listed)];
  if (TEACHERS_AND_ADMINS.includes(user.role)) or.push(eb('m.invites', '=', GROUP.TEACHERS_AND_ADMINS));
  if (ADMINS.includes(user.role)) or.push(eb('m.invites', '=', GROUP.ADMINS));
  if (user.role !== ROLE_IDS.parent) or.push(eb('m.invites', '=', GROUP.STAFF_AND_STUDENTS));
  return eb.or(or);
}

export const roleLabel = (role: number) =>
  role === ROLE_IDS.parent ? 'Parent' : role === ROLE_IDS.teacher ? 'Teacher' : ADMINS.includes(role) ? 'Admin' : 'Others';

/** The logins a meeting invites, with their response (0 until they answer). */
export async function participantsOf(ctx: Pick<Ctx, 'db'>, m: MeetingLike & { id: number }) {
  let q = ctx.db.selectFrom('user as u').select(['u.id', 'u.name', 'u.email', 'u.username', 'u.role']).where('u.is_disabled', '=', false);
  const listed = invitedList(m);
  switch (m.invites) {
    case GROUP.PARENTS_AND_STAFF: break;
    case GROUP.TEACHERS_AND_ADMINS: q = q.where('u.role', 'in', TEACHERS_AND_ADMINS); break;
    case GROUP.ADMINS: q = q.where('u.role', 'in', ADMINS); break;
    case GROUP.INVITEES: q = q.where('u.id', 'in', listed.length ? listed : [0]); break;
    default: q = q.where((eb) => eb.or([eb('u.role', '!=', ROLE_IDS.parent), eb('u.id', 'in', listed.length ? listed : [0])]));
  }
  const users = await q.orderBy('u.role').orderBy('u.name').limit(5000).execute();
  const answers = await ctx.db.selectFrom('meeting_participant').select(['user_id', 'accepted']).where('meeting_id', '=', m.id).execute();
  return users.filter((u) => u.id !== m.organiser_id).map((u) => ({
    id: u.id, name: u.name, email: u.email ?? u.username, role: u.role, role_label: roleLabel(u.role),
    accepted: answers.find((a) => a.user_id === u.id)?.accepted ?? 0,
  }));
}
