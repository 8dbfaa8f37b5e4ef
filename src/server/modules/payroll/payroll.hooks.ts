import type { Payroll } from '../../../generated/entities/payroll.js';
import { badRequest } from '../../framework/errors.js';
import type { ResourceHooks } from '../../framework/hooks.js';
import { toRupees } from '../../../shared/money.js';
import { computePayslip, daysInMonth, daysProblem, monthStart } from '../../../shared/payroll.js';
import { hrAbsentDays } from '../hr/absence.js';
import { itemsInPaise, salaryOf } from './salary.js';

export const SALARY_NOT_SET = 'Employee salary is not set';

/**
 * A payroll entry is computed here from the employee's salary structure (src/shared/payroll.ts):
 * whatever the browser sends for the sums is not even accepted (they are read-only fields).
 * Absent days left empty are the loss-of-pay days HR recorded for the month (0 when HR has no
 * attendance for it); total days left empty are the days of the month. The payslip's items are
 * kept with the entry, so a later change of the structure does not rewrite a past month.
 * An entry with installments is not deleted (the generic delete refuses while installments point
 * at it, under the entry's lock): its payments are expenses that debited an account.
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
};

export default hooks;
