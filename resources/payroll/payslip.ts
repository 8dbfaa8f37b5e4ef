import schema from '../../schemas/payroll/payroll.json' with { type: 'json' };
import installment from '../../schemas/payroll/calls/installment.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';
import { EMPLOYEE_ROLES, PAYROLL_STAFF } from '../../src/shared/payroll.js';

/**
 * Payslips: a payroll entry as its employee and the payroll staff read it, its payment, the
 * dashboard, and an employee's own payslips. Employees reach only entries of the HR employee
 * linked to their login (scope `employee`); anyone else's answers 404. It stores nothing of its
 * own: a payslip is a payroll entry (the `payroll` table, the same schema).
 */
const OWN = { employee: 'employee_id' };

export default defineResource({
  name: 'payslips', module: 'payroll', schema,
  label: 'Payslips', singular: 'Payslip', icon: 'WalletOutlined',
  api: {},
  scope: { teacher: OWN, librarian: OWN, driver: OWN, watchman: OWN },
  access: { read: [...PAYROLL_STAFF, ...EMPLOYEE_ROLES], create: PAYROLL_STAFF },
  messages: {},
  calls: {
    view: { call: 'GET /simple/payroll/{id}/', permission: 'read' },
    pdf: { call: 'GET /simple/payroll/{id}/pdf/', permission: 'read', message: 'Payslip ready' },
    mine: { call: 'GET /employee/payroll/', permission: 'read', roles: EMPLOYEE_ROLES },
    dashboard: { call: 'GET /simple/payroll/dashboard/', permission: 'read', roles: PAYROLL_STAFF },
    // What the installment form picks from (finance accounts, payment modes, expense categories), under payroll's own access.
    payOptions: { call: 'GET /simple/payroll/installment/options/', permission: 'create' },
    installment: {
      call: 'PUT /simple/payroll/installment/', permission: 'create', payload: installment, message: 'Installment Paid',
      errors: {
        tooMuch: 'Amount paying cannot be greater than pending amount!',
        nothing: 'Nothing is pending on this payroll',
        future: 'The payment date cannot be in the future',
      },
    },
  },
  pages: {
    // One address for both: the payroll dashboard for the staff, an employee's own payslips for them (spec 2 §2).
    home: {
      route: '/payroll/', component: 'PayrollHome', permission: 'read', menu: 'Payroll',
      calls: [{ call: 'payslips.dashboard', roles: PAYROLL_STAFF }, { call: 'payslips.mine', roles: EMPLOYEE_ROLES }],
    },
    view: {
      route: '/payroll/view/:id', component: 'Payslip', permission: 'read',
      calls: ['payslips.view'],
      buttons: { pdf: 'payslips.pdf', pay: 'payslips.installment', payOptions: 'payslips.payOptions' },
    },
    employee: {
      route: '/payroll/:id', component: 'EmployeePayrolls', permission: 'read', roles: PAYROLL_STAFF,
      calls: ['GET /simple/payroll/employee/{employee_id}/', 'payroll-salaries.employees'],
    },
  },
});
