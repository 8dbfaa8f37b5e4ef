import schema from '../../schemas/hr/employee.json' with { type: 'json' };
import usersQuery from '../../schemas/hr/calls/users-query.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * The school's employees as HR keeps them (spec 3 §3): teaching and other staff, each in a
 * department, optionally linked to the staff login they use (a teacher's, the librarian's), so
 * that person reaches their own HR and payroll rows (row-scope kind `employee`).
 * The spec gives no single-employee call: the edit screen finds the employee in the list.
 */
export default defineResource({
  name: 'employees', module: 'hr', schema, table: 'hr_employee',
  label: 'Employees', singular: 'Employee', icon: 'ContactsOutlined',
  routes: { list: '/hr/employees/', create: '/hr/employee/new', edit: '/hr/employee/:id' },
  api: {
    list: 'GET /hr/employees/', create: 'PUT /hr/employees/',
    update: 'POST /hr/employee/{id}/', remove: 'DELETE /hr/employee/{id}/',
  },
  relations: {
    department: { from: 'hr_department_id', resource: 'departments', field: 'name' },
  },
  list: {
    columns: [
      'name', 'job_title', 'department',
      { field: 'dob', render: 'date', format: 'DD-MM-YYYY' },
      { field: 'join_date', render: 'date', format: 'DD-MM-YYYY' },
    ],
    search: ['name', 'job_title', 'department'], pageSize: 50, sort: 'name', export: 'csv',
    links: [{ label: 'Leaves', icon: 'ScheduleOutlined', to: '/hr/employee/{id}/leaves', requires: { resource: 'employee-leaves', permission: 'read' } }],
  },
  form: {
    uiSchema: {
      'ui:order': ['name', 'job_title', 'hr_department_id', 'dob', 'hire_date', 'join_date', 'user_id'],
      hr_department_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'departments', label: 'name' } },
      user_id: { 'ui:widget': 'call-select', 'ui:options': { call: 'employees.users', label: 'name', detail: 'email', query: { all_users: 'true' } } },
    },
  },
  calls: {
    // The staff logins an employee can be linked to: those not linked yet, or with ?all_users every staff login.
    users: { call: 'GET /hr/users/', permission: 'read', query: usersQuery },
  },
  access: { read: ['admins'], create: ['admins'], update: ['admins'], remove: ['admins'] },
  messages: { created: 'New employee added', updated: 'Updated employee details!', removed: 'Employee Deleted' },
});
