import schema from '../../schemas/finance/expense-category.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** What an expense is for (Stationery, Maintenance, …); a category in use by expenses cannot be deleted. */
export default defineResource({
  name: 'finance-expense-categories', module: 'finance', schema, table: 'fin_expense_category',
  label: 'Expense Categories', singular: 'Category', icon: 'AppstoreOutlined',
  routes: { list: '/finance/expenses/category', create: '/finance/expenses/category/new', edit: '/finance/expenses/category/:id' },
  api: { list: 'GET /finance/expenses/categories/', create: 'PUT /finance/expenses/categories/', remove: 'DELETE /finance/expenses/category/{id}/' },
  list: { columns: ['name'], search: ['name'], sort: 'name', export: 'csv', addInModal: true },
  unique: [{ fields: ['name'], message: 'This category already exists' }],
  access: { read: ['admins'], create: ['admins'], remove: ['admins'] },
  messages: { created: 'Category added', removed: 'Category deleted' },
});
