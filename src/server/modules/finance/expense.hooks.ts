import type { Expense } from '../../../generated/entities/finance.js';
import { toPaise, toRupees } from '../../../shared/money.js';
import { badRequest } from '../../framework/errors.js';
import type { ResourceHooks } from '../../framework/hooks.js';
import { forgetExpenseMoney } from './expenses.js';

/**
 * Editing an expense keeps its total the server's (amount + tax), never below what is already
 * paid; deleting it takes its installments' transactions off their accounts (the installments
 * go with it, resources/finance/expense-installment.ts).
 */
export const expenseHooks: ResourceHooks<Expense> = {
  beforeUpdate(_ctx, data, existing) {
    if (data.amount === undefined && data.tax === undefined) return data;
    const total = toPaise(data.amount ?? Number(existing.amount)) + toPaise(data.tax ?? Number(existing.tax));
    if (total < toPaise(Number(existing.paid_amount))) throw badRequest('The total cannot be less than what is already paid');
    return { ...data, total_amount: toRupees(total) };
  },
  async beforeRemove(ctx, existing) {
    await forgetExpenseMoney(ctx, existing.id);
  },
};

export default expenseHooks;
