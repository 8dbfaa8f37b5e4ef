import type { Payroll } from '../../../generated/entities/payroll.js';
import { badRequest } from '../../framework/errors.js';
import type { ResourceHooks } from '../../framework/hooks.js';
import { assertValid, compile } from '../../framework/validation.js';
import { formatINR, toPaise } from '../../../shared/money.js';
import { resourceByName } from '../../../shared/registry.js';
import { entryFigures } from './entry.js';
import { payInstallment, type InstallmentInput } from './installment.js';

/**
 * A payroll entry is computed here from the employee's salary structure (entry.ts, the same
 * computation a month's run uses). The entry form may send the salary amount, but only to have
 * it checked: any other amount than the one computed is refused, naming it. A salary paid with
 * the entry (amount paid above 0, with its date, account, mode and category) is its first
 * installment, paid exactly as the payslip's installment call pays one (payInstallment), in the
 * entry's own transaction: if the payment is refused, no entry is made either.
 * The payslip's items are kept with the entry, so a later change of the structure does not
 * rewrite a past month.
 * An entry with installments is not deleted (the generic delete refuses while installments point
 * at it, under the entry's lock): its payments are expenses that debited an account.
 */
const hooks: ResourceHooks<Payroll> = {
  async beforeCreate(ctx, data) {
    const { figures } = await entryFigures(ctx.db, data.employee_id, data.month_year, data);
    if (data.salary_amount != null && toPaise(data.salary_amount) !== toPaise(figures.salary_amount)) {
      throw badRequest(`Salary amount must be ${formatINR(figures.salary_amount)}, as computed from the salary and loss of pay`);
    }
    return { ...data, ...figures, amount_paid: 0, payment_date: null };
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
