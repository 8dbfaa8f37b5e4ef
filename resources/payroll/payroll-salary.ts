import schema from '../../schemas/payroll/payroll-salary.json' with { type: 'json' };
import salary from '../../schemas/payroll/calls/salary.json' with { type: 'json' };
import employeesQuery from '../../schemas/payroll/calls/employees-query.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';
import { PAYROLL_STAFF } from '../../src/shared/payroll.js';

/**
 * Salary structures (spec 2 Simple payroll): one per HR employee, a monthly CTC and its credit
 * and debit items. Setting it again replaces it; entries already made keep the payslip they were
 * computed with.
 */
export default defineResource({
  name: 'payroll-salaries', module: 'payroll', schema, table: 'payroll_salary',
  label: 'Salaries', singular: 'Salary', icon: 'WalletOutlined',
  api: {},
  relations: {
    emp_name: { from: 'employee_id', resource: 'employees', field: 'name', cascade: true },
  },
  unique: [{ fields: ['employee_id'], message: 'This employee already has a salary' }],
  access: { read: PAYROLL_STAFF, create: PAYROLL_STAFF, update: PAYROLL_STAFF, remove: PAYROLL_STAFF },
  messages: {},
  calls: {
    employees: { call: 'GET /simple/payroll/employees/', permission: 'read', query: employeesQuery },
    salary: { call: 'GET /simple/payroll/employee/{id}/salary/', permission: 'read', scope: { id: 'employees' }, errors: { none: 'Employee salary is not set' } },
    set: {
      call: 'PUT /simple/payroll/salary/', permission: 'create', payload: salary, scope: { employee_id: 'employees' },
      message: 'Employee Salary Items Added',
      errors: { mismatch: 'The salary items must add up to the CTC: credits {credits} − debits {debits} = {net}, CTC {ctc}' },
    },
  },
  pages: {
    employees: {
      route: '/payroll/employees/', component: 'PayrollEmployees', permission: 'read', menu: 'Salaries',
      calls: ['payroll-salaries.employees'],
    },
    set: {
      route: '/payroll/salary/', component: 'SalaryForm', permission: 'create', menu: 'Set Salary',
      calls: ['payroll-salaries.employees', 'payroll-salaries.salary', 'payroll-salaries.set'],
    },
    view: {
      route: '/payroll/employee/:id/salary', component: 'SalaryView', permission: 'read',
      calls: ['payroll-salaries.salary', 'payroll-salaries.employees'],
    },
  },
});
