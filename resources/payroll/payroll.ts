import schema from '../../schemas/payroll/payroll.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';
import { PAYROLL_STAFF } from '../../src/shared/payroll.js';

/**
 * Payroll entries (spec 2 Simple payroll): one per employee and month. The server computes the
 * present days, the salary amount and the payslip items from the employee's salary structure
 * (src/shared/payroll.ts) and only checks a salary amount the browser sends; absent days left
 * empty come from HR's attendance for the month. A salary paid with the entry is its first
 * installment. An entry with payments cannot be deleted: its payments are expenses in the
 * school's accounts.
 */
export default defineResource({
  name: 'payrolls', module: 'payroll', schema, table: 'payroll',
  label: 'Payroll Entries', singular: 'Payroll Entry', icon: 'WalletOutlined',
  routes: { list: '/payroll/list', create: '/payroll/new' },
  api: {
    list: ['GET /simple/payroll/', 'GET /simple/payroll/employee/{employee_id}/'],
    create: 'PUT /simple/payroll/', remove: 'DELETE /simple/payroll/{id}/',
  },
  relations: {
    emp_name: { from: 'employee_id', resource: 'employees', field: 'name' },
  },
  indexes: [['month_year']],
  list: {
    columns: [
      { field: 'emp_name', title: 'Employee', render: 'link', to: '/payroll/view/{id}' },
      { field: 'month_year', render: 'date', format: 'MMM YYYY' },
      'total_days', 'absent_days', 'present_days',
      { field: 'salary_amount', render: 'money' },
      { field: 'amount_paid', render: 'money' },
      { field: 'payment_date', render: 'date', format: 'DD-MM-YYYY' },
    ],
    search: ['emp_name'], pageSize: 50, sort: '-month_year', export: 'csv', addLabel: 'New Payroll Entry',
    links: [{ label: 'Payslip', icon: 'FileDoneOutlined', to: '/payroll/view/{id}' }],
    // A whole month at once, beside the one-entry form (resources/payroll/payroll-run.ts).
    headerLinks: [{ label: 'Run Payroll for a Month', icon: 'CalendarOutlined', to: '/payroll/run', requires: { resource: 'payroll-runs', permission: 'create' } }],
  },
  form: {
    uiSchema: {
      'ui:order': ['employee_id', 'month_year', 'total_days', 'absent_days'],
      employee_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'employees', label: 'name' } },
      // What pays a salary with its entry; this form makes the entry alone, paid from the payslip.
      exp_debit_account: { 'ui:widget': 'hidden' }, exp_payment_mode: { 'ui:widget': 'hidden' },
      exp_category: { 'ui:widget': 'hidden' }, payment_mode_details: { 'ui:widget': 'hidden' },
    },
  },
  unique: [{ fields: ['employee_id', 'month_year'], message: 'Payroll for this employee and month is already added' }],
  access: { read: PAYROLL_STAFF, create: PAYROLL_STAFF, update: PAYROLL_STAFF, remove: PAYROLL_STAFF },
  messages: { created: 'New payroll entry is added', removed: 'Payroll item deleted' },
});
