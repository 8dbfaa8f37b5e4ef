import { withTransaction } from '../../db/index.js';
import { defineHandlers } from '../../framework/calls.js';
import { loginIdentity } from '../../framework/login-identity.js';
import { hashPassword, passwordIsUsername, randomToken, sha256, verifyPassword } from '../../framework/passwords.js';
import { endAllSessions, endSession, startSession } from '../../framework/sessions.js';
import { service } from '../../framework/services.js';
import { notificationsOf } from '../../platform/notifications.js';

const RESET_LIFETIME_MS = 60 * 60 * 1000;
// Verified when no account matches, so a wrong identifier costs as long as a wrong password.
const DUMMY_HASH = hashPassword('not-a-real-password');

export default defineHandlers('account', {
  login: async (ctx, { body }) => {
    const id = loginIdentity(body.email);
    const candidates = await ctx.db.selectFrom('user').select(['id', 'name', 'email', 'username', 'mobile', 'role', 'password_hash', 'is_disabled'])
      .where((eb) => eb.or([
        eb(eb.fn('lower', ['email']), '=', id),
        eb(eb.fn('lower', ['username']), '=', id),
        eb('mobile', '=', id),
      ])).limit(20).execute();
    let user: (typeof candidates)[number] | undefined;
    for (const c of candidates) if (await verifyPassword(c.password_hash, body.password, c.username)) { user = c; break; }
    if (!candidates.length) await verifyPassword(await DUMMY_HASH, body.password);
    if (!user) throw ctx.fail('wrong', 401);
    if (user.is_disabled) throw ctx.fail('disabled', 403);
    const token = await startSession(ctx.db, user.id, body.remember ?? true);
    const { password_hash: stored, is_disabled: __, ...profile } = user;
    // A password that is still the username: the browser asks for a new one.
    return { token, user: { ...profile, ...(passwordIsUsername(stored) ? { password_is_username: true as const } : {}) } };
  },

  logout: async (ctx) => {
    await endSession(ctx.db, ctx.school.schema, ctx.tokenHash!);
    return null;
  },

  me: async (ctx) => ctx.user,

  forgotPassword: async (ctx, { body }) => {
    const email = loginIdentity(body.email);
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
    return null;
  },

  resetPassword: async (ctx, { body }) => {
    const userId = Number(body.user_id);
    const passwordHash = await hashPassword(body.password);
    return withTransaction(ctx.db, async (trx) => {
      const reset = await trx.selectFrom('password_reset').select(['id']).where('user_id', '=', userId)
        .where('key_hash', '=', sha256(body.reset_key)).where('used_at', 'is', null).where('expires_at', '>', new Date())
        .forUpdate().executeTakeFirst();
      const user = await trx.selectFrom('user').select(['id', 'email']).where('id', '=', userId).executeTakeFirst();
      if (!reset || !user || user.email?.toLowerCase() !== loginIdentity(body.email)) throw ctx.fail('dead');
      await trx.updateTable('user').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
      await trx.updateTable('password_reset').set({ used_at: new Date() }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
      await endAllSessions(trx, ctx.school.schema, userId);
      return null;
    });
  },

  changePassword: async (ctx, { body }) => {
    if (body.new_password !== body.confirm_password) throw ctx.fail('mismatch');
    const row = await ctx.db.selectFrom('user').select(['password_hash', 'username']).where('id', '=', ctx.user.id).executeTakeFirstOrThrow();
    if (!(await verifyPassword(row.password_hash, body.old_password, row.username))) throw ctx.fail('oldWrong');
    const passwordHash = await hashPassword(body.new_password);
    await withTransaction(ctx.db, async (trx) => {
      await trx.updateTable('user').set({ password_hash: passwordHash }).where('id', '=', ctx.user.id).execute();
      // Other devices sign in again; this one stays signed in.
      await endAllSessions(trx, ctx.school.schema, ctx.user.id, ctx.tokenHash!);
    });
    return null;
  },

  notifications: async (ctx) => notificationsOf(ctx),

  teacher: async (ctx) => (await ctx.db.selectFrom('teacher').selectAll().where('user_id', '=', ctx.user.id).executeTakeFirst()) ?? null,

  teacherSettings: async (ctx) => {
    const teacher = await ctx.db.selectFrom('teacher').select('id').where('user_id', '=', ctx.user.id).executeTakeFirst();
    const classes = teacher
      ? await ctx.db.selectFrom('class').select(['id', 'class', 'section']).where('class_teacher_id', '=', teacher.id).execute()
      : [];
    // The school's teacher access setting (spec 3 §6): 'restricted' keeps a teacher to the homework they set.
    return { class_teacher_of: classes, teacher_access_mode: await service('homework.teacherAccessMode')(ctx.db) };
  },
});
