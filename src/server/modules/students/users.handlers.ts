import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import type { Ctx } from '../../framework/context.js';
import { hashPassword } from '../../framework/passwords.js';
import { endAllSessions } from '../../framework/sessions.js';
import { audit, inTransaction } from '../../framework/service.js';
import { items } from '../../framework/items.js';
import { usernameTaken } from '../../framework/login-identity.js';
import { lockStudent } from './queries.js';
import { likePattern } from '../../framework/paging.js';
import { createStudentUser, STUDENT_ROLE } from './users.js';
import { ALL_ROLES, roleId } from '../../../shared/roles.js';

/**
 * The logins of students and parents (role 1): create, link, rename, reset; and the user pickers
 * (the add-student wizard's "existing parent login", staff pickers). Admins only.
 */

const MIN_PASSWORD = 8;
const USERNAME = /^[A-Za-z0-9._@+-]+$/;
const STAFF_ROLES = ALL_ROLES.filter((r) => r !== roleId('parent'));
const USER_LIMIT = 50;

function checkPassword(ctx: CallCtx, p: string) {
  if (p.length < MIN_PASSWORD) throw ctx.fail('shortPassword');
}

async function searchUsers(ctx: Ctx, roles: readonly number[], q: string | undefined) {
  let qb = ctx.db.selectFrom('user').select(['id', 'name', 'email', 'username', 'role'])
    .where('role', 'in', roles).where('is_disabled', '=', false);
  const text = q?.trim();
  if (text) {
    const like = likePattern(text);
    qb = qb.where((eb) => eb.or([eb('name', 'ilike', like), eb('email', 'ilike', like), eb('username', 'ilike', like), eb('mobile', 'like', like)]));
  }
  return qb.orderBy('name').orderBy('id').limit(USER_LIMIT).execute() as Promise<Array<{ id: number; name: string; email: string | null; username: string | null; role: number }>>;
}

export default defineHandlers('students', {
  staffUsers: async (ctx, { query }) => searchUsers(ctx, STAFF_ROLES, query.q),

  usersOfRole: async (ctx, { params: p, query }) => {
    if (!(ALL_ROLES as readonly number[]).includes(p.role)) throw ctx.fail('role');
    return searchUsers(ctx, [p.role], query.q);
  },

  createUser: async (ctx, { body: b }) => {
    if (!b.name.trim()) throw ctx.fail('name');
    if (!b.email && !b.username?.trim() && !b.mobile) throw ctx.fail('email');
    checkPassword(ctx, b.password);
    const userId = await inTransaction(ctx, async (tx) => {
      const id = await createStudentUser(tx, { name: b.name.trim(), email: b.email ?? null, username: b.username?.trim() || null, mobile: b.mobile ?? null, password: b.password });
      await audit(tx, 'users', 'create', id, { name: b.name, email: b.email ?? null, username: b.username ?? null, mobile: b.mobile ?? null, role: STUDENT_ROLE, password: '[hidden]' });
      return id;
    });
    return { user_id: userId };
  },

  linkUser: async (ctx, { body: b }) => {
    // The student hooks check the login; the audit keeps the call's name.
    await items(ctx, 'students').update(b.student_id, { user_id: b.user_id }, { action: 'link-user' });
    return { student_id: b.student_id, user_id: b.user_id };
  },

  username: async (ctx, { body: b, query }) => {
    if (query.type !== undefined && query.type !== 'username') throw ctx.fail('onlyUsername');
    const username = b.username.trim();
    if (!USERNAME.test(username)) throw ctx.fail('usernameChars');
    await inTransaction(ctx, async (tx) => {
      const student = await lockStudent(tx, b.student_id);
      const user = student.user_id == null ? undefined
        : await tx.db.selectFrom('user').select(['id', 'username', 'role']).where('id', '=', student.user_id).forUpdate().executeTakeFirst();
      if (!user || user.role !== STUDENT_ROLE) throw ctx.fail('noUser');
      if (await usernameTaken(tx, username, user.id)) throw ctx.fail('taken', 409);
      await tx.db.updateTable('user').set({ username }).where('id', '=', user.id).execute()
        .catch((e) => { if (e?.code === '23505') throw ctx.fail('taken', 409); throw e; });
      await audit(tx, 'users', 'update-username', user.id, { student_id: b.student_id, before: user.username, username });
    });
    return { username };
  },

  password: async (ctx, { body: b }) => {
    checkPassword(ctx, b.password);
    const passwordHash = await hashPassword(b.password);
    await inTransaction(ctx, async (tx) => {
      const user = await tx.db.selectFrom('user').select(['id', 'role']).where('id', '=', b.user_id).forUpdate().executeTakeFirst();
      const linked = user && user.role === STUDENT_ROLE
        && await tx.db.selectFrom('student').select('id').where('user_id', '=', user.id).executeTakeFirst();
      if (!linked) throw ctx.fail('noUser');
      await tx.db.updateTable('user').set({ password_hash: passwordHash }).where('id', '=', b.user_id).execute();
      // The old password's sessions end with it.
      await endAllSessions(tx.db, ctx.school.schema, b.user_id);
      await audit(tx, 'users', 'reset-password', b.user_id, { password: '[hidden]' });
    });
    return { user_id: b.user_id };
  },
});
