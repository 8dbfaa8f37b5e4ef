/**
 * The one access rule. The server's requireAccess (generated and declared calls alike) and the
 * browser's access control both ask `decide`, each with the facts it holds: the person's role,
 * the school's module switches, a role-3 admin's per-module permissions, and the row scope
 * declared on the resource.
 */
import { roleIds, roleName, ROLE_IDS, type Role } from './roles.js';
import type { CallDef, Permission, ResourceDef } from './resource.js';
import { CORE_MODULES } from './registry.js';

export const ACCESS_MESSAGES = {
  signedOut: 'Your session has expired, please log in again',
  role: 'You are not allowed to do this',
  moduleOff: 'This module is not enabled for your school',
  moduleAccess: 'You do not have access to this module',
} as const;

/** A role-3 admin's permissions on one module (admin_module_access); null when none is granted. */
export interface ModuleGrant { read?: unknown; create?: unknown; update?: unknown; delete?: unknown }

export interface AccessFacts {
  role: number;
  /** Whether the school has the module on. */
  moduleOn(key: string): boolean;
  /** The admin's grant on a module (asked for role 3 only). */
  grant(key: string): ModuleGrant | null | undefined;
}

/** What a rule asks: roles (numbers), and for a module its switch and an admin's permission. */
export interface AccessRule { roles: readonly number[]; module?: string; perm: Permission }

export type Decision =
  | { allowed: true; scope: Record<string, string> | null }
  | { allowed: false; status: 401 | 403; reason: string };

const GRANT_KEY: Record<Permission, keyof ModuleGrant> = { read: 'read', create: 'create', update: 'update', remove: 'delete' };

/** The server may send booleans, 0/1 or "0"/"1". */
export const flag = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 'true';

/** Whether a role may use `perm` on a module by its grant: a role-3 admin needs it granted, other roles are not limited per module. */
export function grantAllows(role: number, grant: ModuleGrant | null | undefined, perm: Permission): boolean {
  return role !== ROLE_IDS.admin || (!!grant && flag(grant[GRANT_KEY[perm]]));
}

/** Role, module switch and per-admin module permission; no row scope (hand-registered routes). */
export function decideRule(f: AccessFacts | null, rule: AccessRule): Decision {
  if (!f) return { allowed: false, status: 401, reason: ACCESS_MESSAGES.signedOut };
  if (!rule.roles.includes(f.role)) return { allowed: false, status: 403, reason: ACCESS_MESSAGES.role };
  if (rule.module) {
    if (!f.moduleOn(rule.module)) return { allowed: false, status: 403, reason: ACCESS_MESSAGES.moduleOff };
    if (f.role === ROLE_IDS.admin && !grantAllows(f.role, f.grant(rule.module), rule.perm)) {
      return { allowed: false, status: 403, reason: ACCESS_MESSAGES.moduleAccess };
    }
  }
  return { allowed: true, scope: null };
}

/** The module whose switch and per-admin grant rule a resource; none for the platform's own (login, the school's settings). */
export const switchedModule = (r: ResourceDef): string | undefined => (CORE_MODULES.has(r.module) ? undefined : r.module);

/** The roles (numbers) a declared permission admits, narrowed by `roles` when given. */
export function permittedRoles(r: ResourceDef, perm: Permission, narrow?: readonly Role[]): number[] {
  const all = roleIds(r.access[perm]);
  return narrow ? roleIds(narrow).filter((x) => all.includes(x)) : all;
}

/** The roles a declared call admits. */
export const callRoles = (r: ResourceDef, c: CallDef): number[] => permittedRoles(r, c.permission, c.roles);

/**
 * May this person use `perm` on resource `r` (narrowed to `roles`)? When allowed, `scope` is the
 * row scope that applies to them (null: every row of the school).
 */
export function decide(f: AccessFacts | null, r: ResourceDef, perm: Permission, narrow?: readonly Role[]): Decision {
  // The platform's own calls (login, the school's settings) belong to no switchable module.
  const d = decideRule(f, { roles: permittedRoles(r, perm, narrow), module: switchedModule(r), perm });
  if (!d.allowed) return d;
  return { allowed: true, scope: rowScopeOf(r, f!.role) };
}

/** The row scope a role has on a resource: null when it reaches every row of the school. */
export function rowScopeOf(r: ResourceDef, role: number): Record<string, string> | null {
  const name = roleName(role);
  return (name && r.scope?.[name]) ?? null;
}

/**
 * Kinds of reach a row scope names, each the ids of one resource's rows the person reaches:
 * `owner`, the rows whose column holds the person's login (a parent's students, a teacher's own
 * record); or `any` of some paths from rows another kind reaches: the `pick` column (default id)
 * of `resource` rows whose `by` column holds one of them (the classes whose class teacher is the
 * person's teacher record).
 */
export type ScopeKind =
  | { resource: string; owner: string }
  | { resource: string; any: Array<{ from: string; resource: string; by: string; pick?: string }> };

export const SCOPE_KINDS: Record<string, ScopeKind> = {
  student: { resource: 'students', owner: 'user_id' },
  teacher: { resource: 'teachers', owner: 'user_id' },
  /** The HR employee record linked to the person's staff login (their own payslips). */
  employee: { resource: 'employees', owner: 'user_id' },
  /** Classes the teacher is class teacher of. */
  teacher_led_class: { resource: 'classes', any: [{ from: 'teacher', resource: 'classes', by: 'class_teacher_id' }] },
  /** Classes the teacher leads or teaches a subject in. */
  teacher_class: {
    resource: 'classes',
    any: [{ from: 'teacher_led_class', resource: 'classes', by: 'id' }, { from: 'teacher', resource: 'subjects', by: 'subject_teacher_id', pick: 'class_id' }],
  },
  /** Subjects the teacher teaches, and every subject of the classes they lead. */
  teacher_subject: {
    resource: 'subjects',
    any: [{ from: 'teacher', resource: 'subjects', by: 'subject_teacher_id' }, { from: 'teacher_led_class', resource: 'subjects', by: 'class_id' }],
  },
  /** A test's subjects for a class (marks sheets) whose subject the teacher teaches or whose class they lead. */
  teacher_test_subject: { resource: 'test-subjects', any: [{ from: 'teacher_subject', resource: 'test-subjects', by: 'subject_id' }] },
  /** The classes a parent's (or student's) own children are in now (their notes). */
  student_class: { resource: 'classes', any: [{ from: 'student', resource: 'students', by: 'id', pick: 'class_id' }] },
  /** The bus driver record linked to the person's login (role 5). */
  driver: { resource: 'bus-drivers', owner: 'user_id' },
};
