import schema from '../../schemas/hr/employee-leave.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';
import { ENABLED_YEAR } from '../../src/shared/years.js';

/**
 * Leave assigned to an employee for an academic year (spec 3 §4): days of a leave type, or loss
 * of pay (then days are optional), with a payment multiplier defaulting to 1. Paid leave taken
 * beyond these days counts as loss of pay (src/server/modules/hr/absence.ts).
 */
export default defineResource({
  name: 'employee-leaves', module: 'hr', schema, table: 'hr_employee_leave',
  label: 'Employee Leaves', singular: 'Leave', icon: 'ScheduleOutlined',
  routes: { list: '/hr/employee/:hr_employee_id/leaves', create: '/hr/employee/:hr_employee_id/leave/assign' },
  api: { list: 'GET /hr/emp/{hr_employee_id}/leaves/', create: 'PUT /hr/emp/{hr_employee_id}/leaves/' },
  relations: {
    employee: { from: 'hr_employee_id', resource: 'employees', field: 'name', cascade: true },
    leave_type: { from: 'hr_leave_type_id', resource: 'leave-types', field: 'name' },
    ac_year: { from: 'ac_year_id', resource: 'acyears', field: 'name' },
  },
  list: {
    columns: [
      'ac_year', 'leave_type', { field: 'value', title: 'Days' },
      { field: 'loss_of_pay', render: 'tag', tags: { true: { label: 'Yes', color: 'red' }, false: { label: 'No', color: 'default' } } },
      'payment_multiplier',
    ],
    pageSize: 50, sort: 'ac_year', export: 'csv', addLabel: 'Assign Leave',
  },
  form: {
    uiSchema: {
      'ui:order': ['hr_employee_id', 'ac_year_id', 'hr_leave_type_id', 'loss_of_pay', 'value', 'payment_multiplier'],
      hr_employee_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'employees', label: 'name' } },
      ac_year_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'acyears', label: 'name', preselect: ENABLED_YEAR } },
      hr_leave_type_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'leave-types', label: 'name' } },
    },
  },
  unique: [{ fields: ['hr_employee_id', 'ac_year_id', 'hr_leave_type_id'], message: 'This leave type is already assigned to the employee for this academic year' }],
  access: { read: ['admins'], create: ['admins'] },
  messages: { created: 'Leave Added' },
});
