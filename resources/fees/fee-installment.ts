import schema from '../../schemas/fees/fee-installment.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** Payments and refunds on bills, written by the fees ledger only. */
export default defineResource({
  name: 'fee-installments', module: 'fees', schema, table: 'fee_installment',
  label: 'Fee Installments', singular: 'Installment', api: {},
  relations: { bill: { from: 'payment_id', resource: 'fee-payments', field: 'name' } },
  // The installments report and the cards look installments up by date.
  indexes: [['timestamp']],
  unique: [
    { fields: ['receipt_no'], message: 'This receipt number is already used' },
    { fields: ['gateway_payment_id'], message: 'This online payment is already credited' },
  ],
  access: { read: ['admins'] },
  messages: {},
});
