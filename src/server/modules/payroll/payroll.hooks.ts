import type { Payroll } from '../../../generated/entities/payroll.js';
import { badRequest, conflict } from '../../framework/errors.js';
import type { ResourceHooks } from '../../framework/hooks.js';
import { toRupees } from '../../../shared/money.js';
import { computePayslip, daysInMonth, daysProblem, monthStart } from '../../../shared/payroll.js';
import { hrAbsentDays } from '../hr/absence.js';
import { itemsInPaise, salaryOf } from './salary.js';

export const SALARY_NOT_SET = 'Employee salary is not set';
export const HAS_PAYMENTS = 'This payroll has payments and cannot be deleted; its payments are expenses in the accounts';

/**
 * A payroll entry is computed here from the employee's salary structure (src/shared/payroll.ts):
 * whatever the browser sends for the sums is not even accepted (they are read-only fields).
 * Absent days left empty are the loss-of-pay days HR recorded for the month (0 when HR has no
 * attendance for it); total days left empty are the days of the month. The payslip's items are
 * kept with the entry, so a later change of the structure does not rewrite a past month.
 */
const hooks: ResourceHooks<Payroll> = {
  async beforeCreate(ctx, data) {
    const month = monthStart(data.month_year);
    const salary = await salaryOf(ctx.db, data.employee_id);
    if (!salary) throw badRequest(SALARY_NOT_SET);
    const total = data.total_days ?? daysInMonth(month);
    const absent = data.absent_days ?? (await hrAbsentDays(ctx.db, data.employee_id, month.slice(0, 7))) ?? 0;
    const problem = daysProblem(total, absent);
    if (problem) throw badRequest(problem);
    const slip = computePayslip(salary.ctcPaise, itemsInPaise(salary.items), total, absent);
    return {
      ...data, month_year: month, total_days: total, absent_days: absent, present_days: slip.present_days,
      salary_amount: toRupees(slip.salaryPaise), amount_paid: 0, payment_date: null,
      extras: {
        ctc: toRupees(salary.ctcPaise),
        payslip: slip.items.map((i) => ({ key: i.key, item_name: i.item_name, type: i.type, value: toRupees(i.paise) })),
      },
    };
  },

  /** A paid entry stays: its installments are expenses that debited an account. */
  async beforeRemove(ctx, existing) {
    // Under the entry's lock, so an installment being paid is either seen here or waits and finds the entry gone.
    await ctx.db.selectFrom('payroll').select('id').where('id', '=', existing.id).forUpdate().execute();
    const paid = await ctx.db.selectFrom('payroll_installment').select('id').where('payroll_id', '=', existing.id).limit(1).executeTakeFirst();
    if (paid) throw conflict(HAS_PAYMENTS);
  },
};

export default hooks;
