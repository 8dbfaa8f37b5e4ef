import type { Payroll } from '../../../generated/entities/payroll.js';
import type { ResourceHooks } from '../../framework/hooks.js';
import { entryFigures } from './entry.js';

/**
 * A payroll entry is computed here from the employee's salary structure (entry.ts, the same
 * computation a month's run uses): whatever the browser sends for the sums is not even accepted
 * (they are read-only fields). Absent days left empty are the loss-of-pay days HR recorded for
 * the month (0 when HR has no attendance for it); total days left empty are the days of the
 * month. The payslip's items are kept with the entry, so a later change of the structure does
 * not rewrite a past month.
 * An entry with installments is not deleted (the generic delete refuses while installments point
 * at it, under the entry's lock): its payments are expenses that debited an account.
 */
const hooks: ResourceHooks<Payroll> = {
  async beforeCreate(ctx, data) {
    const { figures } = await entryFigures(ctx.db, data.employee_id, data.month_year, data);
    return { ...data, ...figures, amount_paid: 0, payment_date: null };
  },
};

export default hooks;
