import type { Driver } from '../../../generated/entities/transport.js';
import { ROLE_IDS } from '../../../shared/roles.js';
import { conflict } from '../../framework/errors.js';
import type { ResourceHooks } from '../../framework/hooks.js';
import { loginIdentity, usernameTaken } from '../../framework/login-identity.js';
import { hashPassword } from '../../framework/passwords.js';
import { endAllSessions } from '../../framework/sessions.js';

/** The spec's words when a driver's details cannot be saved (spec 3 §8). */
const UPDATE_FAILED = 'Failed to update driver details';

/**
 * A driver is also a login of role 5 with the driver's email (spec 3 §3): made with the driver,
 * kept in step with their name, mobile and password, and its sessions ended when the password
 * changes. The email is fixed once created (the declaration's fixedAfterCreate).
 */
export const driverHooks: ResourceHooks<Driver> = {
  async beforeCreate(ctx, data) {
    const email = loginIdentity(data.email);
    // Usernames and e-mails are one namespace, since either signs in.
    if (await usernameTaken(ctx, email)) throw conflict('Email already registered');
    // The login table belongs to no resource.
    const user = await ctx.db.insertInto('user').values({
      name: data.name, email, mobile: data.mobile_no, role: ROLE_IDS.driver, password_hash: await hashPassword(data.password!),
    }).returning('id').executeTakeFirstOrThrow();
    const { password: _, ...rest } = data;
    return { ...rest, email, user_id: user.id } as Driver;
  },
  async beforeUpdate(ctx, data, existing) {
    const changes: Record<string, unknown> = {};
    if (data.name !== undefined) changes.name = data.name;
    if (data.mobile_no !== undefined) changes.mobile = data.mobile_no;
    if (data.password !== undefined) changes.password_hash = await hashPassword(data.password);
    if (Object.keys(changes).length) {
      // A driver whose login is gone cannot be saved as a login again without an email check: refuse.
      const done = existing.user_id
        ? await ctx.db.updateTable('user').set(changes).where('id', '=', existing.user_id).where('role', '=', ROLE_IDS.driver).executeTakeFirst()
        : undefined;
      if (!done || Number(done.numUpdatedRows) !== 1) throw conflict(UPDATE_FAILED);
      if (data.password !== undefined) await endAllSessions(ctx.db, ctx.school.schema, existing.user_id!);
    }
    const { password: _, ...rest } = data;
    return rest;
  },
};

export default driverHooks;
