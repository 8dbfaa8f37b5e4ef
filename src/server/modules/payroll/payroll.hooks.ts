import type { Payroll } from '../../../generated/entities/payroll.js';
import { badRequest } from '../../framework/errors.js';
import type { ResourceHooks } from '../../framework/hooks.js';
import { assertValid, compile } from '../../framework/validation.js';
import { formatINR, toPaise, toRupees } from '../../../shared/money.js';
import { computePayslip, daysInMonth, daysProblem, monthStart } from '../../../shared/payroll.js';
import { resourceByName } from '../../../shared/registry.js';
import { hrAbsentDays } from '../hr/absence.js';
import { payInstallment, type InstallmentInput } from './installment.js';
import { itemsInPaise, salaryOf } from './salary.js';

export const SALARY_NOT_SET = 'Employee salary is not set';

/**
 * A payroll entry is computed here from the employee's salary structure (src/shared/payroll.ts).
 * The entry form may send the salary amount, but only to have it checked: any other amount than
 * the one computed is refused, naming it. A salary paid with the entry (amount paid above 0, with
 * its date, account, mode and category) is its first installment, paid exactly as the payslip's
 * installment call pays one (payInstallment), in the entry's own transaction: if the payment is
 * refused, no entry is made either.
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
    if (data.salary_amount != null && toPaise(data.salary_amount) !== slip.salaryPaise) {
      throw badRequest(`Salary amount must be ${formatINR(toRupees(slip.salaryPaise))}, as computed from the salary and loss of pay`);
    }
    return {
      ...data, month_year: month, total_days: total, absent_days: absent, present_days: slip.present_days,
      salary_amount: toRupees(slip.salaryPaise), amount_paid: 0, payment_date: null,
      extras: {
        ctc: toRupees(salary.ctcPaise),
        payslip: slip.items.map((i) => ({ key: i.key, item_name: i.item_name, type: i.type, value: toRupees(i.paise) })),
      },
    };
  },
  async afterCreate(ctx, row, input) {
    if (!input.amount_paid) return;
    const first: Partial<InstallmentInput> = {
      payment_id: row.id, amount_paid: input.amount_paid, payment_date: input.payment_date ?? undefined,
      exp_debit_account: input.exp_debit_account, exp_payment_mode: input.exp_payment_mode,
      exp_category: input.exp_category, payment_mode_details: input.payment_mode_details,
    };
    // The installment call's own checks and messages (a date, an account, a mode, a category).
    assertValid(firstInstallment.validate, firstInstallment.schema, JSON.parse(JSON.stringify(first)));
    await payInstallment(ctx, first as InstallmentInput);
  },
};

const installmentPayload = resourceByName('payslips').calls!.installment!.payload!;
const firstInstallment = { schema: installmentPayload, validate: compile(installmentPayload) };

export default hooks;
