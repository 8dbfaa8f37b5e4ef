import { resourceByName } from '../../../shared/registry.js';
import { toPaise, toRupees } from '../../../shared/money.js';
import type { Ctx } from '../../framework/context.js';
import { badRequest, notFound } from '../../framework/errors.js';
import { items } from '../../framework/items.js';
import { inTransaction } from '../../framework/service.js';
import { DEBIT, postTransaction, removeTransactions } from './ledger.js';

/**
 * Expenses and their installments. An expense's paid_amount is the sum of its installments, and
 * each installment debits its account through the ledger, all in one transaction under the
 * expense's row lock (taken before any account's, always in that order): two payments on one
 * expense happen one after the other, and the second sees the first. Every row is written through
 * the service and audited there: the expense's create, each installment's create, and a payment
 * as the expense's `pay` (its paid amount).
 */

/** The declared texts (resources/finance/expense.ts), so the API and these functions say the same. */
const ERR = resourceByName('finance-expenses').calls!.pay!.errors!;
/** Transactions of an expense's installments are filed under this source and the expense's id. */
export const EXPENSE_SOURCE = 'expense';

export interface FileRef { name: string; path: string; url?: string | null }

export interface ExpenseInput {
  name: string;
  exp_cat_id: number;
  account_id: number;
  vendor_id?: number | null;
  amountPaise: number;
  taxPaise: number;
  /** The first installment, paid now from account_id; 0 when nothing is paid yet. */
  firstPaymentPaise: number;
  /** YYYY-MM-DD. */
  date: string;
  payment_mode_id?: number | null;
  payment_details?: string | null;
  description?: string | null;
  files?: FileRef[];
}

export interface InstallmentInput {
  expense_id: number;
  paise: number;
  account_id: number;
  payment_mode_id?: number | null;
  payment_details?: string | null;
  /** YYYY-MM-DD. */
  payment_date: string;
}

const money = (p: number) => Number.isSafeInteger(p) && p >= 0;

/** Refuses a pointer at a row that does not exist (the payment mode and vendor are optional). */
async function mustExist(ctx: Ctx, table: 'fin_account' | 'fin_expense_category' | 'fin_vendor' | 'fin_payment_mode', id: number | null | undefined, message: string) {
  if (id == null) return;
  const row = await ctx.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw badRequest(message);
}

async function writeInstallment(ctx: Ctx, expense: { id: number; name: string }, input: Omit<InstallmentInput, 'expense_id'>): Promise<number> {
  const inst = await items(ctx, 'finance-expense-installments').create({
    expense_id: expense.id, paid_amount: toRupees(input.paise), payment_date: input.payment_date, account_id: input.account_id,
    payment_mode_id: input.payment_mode_id ?? null, payment_details: input.payment_details ?? null,
  });
  await postTransaction(ctx, {
    account_id: input.account_id, paise: input.paise, txn_type: DEBIT, date: input.payment_date,
    name: expense.name, source: EXPENSE_SOURCE, source_id: expense.id,
  });
  return inst.id;
}

/** Records an expense, its first installment and the account's debit transaction. */
export async function createExpense(ctx: Ctx, input: ExpenseInput): Promise<{ id: number }> {
  if (!money(input.amountPaise) || !money(input.taxPaise)) throw badRequest('Amount and tax must be at least 0');
  const total = input.amountPaise + input.taxPaise;
  if (!money(input.firstPaymentPaise) || input.firstPaymentPaise > total) throw badRequest(ERR.amount!);
  return inTransaction(ctx, async (tx) => {
    await mustExist(tx, 'fin_expense_category', input.exp_cat_id, ERR.category!);
    await mustExist(tx, 'fin_account', input.account_id, ERR.account!);
    await mustExist(tx, 'fin_vendor', input.vendor_id, ERR.vendor!);
    await mustExist(tx, 'fin_payment_mode', input.payment_mode_id, ERR.mode!);
    const name = input.name.trim();
    const row = await items(tx, 'finance-expenses').create({
      name, exp_cat_id: input.exp_cat_id, account_id: input.account_id, vendor_id: input.vendor_id ?? null,
      amount: toRupees(input.amountPaise), tax: toRupees(input.taxPaise), total_amount: toRupees(total),
      paid_amount: toRupees(input.firstPaymentPaise), date: input.date, payment_mode_id: input.payment_mode_id ?? null,
      payment_details: input.payment_details ?? null, description: input.description ?? null, files: input.files ?? [],
    });
    const expense = { id: row.id, name };
    if (input.firstPaymentPaise > 0) {
      await writeInstallment(tx, expense, {
        paise: input.firstPaymentPaise, account_id: input.account_id, payment_mode_id: input.payment_mode_id,
        payment_details: input.payment_details, payment_date: input.date,
      });
    }
    return { id: expense.id };
  });
}

/** Pays towards an expense: more than 0 and at most what is still due, else the spec's message. */
export async function payInstallment(ctx: Ctx, input: InstallmentInput): Promise<{ id: number; paid_amount: number; balance: number }> {
  return inTransaction(ctx, async (tx) => {
    const expense = await tx.db.selectFrom('fin_expense').select(['id', 'name', 'total_amount', 'paid_amount'])
      .where('id', '=', input.expense_id).forUpdate().executeTakeFirst();
    if (!expense) throw notFound(ERR.notFound!);
    const due = toPaise(Number(expense.total_amount)) - toPaise(Number(expense.paid_amount));
    if (!Number.isSafeInteger(input.paise) || input.paise <= 0 || input.paise > due) throw badRequest(ERR.amount!);
    await mustExist(tx, 'fin_account', input.account_id, ERR.account!);
    await mustExist(tx, 'fin_payment_mode', input.payment_mode_id, ERR.mode!);
    const id = await writeInstallment(tx, expense, input);
    const paid = toPaise(Number(expense.paid_amount)) + input.paise;
    await items(tx, 'finance-expenses').update(expense.id, { paid_amount: toRupees(paid) }, { action: 'pay' });
    return { id, paid_amount: toRupees(paid), balance: toRupees(due - input.paise) };
  });
}

/** Takes an expense's installments' transactions back off their accounts (its installments go with the expense). */
export async function forgetExpenseMoney(ctx: Ctx, expenseId: number): Promise<void> {
  await removeTransactions(ctx, EXPENSE_SOURCE, expenseId);
}
