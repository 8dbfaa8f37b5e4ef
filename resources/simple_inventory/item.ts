import schema from '../../schemas/simple_inventory/item.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * An item of the simple inventory (spec 3): its name, category and how many the school holds.
 * The category is fixed once the item is added (the edit screen shows it locked, the server
 * refuses a change).
 */
export default defineResource({
  name: 'inventory-items', module: 'simple_inventory', schema, table: 'inv_item',
  label: 'Items', singular: 'Item', icon: 'AppstoreOutlined',
  routes: { list: '/inventory/list', create: '/inventory/new', edit: '/inventory/edit/:id' },
  api: {
    list: 'GET /simple/inventory/', create: 'PUT /simple/inventory/',
    one: 'GET /simple/inventory/{id}/', update: 'POST /simple/inventory/{id}/', remove: 'DELETE /simple/inventory/{id}/',
  },
  relations: { category: { from: 'category_id', resource: 'inventory-categories', field: 'name' } },
  list: {
    columns: ['item_name', 'category', 'quantity'],
    search: ['item_name', 'category'], pageSize: 50, sort: 'item_name', export: 'csv', addLabel: 'Add Item',
  },
  form: {
    uiSchema: {
      'ui:order': ['category_id', 'item_name', 'quantity'],
      category_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'inventory-categories', label: 'name' } },
    },
    fixedAfterCreate: ['category_id'],
  },
  access: { read: ['admins'], create: ['admins'], update: ['admins'], remove: ['admins'] },
  messages: { created: 'New Item Added', updated: 'Item Updated', removed: 'Item Deleted' },
});
