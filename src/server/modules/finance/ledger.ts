import { toPaise, toRupees } from '../../../shared/money.js';
import type { Ctx } from '../../framework/context.js';
import { badRequest } from '../../framework/errors.js';
import { items } from '../../framework/items.js';
import { inTransaction } from '../../framework/service.js';

/**
 * The finance ledger: the only code that writes account transactions. Each transaction and the
 * account's credit or debit change in the same transaction, under the account row's lock, so an
 * account's balance (credit - debit) always equals the sum of its transactions. Amounts are
 * whole paise in JavaScript and numeric(14,2) in the database: the new credit or debit is
 * worked out in paise from the figure read under the lock. Both writes go through the service
 * (each audited: the transaction created or removed, the account credited, debited or
 * reversed); no benchmark measures these writes, so none stays raw. Callers that touch several
 * accounts lock them first with lockAccounts (in id order, so two writers never deadlock).
 */

export const CREDIT = 0;
export const DEBIT = 1;
export type TxnType = typeof CREDIT | typeof DEBIT;

export interface PostInput {
  account_id: number;
  /** Whole paise, more than 0. */
  paise: number;
  txn_type: TxnType;
  /** YYYY-MM-DD. */
  date: string;
  name: string;
  /** What the money belongs to ('expense', 'deposit', 'payroll', …) and its id: removeTransactions finds it so. */
  source: string;
  source_id: number;
}

/** Locks the accounts' rows in id order; refuses an account that does not exist. Answers their credit and debit in paise, as read under the lock. */
export async function lockAccounts(ctx: Ctx, ids: number[]): Promise<Map<number, { credit: number; debit: number }>> {
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  if (!wanted.length) return new Map();
  const found = await ctx.db.selectFrom('fin_account').select(['id', 'credit', 'debit']).where('id', 'in', wanted).orderBy('id').forUpdate().execute();
  if (found.length !== wanted.length) throw badRequest('Account not found');
  return new Map(found.map((a) => [a.id, { credit: toPaise(Number(a.credit)), debit: toPaise(Number(a.debit)) }]));
}

/** Writes one transaction and moves its account's credit or debit; answers the transaction's id. */
export async function postTransaction(ctx: Ctx, input: PostInput): Promise<number> {
  if (!Number.isSafeInteger(input.paise) || input.paise <= 0) throw badRequest('Amount must be more than 0');
  if (input.txn_type !== CREDIT && input.txn_type !== DEBIT) throw badRequest('Transaction type must be credit (0) or debit (1)');
  return inTransaction(ctx, async (tx) => {
    const account = (await lockAccounts(tx, [input.account_id])).get(input.account_id)!;
    const row = await items(tx, 'finance-transactions').create({
      account_id: input.account_id, amount: toRupees(input.paise), txn_type: input.txn_type, date: input.date,
      name: input.name, source: input.source, source_id: input.source_id,
    });
    const accounts = items(tx, 'finance-accounts');
    if (input.txn_type === CREDIT) await accounts.update(input.account_id, { credit: toRupees(account.credit + input.paise) }, { action: 'credit' });
    else await accounts.update(input.account_id, { debit: toRupees(account.debit + input.paise) }, { action: 'debit' });
    return row.id;
  });
}

/** Removes every transaction of a source record and takes them back off their accounts. */
export async function removeTransactions(ctx: Ctx, source: string, source_id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const accounts = await tx.db.selectFrom('fin_transaction').select('account_id').distinct()
      .where('source', '=', source).where('source_id', '=', source_id).execute();
    await lockAccounts(tx, accounts.map((a) => a.account_id));
    // Read again under the locks: the rows a concurrent writer may have added are now settled.
    const rows = await tx.db.selectFrom('fin_transaction').select(['id', 'account_id', 'amount', 'txn_type'])
      .where('source', '=', source).where('source_id', '=', source_id).orderBy('id').execute();
    if (!rows.length) return;
    // What comes off each account, in paise: one write an account.
    const off = new Map<number, { credit: number; debit: number }>();
    for (const r of rows) {
      const o = off.get(r.account_id) ?? { credit: 0, debit: 0 };
      o[r.txn_type === CREDIT ? 'credit' : 'debit'] += toPaise(Number(r.amount));
      off.set(r.account_id, o);
    }
    // The figures as they stand under the locks (already held, unless a transaction came since on another account).
    const balances = await lockAccounts(tx, [...off.keys()]);
    for (const [id, o] of off) {
      const was = balances.get(id)!;
      await items(tx, 'finance-accounts').update(id, {
        ...(o.credit ? { credit: toRupees(was.credit - o.credit) } : {}),
        ...(o.debit ? { debit: toRupees(was.debit - o.debit) } : {}),
      }, { action: 'reverse' });
    }
    await items(tx, 'finance-transactions').removeWhere({ id: rows.map((r) => r.id) });
  });
}
