import schema from '../../schemas/finance/inventory-category.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** Kinds of things the school keeps (furniture, lab equipment, …). */
export default defineResource({
  name: 'finance-inventory-categories', module: 'finance', schema, table: 'fin_inventory_category',
  label: 'Inventory Categories', singular: 'Category', icon: 'AppstoreOutlined',
  routes: { list: '/finance/inventory/category', create: '/finance/inventory/category/new' },
  api: { list: 'GET /finance/inventory/categories/', create: 'PUT /finance/inventory/categories/', remove: 'DELETE /finance/inventory/category/{id}/' },
  list: { columns: ['name'], search: ['name'], sort: 'name', export: 'csv', addInModal: true },
  unique: [{ fields: ['name'], message: 'This category already exists' }],
  access: { read: ['admins'], create: ['admins'], remove: ['admins'] },
  messages: { created: 'Inventory category added', removed: 'Category deleted' },
});
