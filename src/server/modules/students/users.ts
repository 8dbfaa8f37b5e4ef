import { badRequest, conflict } from '../../framework/errors.js';
import type { Ctx } from '../../framework/context.js';
import { usernameTaken } from '../../framework/login-identity.js';
import { storedPassword } from '../../framework/passwords.js';

/** Students and parents log in as role 1 (spec 1, 6). */
export const STUDENT_ROLE = 1;

export interface NewStudentUser { name: string; email?: string | null; username?: string | null; mobile?: string | null; password: string }

/** Creates a role-1 login; the username (mobile by default) and e-mail must be free. */
export async function createStudentUser(ctx: Ctx, u: NewStudentUser): Promise<number> {
  const email = u.email ? u.email.trim().toLowerCase() : null;
  const username = u.username ? u.username.trim() : null;
  if (email && await usernameTaken(ctx, email)) throw conflict('Email already registered');
  if (username && await usernameTaken(ctx, username)) throw conflict('Username already taken');
  const row = await ctx.db.insertInto('user').values({
    name: u.name, email, username, mobile: u.mobile ?? null, role: STUDENT_ROLE, password_hash: await storedPassword(u.password, username),
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The login of a student admitted with a mobile number (import, demo): a role-1 user whose
 * username is the mobile already (a brother or sister) is shared, else one is made with the
 * mobile as username and password (stored as "password is the username", so no hash is made
 * until the family changes it).
 */
export async function userForMobile(ctx: Ctx, mobile: string, name: string): Promise<number> {
  // lower(username), like login and usernameTaken: the unique index answers it.
  const existing = await ctx.db.selectFrom('user').select(['id', 'role'])
    .where((eb) => eb(eb.fn('lower', ['username']), '=', mobile.toLowerCase())).executeTakeFirst();
  if (existing) {
    if (existing.role !== STUDENT_ROLE) throw conflict('This mobile number is the username of a staff login');
    return existing.id;
  }
  return createStudentUser(ctx, { name, username: mobile, mobile, password: mobile });
}

/** Users given for students must exist and be student/parent logins (one query for a batch). */
export async function assertStudentUsers(ctx: Ctx, userIds: readonly number[]): Promise<void> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return;
  const found = await ctx.db.selectFrom('user').select('role').where('id', 'in', ids).execute();
  if (found.length < ids.length) throw badRequest('User not found');
  if (found.some((u) => u.role !== STUDENT_ROLE)) throw badRequest('Only a student or parent login can be linked to a student');
}
