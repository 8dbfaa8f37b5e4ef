import schema from '../../schemas/finance/vendor.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** Who the school buys from, with their GSTIN for tax invoices. Expenses name a vendor optionally. */
export default defineResource({
  name: 'finance-vendors', module: 'finance', schema, table: 'fin_vendor',
  label: 'Vendors', singular: 'Vendor', icon: 'ContactsOutlined',
  routes: { list: '/finance/vendors/', create: '/finance/vendor/new', edit: '/finance/vendor/:id' },
  api: {
    list: 'GET /finance/vendors/', create: 'PUT /finance/vendors/',
    one: 'GET /finance/vendor/{id}/', update: 'POST /finance/vendor/{id}/', remove: 'DELETE /finance/vendor/{id}/',
  },
  list: { columns: ['name', 'phone', 'email', 'gstin', 'address'], search: ['name', 'gstin', 'phone'], sort: 'name', export: 'csv' },
  form: {
    uiSchema: {
      'ui:order': ['name', 'phone', 'email', 'gstin', 'address', 'website', 'notes'],
      address: { 'ui:widget': 'textarea' }, notes: { 'ui:widget': 'textarea' },
    },
  },
  access: { read: ['admins'], create: ['admins'], update: ['admins'], remove: ['admins'] },
  messages: { created: 'Vendor added', updated: 'Vendor updated', removed: 'Deleted' },
});
