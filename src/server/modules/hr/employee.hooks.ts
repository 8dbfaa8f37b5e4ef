import type { Employee } from '../../../generated/entities/hr.js';
import { badRequest, conflict } from '../../framework/errors.js';
import type { Ctx } from '../../framework/context.js';
import type { ResourceHooks } from '../../framework/hooks.js';
import { STAFF_ROLES } from './staff.js';

/**
 * An employee's login must be a staff login (never a parent's) and belong to one employee only:
 * the link is what lets that person read their own payslips (row-scope kind `employee`).
 */
async function checkLogin(ctx: Ctx, userId: number | null | undefined, selfId?: number) {
  if (userId == null) return;
  const user = await ctx.db.selectFrom('user').select(['id', 'role']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw badRequest('Login not found');
  if (!STAFF_ROLES.includes(user.role)) throw badRequest('Only a staff login can be linked to an employee');
  let other = ctx.db.selectFrom('hr_employee').select('name').where('user_id', '=', userId);
  if (selfId !== undefined) other = other.where('id', '!=', selfId);
  const taken = await other.executeTakeFirst();
  if (taken) throw conflict(`This login is already linked to ${taken.name}`);
}

export const employeeHooks: ResourceHooks<Employee> = {
  async beforeCreate(ctx, data) {
    await checkLogin(ctx, data.user_id);
    return data;
  },
  async beforeUpdate(ctx, data, existing) {
    if (data.user_id !== undefined) await checkLogin(ctx, data.user_id, existing.id);
    if (data.hire_date !== undefined || data.join_date !== undefined) {
      // The schema compares the two only when both are sent; a change to one is checked against the stored other.
      const hire = data.hire_date ?? existing.hire_date;
      const join = data.join_date ?? existing.join_date;
      if (join < hire) throw badRequest('The join date cannot be before the hire date');
    }
    return data;
  },
};

export default employeeHooks;
