import schema from '../../schemas/hr/department.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** The departments employees belong to (Teaching, Administration, ...). The spec lists, adds and deletes them. */
export default defineResource({
  name: 'departments', module: 'hr', schema, table: 'hr_department',
  label: 'Departments', singular: 'Department', icon: 'ApartmentOutlined',
  routes: { list: '/hr/departments/', create: '/hr/departments/new' },
  api: { list: 'GET /hr/departments/', create: 'PUT /hr/departments/', remove: 'DELETE /hr/department/{id}/' },
  relations: { employees_count: { count: 'employees', by: 'hr_department_id' } },
  list: {
    columns: ['name', { field: 'employees_count', title: 'Employees' }],
    search: ['name'], pageSize: 50, sort: 'name', export: 'csv', addInModal: true,
  },
  unique: [{ fields: ['name'], message: 'A department with this name already exists' }],
  access: { read: ['admins'], create: ['admins'], remove: ['admins'] },
  messages: { created: 'New Department Added', removed: 'Department Deleted' },
});
