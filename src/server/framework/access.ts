import type { FastifyRequest } from 'fastify';
import type { Permission } from '../../shared/resource.js';
import { forbidden, unauthorized } from './errors.js';
import { isModuleEnabled, moduleStates } from './modules.js';
import type { AuthUser } from './context.js';

const COLUMN: Record<Permission, 'read' | 'create' | 'update' | 'delete'> = { read: 'read', create: 'create', update: 'update', remove: 'delete' };

/**
 * The rule for every route: the role may do it, the school has the module on,
 * and an admin (role 3) holds that permission on the module.
 */
export async function requireAccess(req: FastifyRequest, roles: readonly number[], module?: string, perm: Permission = 'read'): Promise<AuthUser> {
  const user = req.user;
  if (!user) throw unauthorized();
  if (!roles.includes(user.role)) throw forbidden();
  if (!module) return user;
  const states = await moduleStates(req.sdb, req.school.schema);
  if (!isModuleEnabled(states, module)) throw forbidden('This module is not enabled for your school');
  if (user.role === 3) {
    const row = await req.sdb.selectFrom('admin_module_access').selectAll()
      .where('user_id', '=', user.id).where('module_key', '=', module).executeTakeFirst();
    if (!row || !row[COLUMN[perm]]) throw forbidden('You do not have access to this module');
  }
  return user;
}
