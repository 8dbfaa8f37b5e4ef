import type { Ctx } from '../../framework/context.js';
import { badRequest, notFound } from '../../framework/errors.js';
import { SCHOOL_TZ } from '../../framework/periods.js';
import { items } from '../../framework/items.js';
import { audit, inTransaction } from '../../framework/service.js';
import { toPaise, toRupees } from '../../../shared/money.js';
import { resourceByName } from '../../../shared/registry.js';
import { INSTALLMENT_THRESHOLD_PAISE, monthLabel } from '../../../shared/payroll.js';
import { service } from '../../framework/services.js';
import { dayOf } from './payslip.js';

export interface InstallmentInput {
  payment_id: number;
  amount_paid: number;
  payment_date: string;
  exp_debit_account: number;
  exp_payment_mode: number;
  exp_category: number;
  payment_mode_details?: string | null;
}

const ERR = resourceByName('payslips').calls!.installment!.errors!;

/**
 * Pays part or all of a payroll entry. The entry's row is locked first (FOR UPDATE), so
 * installments on one payslip run one after another and each sees what the last one paid: the
 * amount can never pass what is pending. The same transaction records the payment as a finance
 * expense (createExpense), which debits the chosen account; if any of it fails, none of it stays.
 */
export async function payInstallment(ctx: Ctx, body: InstallmentInput, now = new Date()) {
  const amount = toPaise(body.amount_paid);
  if (body.payment_date > now.toLocaleDateString('en-CA', { timeZone: SCHOOL_TZ })) throw badRequest(ERR.future!);
  return inTransaction(ctx, async (tx) => {
    const entry = await tx.db.selectFrom('payroll as p').innerJoin('hr_employee as e', 'e.id', 'p.employee_id')
      .select(['p.id', 'p.month_year', 'p.salary_amount', 'p.amount_paid', 'e.name'])
      .where('p.id', '=', body.payment_id).forUpdate('p').executeTakeFirst();
    if (!entry) throw notFound('Payroll entry not found');
    const salary = toPaise(Number(entry.salary_amount));
    const paid = toPaise(Number(entry.amount_paid));
    const pending = salary - paid;
    if (pending <= INSTALLMENT_THRESHOLD_PAISE && amount > pending) throw badRequest(ERR.nothing!);
    if (amount > pending) throw badRequest(ERR.tooMuch!);
    const mode = await tx.db.selectFrom('fin_payment_mode').select('name').where('id', '=', body.exp_payment_mode).executeTakeFirst();
    if (!mode) throw badRequest('Payment mode not found');
    const month = monthLabel(dayOf(entry.month_year));
    const details = body.payment_mode_details?.trim() || null;
    const expense = await service('finance.createExpense')(tx, {
      name: `Salary ${month}: ${entry.name}`, exp_cat_id: body.exp_category, account_id: body.exp_debit_account,
      amountPaise: amount, taxPaise: 0, firstPaymentPaise: amount, date: body.payment_date,
      payment_mode_id: body.exp_payment_mode, payment_details: details, description: `Payroll entry ${entry.id}`,
    });
    const inst = await items(tx, 'payroll-installments').create({
      payroll_id: entry.id, amount: toRupees(amount), payment_date: body.payment_date, payment_mode: mode.name,
      payment_mode_details: details, account_id: body.exp_debit_account, expense_id: expense.id, created_by: tx.user.id,
    });
    await items(tx, 'payrolls').update(entry.id, { amount_paid: toRupees(paid + amount), payment_date: body.payment_date }, { action: 'installment' });
    // The call's own record, under the payslip it is declared on: a payslip stores nothing of its
    // own (it is the payroll entry), so no write above is audited under it.
    await audit(tx, 'payslips', 'installment', entry.id, {
      installment_id: inst.id, amount: toRupees(amount), payment_date: body.payment_date, account_id: body.exp_debit_account,
      payment_mode: mode.name, expense_id: expense.id, paid_before: toRupees(paid),
    });
    return { id: inst.id, payroll_id: entry.id, amount: toRupees(amount), amount_paid: toRupees(paid + amount), pending: toRupees(pending - amount), expense_id: expense.id };
  });
}
