/**
 * Pure helpers of the pocket money page: transactions oldest first with credit, debit and the
 * running balance after each, and the current balance. Tested in tests/unit/pocket-money.test.ts.
 */

import type { PocketMoney } from '../../../generated/entities/students.js';
import type { EntityRow } from '../../../shared/wire.js';

/** A transaction as the pocket money list answers it (txn_type 0 credit, 1 debit; date a UTC timestamp). */
export type PocketMoneyTxn = EntityRow<PocketMoney>;

/** What the ledger reads of a transaction. */
type TxnLike = Pick<PocketMoneyTxn, 'id' | 'date'> & { amount: number | string; txn_type: number };

export type LedgerRow<T extends TxnLike = PocketMoneyTxn> = T & { credit: number | null; debit: number | null; balance: number };

/** Paise-exact sum of rupee amounts (avoids 0.1 + 0.2 drift in the balance). */
const toPaise = (v: number | string) => Math.round(Number(v) * 100);

/** Oldest first (by date, then id) with the balance after each transaction. */
export function ledger<T extends TxnLike>(rows: T[] | undefined): Array<LedgerRow<T>> {
  const sorted = [...(rows ?? [])].sort((a, b) => {
    const ta = Date.parse(a.date);
    const tb = Date.parse(b.date);
    if (ta !== tb) return (Number.isNaN(ta) ? 0 : ta) - (Number.isNaN(tb) ? 0 : tb);
    return a.id - b.id;
  });
  let paise = 0;
  return sorted.map((r) => {
    const amount = toPaise(r.amount);
    const debit = Number(r.txn_type) === 1;
    paise += debit ? -amount : amount;
    return { ...r, credit: debit ? null : amount / 100, debit: debit ? amount / 100 : null, balance: paise / 100 };
  });
}

/** The balance after the last transaction (0 with none). */
export function currentBalance(rows: TxnLike[] | undefined): number {
  const l = ledger(rows);
  return l.length ? l[l.length - 1]!.balance : 0;
}
