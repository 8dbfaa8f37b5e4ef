import type { FastifyInstance } from 'fastify';
import { ALL_ROLES } from '../../../shared/roles.js';
import { ok } from '../../framework/envelope.js';
import { badRequest, forbidden, unauthorized } from '../../framework/errors.js';
import { loginIdentity } from '../../framework/login-identity.js';
import { hashPassword, passwordIsUsername, randomToken, sha256, verifyPassword } from '../../framework/passwords.js';
import { addRoute, type RouteEnv } from '../../framework/route.js';
import { endAllSessions, endSession, startSession } from '../../framework/sessions.js';
import { assertValid, compile } from '../../framework/validation.js';
import { changePasswordPayload, forgotPayload, loginPayload, resetPayload } from './payloads.js';

const RESET_LIFETIME_MS = 60 * 60 * 1000;
// Verified when no account matches, so a wrong identifier costs as long as a wrong password.
const DUMMY_HASH = hashPassword('not-a-real-password');

const v = {
  login: compile(loginPayload),
  forgot: compile(forgotPayload),
  reset: compile(resetPayload),
  change: compile(changePasswordPayload),
};

export default function registerAuthRoutes(app: FastifyInstance, env: RouteEnv) {
  addRoute(app, env, {
    call: 'POST /login/', public: true, rateLimited: true,
    handler: async (ctx, req) => {
      assertValid(v.login, loginPayload, req.body);
      const { email, password, remember = true } = req.body as { email: string; password: string; remember?: boolean };
      const id = loginIdentity(email);
      const candidates = await ctx.db.selectFrom('user').select(['id', 'name', 'email', 'username', 'mobile', 'role', 'password_hash', 'is_disabled'])
        .where((eb) => eb.or([
          eb(eb.fn('lower', ['email']), '=', id),
          eb(eb.fn('lower', ['username']), '=', id),
          eb('mobile', '=', id),
        ])).limit(20).execute();
      let user: (typeof candidates)[number] | undefined;
      for (const c of candidates) if (await verifyPassword(c.password_hash, password, c.username)) { user = c; break; }
      if (!candidates.length) await verifyPassword(await DUMMY_HASH, password);
      if (!user) throw unauthorized('Incorrect email/mobile or password');
      if (user.is_disabled) throw forbidden('Your account is disabled, please contact the school');
      const token = await startSession(ctx.db, user.id, remember);
      const { password_hash: stored, is_disabled: __, ...profile } = user;
      // A password that is still the username: the browser asks for a new one.
      return ok({ token, user: { ...profile, ...(passwordIsUsername(stored) ? { password_is_username: true } : {}) } }, 'Logged in');
    },
  });

  addRoute(app, env, {
    call: 'POST /logout/', roles: ALL_ROLES,
    handler: async (ctx, req) => {
      await endSession(ctx.db, ctx.school.schema, req.tokenHash!);
      return ok(null, 'Logged out');
    },
  });

  addRoute(app, env, {
    call: 'GET /auth/', roles: ALL_ROLES,
    handler: async (ctx) => ok(ctx.user),
  });

  addRoute(app, env, {
    call: 'POST /forgot-password/', public: true, rateLimited: true,
    handler: async (ctx, req) => {
      assertValid(v.forgot, forgotPayload, req.body);
      const email = loginIdentity((req.body as { email: string }).email);
      const user = await ctx.db.selectFrom('user').select(['id', 'name', 'email']).where((eb) => eb(eb.fn('lower', ['email']), '=', email)).executeTakeFirst();
      if (user) {
        const key = randomToken();
        await ctx.db.insertInto('password_reset').values({ user_id: user.id, key_hash: sha256(key), expires_at: new Date(Date.now() + RESET_LIFETIME_MS) }).execute();
        const link = `${ctx.config.publicUrl}/reset-password?user=${user.id}&key=${key}&sch_code=${ctx.school.code}`;
        await ctx.integrations.email.send(ctx.db, {
          to: user.email!, // found by its e-mail
          subject: `${ctx.school.name}: reset your password`,
          body: `Hello ${user.name},\n\nOpen this link within one hour to set a new password:\n${link}\n\nIf you did not ask for this, ignore this mail; your password stays as it is.`,
        });
      }
      // The same answer either way, so the call does not reveal who has an account.
      return ok(null, 'If this email is registered, a password reset link has been sent to it');
    },
  });

  addRoute(app, env, {
    call: 'POST /reset-password/', public: true, rateLimited: true,
    handler: async (ctx, req) => {
      assertValid(v.reset, resetPayload, req.body);
      const body = req.body as { user_id: number | string; email: string; password: string; reset_key: string };
      const userId = Number(body.user_id);
      const dead = badRequest('This password reset link is invalid or has expired');
      const passwordHash = await hashPassword(body.password);
      return ctx.db.transaction().execute(async (trx) => {
        const reset = await trx.selectFrom('password_reset').select(['id']).where('user_id', '=', userId)
          .where('key_hash', '=', sha256(body.reset_key)).where('used_at', 'is', null).where('expires_at', '>', new Date())
          .forUpdate().executeTakeFirst();
        const user = await trx.selectFrom('user').select(['id', 'email']).where('id', '=', userId).executeTakeFirst();
        if (!reset || !user || user.email?.toLowerCase() !== loginIdentity(body.email)) throw dead;
        await trx.updateTable('user').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
        await trx.updateTable('password_reset').set({ used_at: new Date() }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
        await endAllSessions(trx, ctx.school.schema, userId);
        return ok(null, 'Password changed, please log in with the new password');
      });
    },
  });

  addRoute(app, env, {
    call: 'POST /user/change-password/', roles: ALL_ROLES,
    handler: async (ctx, req) => {
      assertValid(v.change, changePasswordPayload, req.body);
      const body = req.body as { old_password: string; new_password: string; confirm_password: string };
      if (body.new_password !== body.confirm_password) throw badRequest('Passwords do not match');
      const row = await ctx.db.selectFrom('user').select(['password_hash', 'username']).where('id', '=', ctx.user.id).executeTakeFirstOrThrow();
      if (!(await verifyPassword(row.password_hash, body.old_password, row.username))) throw badRequest('Old password is incorrect');
      const passwordHash = await hashPassword(body.new_password);
      await ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('user').set({ password_hash: passwordHash }).where('id', '=', ctx.user.id).execute();
        // Other devices sign in again; this one stays signed in.
        await endAllSessions(trx, ctx.school.schema, ctx.user.id, req.tokenHash!);
      });
      return ok(null, 'Password Changed');
    },
  });
}
