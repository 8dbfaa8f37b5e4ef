import schema from '../../schemas/fees/fee-order.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** Online payment orders, written by the online payment calls only. */
export default defineResource({
  name: 'fee-orders', module: 'fees', schema, table: 'fee_order',
  label: 'Online Fee Orders', singular: 'Order', api: {},
  relations: { bill: { from: 'payment_id', resource: 'fee-payments', field: 'name' } },
  unique: [
    { fields: ['gateway', 'order_id'], message: 'This order already exists' },
    { fields: ['gateway_payment_id'], message: 'This online payment is already recorded' },
  ],
  access: { read: ['admins'] },
  messages: {},
});
