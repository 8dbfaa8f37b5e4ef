import schema from '../../schemas/fees/fee-item.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** What a school charges for. A deleted item stays on the bills that used it, by name. */
export default defineResource({
  name: 'fee-items', module: 'fees', schema, table: 'fee_item',
  label: 'Fee Items', singular: 'Fee Item', icon: 'WalletOutlined',
  routes: { list: '/fees/items/', create: '/fees/items/new', edit: '/fees/items/:id' },
  api: {
    list: 'GET /fees/items/', one: 'GET /fees/item/{id}/',
    create: 'PUT /fees/items/', update: 'POST /fees/item/{id}/', remove: 'DELETE /fees/item/{id}/',
  },
  list: {
    columns: ['name', { field: 'type', render: 'enum' }, { field: 'amount', render: 'money' }],
    search: ['name'], pageSize: 50, addLabel: 'Add New', export: 'csv', sort: 'name',
    headerLinks: [{ label: 'Reports', icon: 'BarChartOutlined', to: '/fees/item/reports' }],
  },
  pages: {
    itemsReport: { route: '/fees/item/reports', component: 'FeeItemsReport', permission: 'read', calls: ['fee-payments.itemsReport'], reads: ['classes', 'acyears'] },
  },
  access: { read: ['admins'], create: ['admins'], update: ['admins'], remove: ['admins'] },
  messages: { created: 'New fee item added', updated: 'Fee Item Updated', removed: 'Fee item deleted' },
});
