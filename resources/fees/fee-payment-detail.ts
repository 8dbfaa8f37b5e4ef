import schema from '../../schemas/fees/fee-payment-detail.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** Bill lines, written with their bill by the fees ledger. */
export default defineResource({
  name: 'fee-payment-details', module: 'fees', schema, table: 'fee_payment_detail',
  label: 'Bill Lines', singular: 'Bill Line', api: {},
  relations: {
    bill: { from: 'payment_id', resource: 'fee-payments', field: 'name' },
    fee_item: { from: 'fee_item_id', resource: 'fee-items', field: 'name' },
  },
  access: { read: ['admins'] },
  messages: {},
});
