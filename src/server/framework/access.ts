import { ROLE_IDS } from '../../shared/roles.js';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../generated/db.js';
import { decideRule, type AccessFacts, type AccessRule, type Decision, type ModuleGrant } from '../../shared/access.js';
import { AppError } from './errors.js';
import { isModuleEnabled, moduleStates } from './modules.js';
import type { AuthUser, Ctx } from './context.js';

/** The facts the shared rule needs about a person, read for one module. */
async function factsOf(db: Kysely<DB>, schema: string, user: AuthUser, module?: string): Promise<AccessFacts> {
  const states = module ? await moduleStates(db, schema) : {};
  const grant: ModuleGrant | null = module && user.role === ROLE_IDS.admin
    ? (await db.selectFrom('admin_module_access').selectAll().where('user_id', '=', user.id).where('module_key', '=', module).executeTakeFirst()) ?? null
    : null;
  return { role: user.role, moduleOn: (key) => isModuleEnabled(states, key), grant: () => grant };
}

/** This request's person's facts; none when signed out. */
const factsFor = async (req: FastifyRequest, module?: string): Promise<AccessFacts | null> =>
  req.user ? factsOf(req.sdb, req.school.schema, req.user, module) : null;

/** Applies the shared rule to a person outside a request (a socket's sender); a refusal is thrown with its status. */
export async function requireDecisionFor(ctx: Pick<Ctx, 'db' | 'school' | 'user'>, module: string | undefined, decision: (f: AccessFacts | null) => Decision): Promise<void> {
  const d = decision(await factsOf(ctx.db, ctx.school.schema, ctx.user, module));
  if (!d.allowed) throw new AppError(d.status, d.reason);
}

/** Applies the shared rule to this request (src/shared/access.ts `decide`); a refusal is thrown with its status. */
export async function requireDecision(req: FastifyRequest, module: string | undefined, decision: (f: AccessFacts | null) => Decision): Promise<{ user: AuthUser; scope: Record<string, string> | null }> {
  const d = decision(await factsFor(req, module));
  if (!d.allowed) throw new AppError(d.status, d.reason);
  return { user: req.user!, scope: d.scope };
}

/**
 * The rule for every route: the role may do it, the school has the module on,
 * and an admin (role 3) holds that permission on the module.
 */
export async function requireAccess(req: FastifyRequest, roles: readonly number[], module?: string, perm: AccessRule['perm'] = 'read'): Promise<AuthUser> {
  return (await requireDecision(req, module, (f) => decideRule(f, { roles, module, perm }))).user;
}

/**
 * Whether this person may use a module's `perm` (the same rule as a call to it), for a call that
 * shows figures of several modules (the admin dashboard) and leaves out what they may not see.
 */
export async function mayUseModule(ctx: Pick<Ctx, 'db' | 'school' | 'user'>, module: string, perm: AccessRule['perm'] = 'read'): Promise<boolean> {
  return decideRule(await factsOf(ctx.db, ctx.school.schema, ctx.user, module), { roles: [ctx.user.role], module, perm }).allowed;
}
