/** Numeric roles as the specification names them. */
export const ROLES = {
  STUDENT: 1,
  TEACHER: 2,
  ADMIN: 3,
  SUPER_ADMIN: 4,
  DRIVER: 5,
  WATCHMAN: 6,
  LIBRARIAN: 7,
} as const;

export type Role = (typeof ROLES)[keyof typeof ROLES];

/** Every role: for calls anyone signed in may make. */
export const ALL_ROLES: readonly Role[] = Object.values(ROLES);

export const ROLE_LABELS: Record<number, string> = {
  1: 'Parent',
  2: 'Teacher',
  3: 'Admin',
  4: 'Super Admin',
  5: 'Driver',
  6: 'Watchman',
  7: 'Librarian',
};
