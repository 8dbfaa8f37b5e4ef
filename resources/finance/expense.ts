import schema from '../../schemas/finance/expense.json' with { type: 'json' };
import createPayload from '../../schemas/finance/calls/expense-create.json' with { type: 'json' };
import payPayload from '../../schemas/finance/calls/pay-installment.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** What the spec allows as an expense attachment: as for announcements (spec 2 §5). */
const ATTACHMENT_TYPES = ['jpg', 'jpeg', 'png', 'pdf', 'doc', 'docx', 'ppt', 'pptx', 'odt', 'odp', 'txt', 'rtf'];
const PAY_ERRORS = {
  amount: 'Amount paying must be more than 0 and less than balance',
  notFound: 'Expense not found',
  account: 'Account not found',
  mode: 'Payment mode not found',
  category: 'Category not found',
  vendor: 'Vendor not found',
  total: 'Total must be amount plus tax',
  file: 'An attachment was not uploaded here: upload it again',
};

/**
 * Expenses: amount before tax, tax, total (amount + tax, computed by the server) and what has
 * been paid, in installments. The expense, its installments and the debit transactions on the
 * accounts change together in src/server/modules/finance/expenses.ts, under the expense's lock.
 * Deleting an expense takes its installments and transactions with it.
 */
export default defineResource({
  name: 'finance-expenses', module: 'finance', schema, table: 'fin_expense',
  label: 'Expenses', singular: 'Expense', icon: 'WalletOutlined',
  routes: { list: '/finance/expenses/', edit: '/finance/expense/:id', show: '/finance/expense/:id/details' },
  api: {
    list: 'GET /finance/expenses/',
    one: 'GET /finance/expense/{id}/', update: 'POST /finance/expense/{id}/', remove: 'DELETE /finance/expense/{id}/',
  },
  relations: {
    category: { from: 'exp_cat_id', resource: 'finance-expense-categories', field: 'name' },
    account: { from: 'account_id', resource: 'finance-accounts', field: 'name' },
    vendor: { from: 'vendor_id', resource: 'finance-vendors', field: 'name' },
    payment_mode: { from: 'payment_mode_id', resource: 'finance-payment-modes', field: 'name' },
    // The details call answers them (spec 2 §3, §7: GET /finance/expense/{id}/ is the one call for an expense).
    installments: { rows: { resource: 'finance-expense-installments', by: 'expense_id' } },
  },
  indexes: [['date']],
  list: {
    columns: [
      { field: 'name', title: 'Expense', render: 'link', to: '/finance/expense/{id}/details' },
      'category', 'vendor', 'account',
      { field: 'date', render: 'date', format: 'DD-MM-YYYY' },
      { field: 'total_amount', render: 'money' }, { field: 'paid_amount', render: 'money' },
    ],
    search: ['name', 'category', 'vendor'], sort: '-date', pageSize: 50, export: 'csv', addLabel: 'Add Expense',
    links: [{ label: 'Details', icon: 'UnorderedListOutlined', to: '/finance/expense/{id}/details' }],
    headerLinks: [{ label: 'Categories', icon: 'AppstoreOutlined', to: '/finance/expenses/category' }],
  },
  form: {
    uiSchema: {
      'ui:order': ['name', 'exp_cat_id', 'vendor_id', 'account_id', 'amount', 'tax', 'date', 'payment_mode_id', 'payment_details', 'description', '*'],
      exp_cat_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'finance-expense-categories', label: 'name' } },
      vendor_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'finance-vendors', label: 'name' } },
      account_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'finance-accounts', label: 'name' } },
      payment_mode_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'finance-payment-modes', label: 'name' } },
      description: { 'ui:widget': 'textarea' },
      files: { 'ui:widget': 'hidden' },
    },
    // The money moved on these accounts already: paying and deleting are the ways to change it.
    fixedAfterCreate: ['account_id'],
  },
  access: { read: ['admins'], create: ['admins'], update: ['admins'], remove: ['admins'] },
  messages: { updated: 'Expense updated', removed: 'Expense deleted, please remove this from deposit as well' },
  uploads: {
    'expense-files': { permission: 'create', types: ATTACHMENT_TYPES, maxBytes: 10 * 1024 * 1024, messages: { type: '{file} file upload failed.' } },
  },
  calls: {
    create: { call: 'PUT /finance/expenses/', permission: 'create', payload: createPayload, message: 'New expense added', errors: PAY_ERRORS },
    pay: { call: 'PATCH /finance/expenses/', permission: 'update', payload: payPayload, message: 'Installment Paid', errors: PAY_ERRORS },
  },
  pages: {
    create: {
      route: '/finance/expenses/new', component: 'ExpenseForm', permission: 'create',
      calls: ['finance-expenses.create'], reads: ['finance-expense-categories', 'finance-vendors', 'finance-accounts', 'finance-payment-modes'],
    },
    details: {
      route: '/finance/expense/:id/details', component: 'ExpenseDetails', permission: 'read',
      calls: ['finance-expenses.one'], reads: ['finance-accounts', 'finance-payment-modes'],
      buttons: { pay: 'finance-expenses.pay' },
    },
  },
});
