import type { Deposit } from '../../../generated/entities/finance.js';
import { toPaise } from '../../../shared/money.js';
import { badRequest } from '../../framework/errors.js';
import type { ResourceHooks } from '../../framework/hooks.js';
import { CREDIT, DEBIT, lockAccounts, postTransaction } from './ledger.js';

/** Deposit types (schemas/finance/deposit.json). */
export const TRANSFER = 3;
/** Transactions of a deposit are filed under this source and the deposit's id. */
export const DEPOSIT_SOURCE = 'deposit';

/**
 * A deposit credits its account; a transfer (type 3) also debits the account it came from. Both
 * legs, and the deposit, are written in the create's one transaction, with both accounts locked
 * in id order first: all of it happens, or none.
 */
export const depositHooks: ResourceHooks<Deposit> = {
  beforeCreate(_ctx, data) {
    if (data.deposit_type !== TRANSFER) return { ...data, from_account: null };
    if (data.from_account == null) throw badRequest('Please select the account the money is transferred from');
    if (data.from_account === data.fin_account_id) throw badRequest('A transfer needs two different accounts');
    return data;
  },
  async afterCreate(ctx, row) {
    const paise = toPaise(row.amount);
    const legs = [{ account_id: row.fin_account_id, txn_type: CREDIT as 0 | 1 }];
    if (row.deposit_type === TRANSFER && row.from_account != null) legs.push({ account_id: row.from_account, txn_type: DEBIT });
    await lockAccounts(ctx, legs.map((l) => l.account_id));
    for (const leg of legs) {
      await postTransaction(ctx, { ...leg, paise, date: row.date, name: row.name, source: DEPOSIT_SOURCE, source_id: row.id });
    }
  },
};

export default depositHooks;
