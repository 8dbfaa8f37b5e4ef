import schema from '../../schemas/finance/account.json' with { type: 'json' };
import dateRange from '../../schemas/finance/calls/date-range.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * The school's accounts: a bank account (its details in extras) or a cash book. credit and
 * debit are kept by the finance ledger (src/server/modules/finance/ledger.ts) beside every
 * transaction, so the balance (credit - debit) always equals the sum of the transactions. An
 * account with transactions cannot be deleted (the transactions point at it).
 */
export default defineResource({
  name: 'finance-accounts', module: 'finance', schema, table: 'fin_account',
  label: 'Accounts', singular: 'Account', icon: 'BankOutlined',
  routes: { list: '/finance/accounts/', create: '/finance/accounts/new', edit: '/finance/accounts/:id' },
  api: {
    list: 'GET /finance/accounts/', create: 'PUT /finance/accounts/',
    one: 'GET /finance/account/{id}/', update: 'POST /finance/account/{id}/', remove: 'DELETE /finance/account/{id}/',
  },
  relations: {
    // Summed from the transactions themselves: it must equal credit - debit (the ledger's tests check both).
    balance: { sum: { resource: 'finance-transactions', field: 'amount', by: 'account_id', negate: { field: 'txn_type', in: [1] } } },
  },
  list: {
    columns: [
      { field: 'name', title: 'Account', render: 'link', to: '/finance/account/{id}' },
      { field: 'type', render: 'tag' },
      { field: 'credit', render: 'money' }, { field: 'debit', render: 'money' }, { field: 'balance', title: 'Balance', render: 'money' },
    ],
    search: ['name'], sort: 'name', export: 'csv',
    links: [{ label: 'Transactions', icon: 'UnorderedListOutlined', to: '/finance/account/{id}' }],
    headerLinks: [{ label: 'Transfers', icon: 'UnorderedListOutlined', to: '/finance/transfer/' }],
  },
  form: {
    uiSchema: { 'ui:order': ['name', 'type', 'extras'], type: { 'ui:widget': 'radio' } },
    showWhen: { extras: { type: ['bank'] } },
  },
  unique: [{ fields: ['name'], message: 'An account with this name already exists' }],
  access: { read: ['admins'], create: ['admins'], update: ['admins'], remove: ['admins'] },
  messages: { created: 'Account added', updated: 'Account updated', removed: 'Deleted' },
  calls: {
    transactions: { call: 'GET /finance/account/{id}/transactions/', permission: 'read', query: dateRange },
    transfers: { call: 'GET /finance/account/transfers/', permission: 'read', query: dateRange },
  },
  pages: {
    transactions: {
      route: '/finance/account/:id', component: 'AccountTransactions', permission: 'read',
      calls: ['finance-accounts.one', 'finance-accounts.transactions'],
    },
    transfers: {
      route: '/finance/transfer/', component: 'Transfers', permission: 'read', menu: 'Transfers',
      calls: ['finance-accounts.transfers'], reads: ['finance-accounts'],
      buttons: { transfer: 'finance-deposits.create' },
    },
  },
});
