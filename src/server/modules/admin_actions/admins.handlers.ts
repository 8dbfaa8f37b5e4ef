import { MODULES } from '../../../shared/registry.js';
import { ROLE_IDS } from '../../../shared/roles.js';
import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { usernameTaken } from '../../framework/login-identity.js';
import { hashPassword } from '../../framework/passwords.js';
import { audit, inTransaction } from '../../framework/service.js';

type Grant = { module_key: string; create: boolean; read: boolean; update: boolean; delete: boolean };

const ALL = { create: true, read: true, update: true, delete: true };
const NONE = { create: false, read: false, update: false, delete: false };

/** Modules a school cannot switch off are always on for every admin (spec 3: locked in the table). */
const lockedGrants = (): Grant[] => MODULES.filter((m) => !m.can_disable).map((m) => ({ module_key: m.key, ...ALL }));

/** An administrator (role 3 or 4) by id; a missing one, or a login of another role, is not found. */
async function adminById(ctx: CallCtx, id: number) {
  const u = await ctx.db.selectFrom('user').select(['id', 'name', 'email', 'role']).where('id', '=', id)
    .where('role', 'in', [ROLE_IDS.admin, ROLE_IDS.super_admin]).executeTakeFirst();
  if (!u) throw ctx.fail('notAdmin', 404);
  return u;
}

/** Each module with what the admin holds of it; a super admin holds every permission. */
async function accessOf(ctx: CallCtx, admin: { id: number; role: number }) {
  const rows = admin.role === ROLE_IDS.super_admin ? [] : await ctx.db.selectFrom('admin_module_access').selectAll().where('user_id', '=', admin.id).execute();
  const byKey = new Map(rows.map((r) => [r.module_key, r]));
  return MODULES.map((m) => {
    const g = admin.role === ROLE_IDS.super_admin ? ALL : byKey.get(m.key) ?? NONE;
    return { module_key: m.key, module_name: m.title, can_disable: m.can_disable, create: !!g.create, read: !!g.read, update: !!g.update, delete: !!g.delete };
  });
}

export default defineHandlers('admins', {
  list: async (ctx) => {
    const rows = await ctx.db.selectFrom('user').select(['id', 'name', 'email', 'role', 'created_at', 'is_disabled'])
      .where('role', 'in', [ROLE_IDS.admin, ROLE_IDS.super_admin]).orderBy('role', 'desc').orderBy('name').execute();
    return rows.map((r) => ({ id: r.id, name: r.name, email: r.email, role: r.role, registration: new Date(r.created_at).toISOString(), is_disabled: r.is_disabled }));
  },

  create: async (ctx, { body }) => {
    const role = body.role ?? ROLE_IDS.admin;
    if (role === ROLE_IDS.super_admin && ctx.user.role !== ROLE_IDS.super_admin) throw ctx.fail('superAdmin', 403);
    const email = body.email.trim().toLowerCase();
    if (await usernameTaken(ctx, email)) throw ctx.fail('taken', 409, { email });
    const passwordHash = await hashPassword(body.password);
    return inTransaction(ctx, async (tx) => {
      const user = await tx.db.insertInto('user').values({ name: body.name.trim(), email, role, password_hash: passwordHash })
        .returning(['id', 'name', 'email', 'role']).executeTakeFirstOrThrow();
      // A new admin has the modules that cannot be taken away; the others wait to be granted.
      if (role === ROLE_IDS.admin && lockedGrants().length) {
        await tx.db.insertInto('admin_module_access').values(lockedGrants().map((g) => ({ user_id: user.id, ...g }))).execute();
      }
      await audit(tx, 'admins', 'create', user.id, { name: user.name, email, role });
      return user;
    });
  },

  modules: async (ctx, { params }) => {
    const admin = await adminById(ctx, params.id);
    return { admin: { id: admin.id, name: admin.name, email: admin.email, role: admin.role }, modules: await accessOf(ctx, admin) };
  },

  saveModules: async (ctx, { body }) => {
    const admin = await adminById(ctx, body.user_id);
    if (admin.id === ctx.user.id) throw ctx.fail('own', 403);
    if (admin.role === ROLE_IDS.super_admin) throw ctx.fail('superAdmin', 403);
    const given = new Map<string, Grant>();
    for (const g of body.data) {
      const def = MODULES.find((m) => m.key === g.module_key);
      if (!def) throw ctx.fail('unknown', 400, { module: g.module_key });
      if (given.has(g.module_key)) throw ctx.fail('twice', 400, { module: def.title });
      given.set(g.module_key, g);
    }
    const before = await accessOf(ctx, admin);
    // Modules not named keep what the admin had; locked ones stay fully on whatever was sent.
    const grants: Grant[] = MODULES.map((m) => {
      if (!m.can_disable) return { module_key: m.key, ...ALL };
      const g = given.get(m.key) ?? before.find((b) => b.module_key === m.key)!;
      return { module_key: m.key, create: g.create, read: g.read, update: g.update, delete: g.delete };
    });
    await inTransaction(ctx, async (tx) => {
      await tx.db.deleteFrom('admin_module_access').where('user_id', '=', admin.id).execute();
      await tx.db.insertInto('admin_module_access').values(grants.map((g) => ({ user_id: admin.id, ...g }))).execute();
      await audit(tx, 'admins', 'module-access', admin.id, { before, after: grants });
    });
    return { admin: { id: admin.id, name: admin.name, email: admin.email, role: admin.role }, modules: await accessOf(ctx, admin) };
  },
});
