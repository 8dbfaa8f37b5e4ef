import schema from '../../schemas/finance/expense-installment.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** Payments towards expenses, written only with their debit transactions (src/server/modules/finance/expenses.ts). */
export default defineResource({
  name: 'finance-expense-installments', module: 'finance', schema, table: 'fin_expense_installment',
  label: 'Expense Installments', singular: 'Installment', api: {},
  relations: {
    expense: { from: 'expense_id', resource: 'finance-expenses', field: 'name', cascade: true },
    account: { from: 'account_id', resource: 'finance-accounts', field: 'name' },
    payment_mode: { from: 'payment_mode_id', resource: 'finance-payment-modes', field: 'name' },
  },
  // In this order an expense's details answer them (the expense's `installments`).
  list: {
    columns: [{ field: 'payment_date', render: 'date', format: 'DD-MM-YYYY' }, { field: 'paid_amount', render: 'money' }, 'account', 'payment_mode', 'payment_details'],
    sort: 'payment_date',
  },
  access: { read: ['admins'] },
  messages: {},
});
