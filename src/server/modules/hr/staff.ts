import { ROLE_IDS } from '../../../shared/roles.js';

/** Logins that can be an employee's: every role but a parent/student's (teacher, admins, driver, watchman, librarian). */
export const STAFF_ROLES: readonly number[] = Object.values(ROLE_IDS).filter((r) => r !== ROLE_IDS.parent);
