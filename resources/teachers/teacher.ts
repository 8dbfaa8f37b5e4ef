import schema from '../../schemas/teachers/teacher.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

export default defineResource({
  name: 'teachers', module: 'teachers', schema, table: 'teacher',
  label: 'Teachers', singular: 'Teacher', icon: 'TeamOutlined',
  routes: { list: '/teachers/', create: '/teachers/new', edit: '/teachers/:id' },
  api: {
    list: 'GET /teachers/', one: 'GET /teacher/{id}/',
    create: 'PUT /teachers/', update: 'POST /teacher/{id}/', remove: 'DELETE /teacher/{id}/',
  },
  list: {
    columns: ['fullname', 'employee_id', 'job_title', 'email', 'mobile'],
    search: ['fullname', 'employee_id', 'email', 'mobile'], pageSize: 50, export: 'csv', sort: 'fullname',
  },
  form: {
    uiSchema: {
      'ui:order': ['fullname', 'email', 'mobile', 'employee_id', 'job_title', 'password', 'extras'],
      password: { 'ui:widget': 'generated-password' },
      extras: { address: { 'ui:widget': 'textarea' } },
    },
    fixedAfterCreate: ['email'],
    generated: { password: 'password8' },
  },
  // Teachers feed the class-teacher and subject-teacher pickers, so every staff role reads them.
  unique: [{ fields: ['email'], message: 'Email already registered' }],
  access: { read: ['staff'], create: ['admins'], update: ['admins'], remove: ['admins'] },
  messages: { created: 'New Teacher Added', updated: 'Teacher Data Updated', removed: '{fullname} is removed from teachers' },
});
