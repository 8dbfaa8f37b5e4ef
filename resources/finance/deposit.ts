import schema from '../../schemas/finance/deposit.json' with { type: 'json' };
import dateRange from '../../schemas/finance/calls/date-range.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * Money coming in (income): Fees (1), Donations (2), Transfer (3) from another of the school's
 * accounts, Others (4). A deposit credits its account through the finance ledger; a transfer
 * also debits the account it came from, in the same transaction. Deleting one takes its
 * transactions with it.
 */
export default defineResource({
  name: 'finance-deposits', module: 'finance', schema, table: 'fin_deposit',
  label: 'Deposits', singular: 'Deposit', icon: 'RiseOutlined',
  routes: { create: '/finance/income/new' },
  api: { create: 'PUT /finance/deposits/', one: 'GET /finance/deposit/{id}/' },
  relations: {
    account: { from: 'fin_account_id', resource: 'finance-accounts', field: 'name' },
    from_account_name: { from: 'from_account', resource: 'finance-accounts', field: 'name' },
  },
  indexes: [['date']],
  form: {
    uiSchema: {
      'ui:order': ['name', 'deposit_type', 'fin_account_id', 'from_account', 'amount', 'date', 'mode', 'description'],
      fin_account_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'finance-accounts', label: 'name' } },
      from_account: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'finance-accounts', label: 'name' } },
      description: { 'ui:widget': 'textarea' },
    },
    showWhen: { from_account: { deposit_type: [3] } },
  },
  access: { read: ['admins'], create: ['admins'], remove: ['admins'] },
  messages: { created: 'Deposit entry added' },
  calls: {
    list: { call: 'GET /finance/deposits/', permission: 'read', query: dateRange },
    remove: {
      call: 'DELETE /finance/deposit/{id}/', permission: 'remove',
      message: { deleted: 'Deposit deleted!', transfer: 'Deposit deleted, please remove this from expenses as well' },
      errors: { notFound: 'Something went wrong!' },
    },
  },
  pages: {
    list: {
      route: '/finance/income/', component: 'Deposits', permission: 'read', menu: 'Deposits',
      calls: ['finance-deposits.list'], buttons: { remove: 'finance-deposits.remove' },
    },
  },
});
