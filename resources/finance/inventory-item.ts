import schema from '../../schemas/finance/inventory-item.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * What the school owns and what it cost. The server sets total_amount = amount + tax (a sent
 * total must agree); the form shows price per unit (amount / quantity, 2 decimals), tax percent
 * (tax / amount × 100) and the total as the spec computes them.
 */
export default defineResource({
  name: 'finance-inventory-items', module: 'finance', schema, table: 'fin_inventory_item',
  label: 'Inventory', singular: 'Inventory Item', icon: 'AppstoreOutlined',
  routes: { list: '/finance/inventory/', create: '/finance/inventory/new', edit: '/finance/inventory/:id' },
  api: {
    list: 'GET /finance/inventory/', create: 'PUT /finance/inventory/',
    one: 'GET /finance/inventory/{id}/', update: 'POST /finance/inventory/{id}/', remove: 'DELETE /finance/inventory/{id}/',
  },
  relations: {
    category: { from: 'inv_cat_id', resource: 'finance-inventory-categories', field: 'name' },
    expense: { from: 'expense_id', resource: 'finance-expenses', field: 'name' },
  },
  list: {
    columns: ['name', 'category', 'quantity', 'unit', { field: 'amount', render: 'money' }, { field: 'tax', render: 'money' }, { field: 'total_amount', render: 'money' }, 'expense'],
    search: ['name', 'category'], sort: 'name', pageSize: 50, export: 'csv',
    headerLinks: [{ label: 'Categories', icon: 'AppstoreOutlined', to: '/finance/inventory/category' }],
  },
  form: {
    uiSchema: {
      'ui:order': ['name', 'inv_cat_id', 'expense_id', 'quantity', 'unit', 'amount', 'tax', 'total_amount', 'details'],
      inv_cat_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'finance-inventory-categories', label: 'name' } },
      expense_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'finance-expenses', label: 'name' } },
      total_amount: {
        'ui:widget': 'computed-total',
        'ui:options': {
          sum: ['amount', 'tax'],
          notes: [
            { label: 'Price per unit', ratio: ['amount', 'quantity'] },
            { label: 'Tax percent', percent: ['tax', 'amount'] },
          ],
        },
      },
      details: { 'ui:widget': 'textarea' },
    },
  },
  access: { read: ['admins'], create: ['admins'], update: ['admins'], remove: ['admins'] },
  messages: { created: 'Inventory Item Added', updated: 'Inventory item updated', removed: 'Inventory item deleted' },
});
