/**
 * Roles. Declarations name them (`access: { read: ['parent', 'teacher'] }`); users, tokens and
 * the API carry the specification's numbers, which only this file maps.
 */
export const ROLE_IDS = {
  parent: 1,
  teacher: 2,
  admin: 3,
  super_admin: 4,
  driver: 5,
  watchman: 6,
  librarian: 7,
} as const;

export type Role = keyof typeof ROLE_IDS;
/** A role as users and the API carry it. */
export type RoleId = (typeof ROLE_IDS)[Role];

/**
 * Named groups of roles, written wherever a declaration lists roles (a resource's `access`, a
 * call's, page's or upload's `roles`): `access: { read: ['family', 'staff'], update: ['admins'] }`.
 * defineResource resolves them, so the server and the browser read roles only.
 */
export const ROLE_GROUPS = {
  /** The school office: admins and the super admin. */
  admins: ['admin', 'super_admin'],
  /** Teachers and the office: the people who teach and run the classes. */
  staff: ['teacher', 'admin', 'super_admin'],
  /** A student's family login (role 1). */
  family: ['parent'],
} as const satisfies Record<string, readonly Role[]>;

export type RoleGroup = keyof typeof ROLE_GROUPS;
/** A role or a group of roles, as declarations name them. */
export type RoleRef = Role | RoleGroup;

/** The roles a declaration's list names, its groups expanded, each once. */
export function expandRoles(refs: readonly RoleRef[]): Role[] {
  const out = new Set<Role>();
  for (const ref of refs) {
    if (ref in ROLE_GROUPS) for (const r of ROLE_GROUPS[ref as RoleGroup]) out.add(r);
    else if (ref in ROLE_IDS) out.add(ref as Role);
    else throw new Error(`No role or role group is named "${ref}"`);
  }
  return [...out];
}

/** Numbers of named roles. */
export const roleIds = (roles: readonly Role[] | undefined): RoleId[] => (roles ?? []).map((r) => ROLE_IDS[r]);

/** Whether a user (or their role number) is one of the roles or groups named: `hasRole(user, 'admins')`. */
export function hasRole(who: { role: number } | number | null | undefined, ...refs: RoleRef[]): boolean {
  const role = typeof who === 'number' ? who : who?.role;
  return role !== undefined && roleIds(expandRoles(refs)).includes(role as RoleId);
}

/** The number of one named role. */
export const roleId = (r: Role): RoleId => ROLE_IDS[r];

/** Every role by name: for calls anyone signed in may make. */
export const ROLE_NAMES = Object.keys(ROLE_IDS) as Role[];

/** The name of a role's number (undefined for a number no role has). */
export const roleName = (role: number | undefined): Role | undefined => ROLE_NAMES.find((r) => ROLE_IDS[r] === role);

/** Every role's number: for calls anyone signed in may make. */
export const ALL_ROLES: readonly RoleId[] = Object.values(ROLE_IDS);

export const ROLE_LABELS: Record<number, string> = {
  1: 'Parent',
  2: 'Teacher',
  3: 'Admin',
  4: 'Super Admin',
  5: 'Driver',
  6: 'Watchman',
  7: 'Librarian',
};
