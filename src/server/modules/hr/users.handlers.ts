/**
 * GET /hr/users/: the staff logins (every role but parent/student) an employee can be linked to.
 * By default only those not yet linked to an employee; `?all_users` (a flag: bare, or =true) lists every staff login, with
 * the employee each is linked to, for the edit form that shows the current link.
 */
import { defineHandlers } from '../../framework/calls.js';
import { STAFF_ROLES } from './staff.js';

export default defineHandlers('employees', {
  async users(ctx, { query }) {
    let qb = ctx.db.selectFrom('user as u')
      .leftJoin('hr_employee as e', 'e.user_id', 'u.id')
      .select(['u.id', 'u.name', 'u.email', 'u.username', 'u.role', 'e.id as employee_id'])
      .where('u.role', 'in', [...STAFF_ROLES]).where('u.is_disabled', '=', false);
    if (!query.all_users) qb = qb.where('e.id', 'is', null);
    return qb.orderBy('u.name').orderBy('u.id').execute();
  },
});
