import schema from '../../schemas/academics/test.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';
import { ENABLED_YEAR } from '../../src/shared/years.js';

export default defineResource({
  name: 'tests', module: 'academics', schema, table: 'test',
  label: 'Tests', singular: 'Test', icon: 'FileDoneOutlined',
  routes: { list: '/academics/tests/', create: '/academics/tests/add', createAlso: ['/academics/tests/new'], edit: '/academics/tests/:id' },
  api: {
    list: ['GET /tests/', 'GET /tests/ac_year/{ac_year}/'], one: 'GET /test/{id}/',
    create: 'PUT /tests/', update: 'POST /test/{id}/', remove: 'DELETE /test/{id}/',
  },
  relations: { ac_year_name: { from: 'ac_year', resource: 'acyears', field: 'name' } },
  list: {
    columns: [
      'name',
      { field: 'start_date', render: 'date', format: 'DD-MM-YYYY' },
      { field: 'end_date', render: 'date', format: 'DD-MM-YYYY' },
      { field: 'test_type', render: 'enum' },
    ],
    search: ['name'], pageSize: 50, export: 'csv', sort: '-start_date',
    links: [{ label: 'Test details', icon: 'UnorderedListOutlined', to: '/academics/test/list/{id}' }],
  },
  form: {
    uiSchema: {
      ac_year: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'acyears', label: 'name', preselect: ENABLED_YEAR } },
    },
  },
  access: { read: ['staff'], create: ['admins'], update: ['admins'], remove: ['admins'] },
  messages: { created: 'New Test Added', updated: 'Test Updated', removed: 'Test Deleted' },
});
