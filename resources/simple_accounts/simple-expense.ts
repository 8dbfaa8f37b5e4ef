import schema from '../../schemas/simple_accounts/simple-expense.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * Simple expenses (spec 2): a name, an amount and a date. The spec gives them a list, a form and
 * a delete; the simple finance dashboard counts them among the school's expenses.
 */
export default defineResource({
  name: 'simple-expenses', module: 'simple_accounts', schema, table: 'simple_expense',
  label: 'Expenses', singular: 'Expense', icon: 'ShoppingCartOutlined',
  routes: { list: '/expenses/', create: '/expenses/new' },
  api: { list: 'GET /simple/expenses/', create: 'PUT /simple/expenses/', remove: 'DELETE /simple/expense/{id}/' },
  indexes: [['date']],
  list: {
    columns: [{ field: 'date', render: 'date', format: 'DD-MM-YYYY' }, 'name', { field: 'amount', render: 'money' }],
    search: ['name'], pageSize: 50, sort: '-date', export: 'csv', addLabel: 'Add Expense',
  },
  access: { read: ['admins'], create: ['admins'], remove: ['admins'] },
  messages: { created: 'New expense added', removed: 'Expense deleted' },
});
