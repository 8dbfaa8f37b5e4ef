import schema from '../../schemas/simple_inventory/category.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** The categories the simple inventory's items are kept under (Furniture, Sports, Lab). The spec lists and adds them. */
export default defineResource({
  name: 'inventory-categories', module: 'simple_inventory', schema, table: 'inv_category',
  label: 'Categories', singular: 'Category', icon: 'UnorderedListOutlined',
  // The spec adds from the list; the form also has an address of its own.
  routes: { list: '/inventory/category', create: '/inventory/category/new' },
  api: { list: 'GET /simple/inventory/category/', create: 'PUT /simple/inventory/category/' },
  relations: { items_count: { count: 'inventory-items', by: 'category_id' } },
  list: {
    columns: ['name', { field: 'items_count', title: 'Items' }],
    search: ['name'], pageSize: 50, sort: 'name', addLabel: 'Add Category', addInModal: true,
  },
  // The spec's one failure text for the inventory's adds; a second category of the same name is one.
  unique: [{ fields: ['name'], message: 'Failed to add' }],
  access: { read: ['admins'], create: ['admins'] },
  messages: { created: 'New Category Added' },
});
