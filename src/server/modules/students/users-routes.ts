import type { FastifyInstance } from 'fastify';
import { ok } from '../../framework/envelope.js';
import { badRequest, conflict } from '../../framework/errors.js';
import { hashPassword } from '../../framework/passwords.js';
import { addRoute, type RouteEnv } from '../../framework/route.js';
import { endAllSessions } from '../../framework/sessions.js';
import { audit, inTransaction } from '../../framework/service.js';
import { assertValid, compile } from '../../framework/validation.js';
import { MOBILE_PATTERN } from '../../../shared/mobile.js';
import { EDITORS } from './lists.js';
import { lockStudent } from './queries.js';
import { queryValue } from '../../framework/inputs.js';
import { assertStudentUser, createStudentUser, STUDENT_ROLE, usernameTaken } from './users.js';

/** The logins of students and parents (role 1): create, link, rename, reset. Admins only. */

const MIN_PASSWORD = 8;
const passwordProp = { type: 'string', title: 'Password', minLength: 1, maxLength: 200, errorMessage: { minLength: 'Please enter password' } };
const USERNAME = '^[A-Za-z0-9._@+-]+$';

export const newUserPayload = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 1, maxLength: 100, errorMessage: { minLength: 'Please enter name' } },
    email: { type: 'string', title: 'Email', minLength: 1, maxLength: 200, format: 'email', errorMessage: { minLength: 'Please enter email', format: 'Invalid email address' } },
    password: passwordProp,
    role: { type: 'integer', title: 'Role', const: STUDENT_ROLE, errorMessage: { const: 'Only a student or parent login (role 1) can be created here' } },
    username: { type: ['string', 'null'], title: 'Username', maxLength: 100, pattern: USERNAME, errorMessage: { pattern: 'Username can only have letters, digits and . _ @ + -' } },
    mobile: { type: ['string', 'null'], title: 'Mobile', pattern: MOBILE_PATTERN, errorMessage: { pattern: 'Enter valid mobile number' } },
  },
  // The e-mail is the login unless a username or mobile is given (the add-student wizard's mobile login).
  required: ['name', 'password', 'role'],
  additionalProperties: false,
  errorMessage: { required: { name: 'Please enter name', password: 'Please enter password', role: 'Role is required' } },
};
const validateNewUser = compile(newUserPayload);

export const linkPayload = {
  type: 'object',
  properties: {
    user_id: { type: 'integer', title: 'User', minimum: 1, maximum: 999999999 },
    student_id: { type: 'integer', title: 'Student', minimum: 1, maximum: 999999999 },
  },
  required: ['user_id', 'student_id'],
  additionalProperties: false,
  errorMessage: { required: { user_id: 'Please select a user', student_id: 'Student is required' } },
};
const validateLink = compile(linkPayload);

export const usernamePayload = {
  type: 'object',
  properties: {
    username: { type: 'string', title: 'Username', minLength: 1, maxLength: 100, pattern: '^\\s*\\S', errorMessage: { minLength: "Username can't be empty", pattern: "Username can't be empty" } },
    student_id: { type: 'integer', title: 'Student', minimum: 1, maximum: 999999999 },
  },
  required: ['username', 'student_id'],
  additionalProperties: false,
  errorMessage: { required: { username: "Username can't be empty", student_id: 'Student is required' } },
};
const validateUsername = compile(usernamePayload);

export const passwordResetPayload = {
  type: 'object',
  properties: { password: passwordProp, user_id: { type: 'integer', title: 'User', minimum: 1, maximum: 999999999 } },
  required: ['password', 'user_id'],
  additionalProperties: false,
  errorMessage: { required: { password: 'Please enter password', user_id: 'The student has no registered user' } },
};
const validatePasswordReset = compile(passwordResetPayload);

function checkPassword(p: string) {
  if (p.length < MIN_PASSWORD) throw badRequest('Password must be atleast 8 characters');
}

