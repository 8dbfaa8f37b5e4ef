import { conflict } from '../../framework/errors.js';
import type { Teacher } from '../../../generated/entities/teachers.js';
import type { ResourceHooks } from '../../framework/hooks.js';
import { hashPassword, randomPassword } from '../../framework/passwords.js';
import { endAllSessions } from '../../framework/sessions.js';

const TEACHER_ROLE = 2;

/** A teacher is also a login (role 2) with the teacher's email; the record keeps the user's id. */
export const teacherHooks: ResourceHooks<Teacher> = {
  async beforeCreate(ctx, data) {
    const email = String(data.email).trim().toLowerCase();
    const clash = await ctx.db.selectFrom('user').select('id').where((eb) => eb(eb.fn('lower', ['email']), '=', email)).executeTakeFirst();
    if (clash) throw conflict('Email already registered');
    const user = await ctx.db.insertInto('user').values({
      name: data.fullname, email, mobile: data.mobile, role: TEACHER_ROLE,
      password_hash: await hashPassword(data.password ?? randomPassword(8)),
    }).returning('id').executeTakeFirstOrThrow();
    const { password: _, ...rest } = data;
    return { ...rest, email, user_id: user.id };
  },
  async beforeUpdate(ctx, data, existing) {
    const changes: Record<string, unknown> = {};
    if (data.fullname !== undefined) changes.name = data.fullname;
    if (data.mobile !== undefined) changes.mobile = data.mobile;
    if (data.password !== undefined) changes.password_hash = await hashPassword(data.password);
    if (existing.user_id && Object.keys(changes).length) await ctx.db.updateTable('user').set(changes).where('id', '=', existing.user_id).execute();
    const { password: _, ...rest } = data;
    return rest;
  },
  async afterRemove(ctx, existing) {
    if (!existing.user_id) return;
    await endAllSessions(ctx.db, ctx.school.schema, existing.user_id);
    await ctx.db.deleteFrom('user').where('id', '=', existing.user_id).execute();
  },
};

export default teacherHooks;
