import schema from '../../schemas/finance/transaction.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * The movements of money on the accounts, written only by the finance ledger with the
 * account's credit or debit; read through the account's transactions and transfers calls.
 */
export default defineResource({
  name: 'finance-transactions', module: 'finance', schema, table: 'fin_transaction',
  label: 'Transactions', singular: 'Transaction', api: {},
  relations: { account: { from: 'account_id', resource: 'finance-accounts', field: 'name' } },
  indexes: [['account_id', 'date'], ['source', 'source_id']],
  access: { read: ['admins'] },
  messages: {},
});
