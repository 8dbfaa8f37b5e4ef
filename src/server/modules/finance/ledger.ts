import { sql } from 'kysely';
import { toRupees } from '../../../shared/money.js';
import type { Ctx } from '../../framework/context.js';
import { badRequest } from '../../framework/errors.js';
import { audit, inTransaction } from '../../framework/service.js';

/**
 * The finance ledger: the only code that writes account transactions. Each transaction and the
 * account's credit or debit change in the same transaction, under the account row's lock, so an
 * account's balance (credit - debit) always equals the sum of its transactions. Amounts are
 * whole paise in JavaScript and numeric(14,2) in the database. Callers that touch several
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

/** Locks the accounts' rows in id order; refuses an account that does not exist. */
export async function lockAccounts(ctx: Ctx, ids: number[]): Promise<void> {
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  if (!wanted.length) return;
  const found = await ctx.db.selectFrom('fin_account').select('id').where('id', 'in', wanted).orderBy('id').forUpdate().execute();
  if (found.length !== wanted.length) throw badRequest('Account not found');
}

/** Writes one transaction and moves its account's credit or debit; answers the transaction's id. */
export async function postTransaction(ctx: Ctx, input: PostInput): Promise<number> {
  if (!Number.isSafeInteger(input.paise) || input.paise <= 0) throw badRequest('Amount must be more than 0');
  if (input.txn_type !== CREDIT && input.txn_type !== DEBIT) throw badRequest('Transaction type must be credit (0) or debit (1)');
  return inTransaction(ctx, async (tx) => {
    await lockAccounts(tx, [input.account_id]);
    const amount = toRupees(input.paise);
    const row = await tx.db.insertInto('fin_transaction').values({
      account_id: input.account_id, amount, txn_type: input.txn_type, date: input.date,
      name: input.name, source: input.source, source_id: input.source_id,
    }).returning('id').executeTakeFirstOrThrow();
    const column = input.txn_type === CREDIT ? 'credit' : 'debit';
    await tx.db.updateTable('fin_account')
      .set({ [column]: sql`${sql.ref(column)} + ${amount}::numeric`, updated_at: new Date() })
      .where('id', '=', input.account_id).execute();
    await audit(tx, 'finance-transactions', 'create', row.id, { ...input, amount });
    return row.id as number;
  });
}

/** Removes every transaction of a source record and takes them back off their accounts. */
export async function removeTransactions(ctx: Ctx, source: string, source_id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const accounts = await tx.db.selectFrom('fin_transaction').select('account_id').distinct()
      .where('source', '=', source).where('source_id', '=', source_id).execute();
    await lockAccounts(tx, accounts.map((a) => a.account_id));
    // Read again under the locks: the rows a concurrent writer may have added are now settled.
    const rows = await tx.db.selectFrom('fin_transaction').selectAll()
      .where('source', '=', source).where('source_id', '=', source_id).orderBy('id').execute();
    for (const r of rows) {
      const column = r.txn_type === CREDIT ? 'credit' : 'debit';
      await tx.db.updateTable('fin_account')
        .set({ [column]: sql`${sql.ref(column)} - ${r.amount}::numeric`, updated_at: new Date() })
        .where('id', '=', r.account_id).execute();
    }
    if (rows.length) {
      await tx.db.deleteFrom('fin_transaction').where('id', 'in', rows.map((r) => r.id)).execute();
      await audit(tx, 'finance-transactions', 'remove', null, { source, source_id, transactions: rows });
    }
  });
}
