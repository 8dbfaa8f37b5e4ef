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

/** Numbers of named roles. */
export const roleIds = (roles: readonly Role[] | undefined): RoleId[] => (roles ?? []).map((r) => ROLE_IDS[r]);

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
