import schema from '../../schemas/admissions/application-order.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** Online orders of application fees, written by the public payment calls only. */
export default defineResource({
  name: 'application-orders', module: 'admissions', schema, table: 'adm_application_order',
  label: 'Application Fee Orders', singular: 'Order', api: {},
  relations: { application: { from: 'application_id', resource: 'applications', field: 'application_no', cascade: true } },
  unique: [
    { fields: ['gateway', 'order_id'], message: 'This order already exists' },
    { fields: ['gateway_payment_id'], message: 'This online payment is already recorded' },
  ],
  access: { read: ['admins'] },
  messages: {},
});
