import schema from '../../schemas/academics/branch.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

export default defineResource({
  name: 'branches', module: 'academics', schema, table: 'branch',
  label: 'Branches', singular: 'Branch', icon: 'BankOutlined',
  routes: { list: '/academics/branches/', create: '/academics/branch/new', edit: '/academics/branch/:id' },
  api: {
    list: 'GET /branches/', one: 'GET /branch/{id}/',
    create: 'PUT /branches/', update: 'POST /branch/{id}/', remove: 'DELETE /branch/{id}/',
  },
  list: { columns: ['id', 'name', 'code'], search: ['name', 'code'], pageSize: 50, export: 'csv', sort: 'id' },
  unique: [{ fields: ['code'], message: 'Branch code already exists' }],
  access: { read: ['staff'], create: ['admins'], update: ['admins'], remove: ['admins'] },
  messages: { created: 'New Branch Added', updated: 'Branch Updated', removed: 'Branch Deleted' },
});
