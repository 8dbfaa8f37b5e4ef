/**
 * Who may do what in the browser. Reads the same declarations the server enforces
 * (`roleAllows`) and, for admins of role 3, their per-module permissions from /admin/modules/,
 * so a hidden button and a refused call agree. Pure; the Refine provider wraps it.
 */
import type { Permission, ResourceDef } from '../../../src/shared/resource.js';
import { decide, flag, grantAllows, type AccessFacts } from '../../../src/shared/access.js';
import type { AccessControlProvider } from '@refinedev/core';

/** A module entry as /about/school/ and /admin/modules/ return it. */
export interface ModuleState {
  module_key: string;
  title?: string;
  link?: string;
  icon?: string;
  enabled?: unknown;
  hidden?: unknown;
  can_disable?: unknown;
  read?: unknown;
  create?: unknown;
  update?: unknown;
  delete?: unknown;
}

export { flag };

export interface AccessContext {
  role: number;
  /** The school's module list (enabled, hidden) from /about/school/. */
  schoolModules: ModuleState[];
  /** Per-admin permissions from /admin/modules/ (roles 3 and 4 only). */
  adminModules: ModuleState[] | null;
}

/** A module the school has switched off ('Pro'); a module nobody lists counts as on. */
export function moduleEnabled(ctx: AccessContext, key: string): boolean {
  const m = ctx.adminModules?.find((x) => x.module_key === key) ?? ctx.schoolModules.find((x) => x.module_key === key);
  return m === undefined || m.enabled === undefined || flag(m.enabled);
}

/** A role-3 admin's permission on a module; role 4 and other roles are not limited per module. */
export function modulePermits(ctx: AccessContext, key: string, perm: Permission): boolean {
  return grantAllows(ctx.role, ctx.adminModules?.find((x) => x.module_key === key), perm);
}

/** What the browser knows, as the facts the shared rule reads. */
export function accessFacts(ctx: AccessContext): AccessFacts {
  return { role: ctx.role, moduleOn: (key) => moduleEnabled(ctx, key), grant: (key) => ctx.adminModules?.find((x) => x.module_key === key) ?? null };
}

/** The server's rule (src/shared/access.ts `decide`), with the browser's facts. */
export function can(ctx: AccessContext, def: ResourceDef, perm: Permission, roles?: Parameters<typeof decide>[3]): boolean {
  return decide(accessFacts(ctx), def, perm, roles).allowed;
}

/** Refine's action names onto declaration permissions; declared actions name their own. */
export function permissionFor(def: ResourceDef, action: string): Permission {
  switch (action) {
    case 'list': case 'show': case 'read': return 'read';
    case 'create': case 'clone': return 'create';
    case 'edit': case 'update': return 'update';
    case 'delete': case 'remove': return 'remove';
    default: return def.actions?.[action]?.permission ?? def.pages?.[action]?.permission ?? 'read';
  }
}

export function createAccessControlProvider(resources: ResourceDef[], ctx: AccessContext): AccessControlProvider {
  return {
    can: async ({ resource, action }) => {
      const def = resources.find((r) => r.name === resource);
      if (!def) return { can: true };
      const ok = can(ctx, def, permissionFor(def, action));
      return ok ? { can: true } : { can: false, reason: 'You do not have permission to do this' };
    },
    options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
  };
}
