import schema from '../../schemas/finance/payment-mode.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** How the school pays (Cash, UPI, Bank transfer, Cheque); deleting one leaves its payments without a mode. */
export default defineResource({
  name: 'finance-payment-modes', module: 'finance', schema, table: 'fin_payment_mode',
  label: 'Payment Modes', singular: 'Payment Mode', icon: 'WalletOutlined',
  routes: { list: '/finance/payment-modes/', create: '/finance/payment-modes/new' },
  api: { list: 'GET /finance/payment-modes/', create: 'PUT /finance/payment-modes/', remove: 'DELETE /finance/payment-mode/{id}/' },
  list: { columns: ['name'], search: ['name'], sort: 'name', export: 'csv', addInModal: true },
  unique: [{ fields: ['name'], message: 'This payment mode already exists' }],
  access: { read: ['admins'], create: ['admins'], remove: ['admins'] },
  messages: { created: 'New payment mode added', removed: 'Deleted' },
});
