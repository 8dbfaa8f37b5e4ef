import schema from '../../schemas/simple_accounts/simple-account.json' with { type: 'json' };
import reportQuery from '../../schemas/simple_accounts/calls/report-query.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** What an entry may carry as an attachment (spec 2 §5, simple accounts). */
const ATTACHMENT_TYPES = ['jpg', 'jpeg', 'png', 'pdf', 'docx', 'doc', 'odt'];

/**
 * The simple accounts ledger (spec 2): entries of money received (credit) or spent (debit),
 * with attachments. Its screen (/accounts/) shows the credit, debit and balance cards and the
 * monthly chart above the generated list of entries; the add and edit forms are generated.
 *
 * The simple finance dashboard and its reports panel (/simple-finance/, also
 * /finance/dashboard/) belong to this module too: they add these entries to the fees collected,
 * the simple expenses and the salaries paid (src/server/modules/simple_accounts/simple-finance.ts).
 */
export default defineResource({
  name: 'simple-accounts', module: 'simple_accounts', schema, table: 'simple_account',
  label: 'Accounts', singular: 'Entry', icon: 'AccountBookOutlined',
  routes: { create: '/accounts/new', edit: '/accounts/:id' },
  api: {
    list: 'GET /simple/accounts/', one: 'GET /simple/account/{id}/',
    create: 'PUT /simple/accounts/', update: 'POST /simple/account/{id}/', remove: 'DELETE /simple/account/{id}/',
  },
  indexes: [['date']],
  list: {
    columns: [
      { field: 'date', render: 'date', format: 'DD-MM-YYYY' },
      'title',
      { field: 'txn_type', render: 'tag' },
      { field: 'amount', render: 'money' },
      'description',
    ],
    search: ['title', 'description'], pageSize: 50, sort: '-date', export: 'csv', addLabel: 'Add Entry',
  },
  form: {
    uiSchema: {
      'ui:order': ['title', 'txn_type', 'amount', 'date', 'description', 'files'],
      txn_type: { 'ui:widget': 'radio' },
      description: { 'ui:widget': 'textarea' },
      files: { 'ui:widget': 'upload-files', 'ui:options': { kind: 'account-files' } },
    },
  },
  access: { read: ['admins'], create: ['admins'], update: ['admins'], remove: ['admins'] },
  messages: { created: 'New transaction added', updated: 'Entry updated', removed: 'Entry deleted' },
  uploads: {
    'account-files': { permission: 'create', types: ATTACHMENT_TYPES, maxBytes: 10 * 1024 * 1024, messages: { type: '{file} file upload failed.' } },
  },
  calls: {
    dashboard: { call: 'GET /simple/accounts/dashboard/', permission: 'read' },
    financeDashboard: { call: 'GET /simple-finance/dashboard/', permission: 'read' },
    financeReport: {
      call: 'GET /simple-finance/reports/', permission: 'read', query: reportQuery,
      errors: { select: 'Please select report category, interval and period' },
    },
  },
  pages: {
    list: {
      route: '/accounts/', component: 'SimpleAccounts', permission: 'read', menu: 'Accounts',
      calls: ['simple-accounts.dashboard', 'simple-accounts.list'],
      buttons: { remove: 'simple-accounts.remove' },
    },
    finance: {
      route: '/simple-finance/', component: 'SimpleFinance', permission: 'read', menu: 'Simple Finance',
      calls: ['simple-accounts.financeDashboard', 'simple-accounts.financeReport'],
    },
    financeAlso: {
      route: '/finance/dashboard/', component: 'SimpleFinance', permission: 'read',
      calls: ['simple-accounts.financeDashboard', 'simple-accounts.financeReport'],
    },
  },
});