export function registerStudentUserRoutes(app: FastifyInstance, env: RouteEnv) {
  addRoute(app, env, {
    call: 'PUT /user/', roles: EDITORS, module: 'students', perm: 'create',
    handler: async (ctx, req) => {
      assertValid(validateNewUser, newUserPayload, req.body);
      const b = req.body as { name: string; email?: string; password: string; username?: string | null; mobile?: string | null };
      if (!b.name.trim()) throw badRequest('Please enter name');
      if (!b.email && !b.username?.trim() && !b.mobile) throw badRequest('Please enter email');
      checkPassword(b.password);
      const userId = await inTransaction(ctx, async (tx) => {
        const id = await createStudentUser(tx, { name: b.name.trim(), email: b.email ?? null, username: b.username?.trim() || null, mobile: b.mobile ?? null, password: b.password });
        await audit(tx, 'users', 'create', id, { name: b.name, email: b.email ?? null, username: b.username ?? null, mobile: b.mobile ?? null, role: STUDENT_ROLE, password: '[hidden]' });
        return id;
      });
      return ok({ user_id: userId }, 'User Created');
    },
  });

  addRoute(app, env, {
    call: 'POST /user/link/student/', roles: EDITORS, module: 'students', perm: 'update',
    handler: async (ctx, req) => {
      assertValid(validateLink, linkPayload, req.body);
      const b = req.body as { user_id: number; student_id: number };
      await inTransaction(ctx, async (tx) => {
        const student = await lockStudent(tx, b.student_id);
        await assertStudentUser(tx, b.user_id);
        await tx.db.updateTable('student').set({ user_id: b.user_id, updated_at: new Date() }).where('id', '=', b.student_id).execute();
        await audit(tx, 'students', 'link-user', b.student_id, { before: student.user_id, user_id: b.user_id });
      });
      return ok({ student_id: b.student_id, user_id: b.user_id }, 'User Linked to Student');
    },
  });

  addRoute(app, env, {
    call: 'POST /user/update/username/', roles: EDITORS, module: 'students', perm: 'update',
    handler: async (ctx, req) => {
      const type = queryValue(req, 'type');
      if (type !== undefined && type !== 'username') throw badRequest('Only the username can be changed here');
      assertValid(validateUsername, usernamePayload, req.body);
      const b = req.body as { username: string; student_id: number };
      const username = b.username.trim();
      if (!new RegExp(USERNAME).test(username)) throw badRequest('Username can only have letters, digits and . _ @ + -');
      await inTransaction(ctx, async (tx) => {
        const student = await lockStudent(tx, b.student_id);
        const user = student.user_id == null ? undefined
          : await tx.db.selectFrom('user').select(['id', 'username', 'role']).where('id', '=', student.user_id).forUpdate().executeTakeFirst();
        if (!user || user.role !== STUDENT_ROLE) throw badRequest('The student has no registered user');
        if (await usernameTaken(tx, username, user.id)) throw conflict('Username already taken');
        await tx.db.updateTable('user').set({ username }).where('id', '=', user.id).execute()
          .catch((e) => { if (e?.code === '23505') throw conflict('Username already taken'); throw e; });
        await audit(tx, 'users', 'update-username', user.id, { student_id: b.student_id, before: user.username, username });
      });
      return ok({ username }, 'Username updated');
    },
  });

  addRoute(app, env, {
    call: 'PATCH /user/change-password/', roles: EDITORS, module: 'students', perm: 'update',
    handler: async (ctx, req) => {
      assertValid(validatePasswordReset, passwordResetPayload, req.body);
      const b = req.body as { password: string; user_id: number };
      checkPassword(b.password);
      const passwordHash = await hashPassword(b.password);
      await inTransaction(ctx, async (tx) => {
        const user = await tx.db.selectFrom('user').select(['id', 'role']).where('id', '=', b.user_id).forUpdate().executeTakeFirst();
        const linked = user && user.role === STUDENT_ROLE
          && await tx.db.selectFrom('student').select('id').where('user_id', '=', user.id).executeTakeFirst();
        if (!linked) throw badRequest('The student has no registered user');
        await tx.db.updateTable('user').set({ password_hash: passwordHash }).where('id', '=', b.user_id).execute();
        // The old password's sessions end with it.
        await endAllSessions(tx.db, ctx.school.schema, b.user_id);
        await audit(tx, 'users', 'reset-password', b.user_id, { password: '[hidden]' });
      });
      return ok({ user_id: b.user_id }, 'Password reset');
    },
  });
}
