import { sql } from 'kysely';
import { billTotalPaise, toPaise, toRupees } from '../../../shared/money.js';
import type { Ctx } from '../../framework/context.js';
import { badRequest, notFound } from '../../framework/errors.js';
import { moneyColumn } from '../../framework/query.js';
import { audit, inTransaction } from '../../framework/service.js';
import { items } from '../../framework/items.js';
import { publish } from '../../framework/events.js';
import { resourceByName } from '../../../shared/registry.js';
import { ONLINE_MESSAGES } from '../../../shared/online-pay.js';
import { applyScope } from '../../framework/scope.js';
import { countBillLines } from './item-totals.js';
import type { FeeInstallmentKind } from '../../../generated/enums/fees.js';
import type { FeePayment } from '../../../generated/entities/fees.js';
import type { EntityRow } from '../../../shared/wire.js';

/**
 * The fees ledger: the only code that writes bills, their lines and their installments.
 * Every change locks the bill's row first (FOR UPDATE), so payments, refunds and discount
 * changes on one bill happen one after the other and each sees the one before. Amounts are
 * whole paise in JavaScript and numeric(14,2) in the database; paid_amount is changed in the
 * same statement order as the installment it sums, so the bill and its installments never disagree.
 * The fee item totals (item-totals.ts) follow a bill's lines in the same transaction.
 * A new bill and the money moved on one are raw writes, measured by the billing benchmark
 * (tests/bench/run.ts, PUT /fees/pay/), with audit records of their own; a discount change and
 * a bill's deletion go through the service (items), which audits them.
 */

/** An installment's kind, as schemas/fees/fee-installment.json lists them. */
export type InstallmentKind = FeeInstallmentKind;

export const PENDING_EXCEEDED = ONLINE_MESSAGES.tooMuch;
const REFUND_EXCEEDED = resourceByName('fee-payments').calls!.refund!.errors!.tooMuch!;
export const TRANSPORTATION = 'Transportation';
export const MISCELLANEOUS = 'Miscellaneous';

/** A bill as the ledger reads it: the generated fee_payment entity, amounts as numbers, its time as a Date. */
export type Bill = Omit<EntityRow<FeePayment>, 'timestamp' | 'created_by'> & { timestamp: Date };

export interface LineInput { fee_item_id?: number | null; fee_item_name?: string | null; amount: number; quantity: number }

export interface BillInput {
  student_id: number;
  ac_year_id: number;
  name: string;
  lines: LineInput[];
  discount: number;
  createdFeeId?: number | null;
  /** When the bill was made; now when not given (the demo school back-dates its term). */
  at?: Date;
}

const billNotFound = () => notFound('Bill not found');

/** The next receipt number of the school: gapless, taken under the counter row's lock, never given twice. */
async function nextReceiptNo(ctx: Ctx): Promise<number> {
  const row = await ctx.db.insertInto('setting').values({ key: 'fee_receipt_no', value: JSON.stringify(1) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: sql`to_jsonb((setting.value #>> '{}')::bigint + 1)` }))
    .returning('value').executeTakeFirstOrThrow();
  return Number(row.value);
}

/** A bill the person may reach (the bills' declared row scope: parents their own children's); others 404. */
export async function visibleBill(ctx: Ctx, billId: number, opts: { lock?: boolean } = {}): Promise<Bill> {
  let qb = applyScope(ctx, resourceByName('fee-payments'), ctx.db.selectFrom('fee_payment as t')
    .select(['t.id', 't.student_id', 't.ac_year_id', 't.name', 't.timestamp', 't.created_fee_id', moneyColumn('t.total_amount'), moneyColumn('t.paid_amount'), moneyColumn('t.discount_amount')])
    .where('t.id', '=', billId));
  if (opts.lock) qb = qb.forUpdate();
  const bill = await qb.executeTakeFirst();
  if (!bill) throw billNotFound();
  return bill;
}

/** Creates a bill with its lines (no money received yet). The total is computed here, never taken from the browser. */
export async function createBill(ctx: Ctx, input: BillInput): Promise<number> {
  return inTransaction(ctx, async (tx) => {
    const student = await tx.db.selectFrom('student').select('id').where('id', '=', input.student_id).executeTakeFirst();
    if (!student) throw badRequest('Student not found');
    const year = await tx.db.selectFrom('ac_year').select('id').where('id', '=', input.ac_year_id).executeTakeFirst();
    if (!year) throw badRequest('Academic year not found');
    const lines = [];
    for (const l of input.lines) {
      let name = l.fee_item_name?.trim() || null;
      if (l.fee_item_id != null) {
        // Held until the bill is written, so the item cannot be deleted in between (its lines and totals would keep its id).
        const item = await tx.db.selectFrom('fee_item').select('name').where('id', '=', l.fee_item_id).forKeyShare().executeTakeFirst();
        if (!item) throw badRequest('Fee item not found');
        name = name ?? item.name;
      }
      if (!name) throw badRequest('Please select a fee item');
      lines.push({ fee_item_id: l.fee_item_id ?? null, fee_item_name: name, amount: l.amount, quantity: l.quantity });
    }
    const total = billTotalPaise(lines, input.discount);
    if (total < 0) throw badRequest('Discount cannot be more than the bill amount');
    // raw write: a bill and its lines, the billing path PUT /fees/pay/ runs per payment (bench: run)
    const bill = await tx.db.insertInto('fee_payment').values({
      student_id: input.student_id, ac_year_id: input.ac_year_id, name: input.name, total_amount: toRupees(total), paid_amount: 0,
      discount_amount: input.discount, timestamp: input.at ?? new Date(), created_fee_id: input.createdFeeId ?? null, created_by: tx.user.id,
    }).returning('id').executeTakeFirstOrThrow();
    if (lines.length) {
      // raw write: the bill's lines in one statement (bench: run)
      await tx.db.insertInto('fee_payment_detail').values(lines.map((l) => ({ ...l, payment_id: bill.id }))).execute();
      await countBillLines(tx.db, bill.id, 1);
    }
    await audit(tx, 'fee-payments', 'create', bill.id, { ...input, total_amount: toRupees(total) });
    await publish(tx, 'fees.bill.created', { bill_id: bill.id, student_id: input.student_id, ac_year_id: input.ac_year_id });
    return bill.id as number;
  });
}

export interface InstallmentOptions {
  mode: string;
  kind: InstallmentKind;
  account?: string | null;
  /** When the money moved; now when not given. */
  at?: Date;
  gatewayPaymentId?: string | null;
  extras?: Record<string, unknown>;
}

/**
 * Money received on a bill (paise > 0) or given back (paise < 0). Refuses to take more than is
 * pending or give back more than was paid; every movement gets the next receipt number.
 */
export async function addInstallment(ctx: Ctx, billId: number, paise: number, opts: InstallmentOptions): Promise<{ installment_id: number; receipt_no: number }> {
  if (!Number.isSafeInteger(paise) || paise === 0) throw badRequest(paise === 0 && opts.kind === 'refund' ? 'Refund amount is required!' : 'Amount must be entered');
  return inTransaction(ctx, async (tx) => {
    const bill = await visibleBill(tx, billId, { lock: true });
    const total = toPaise(bill.total_amount);
    const paid = toPaise(bill.paid_amount);
    if (paise > 0 && paid + paise > total) throw badRequest(PENDING_EXCEEDED);
    if (paise < 0 && paid + paise < 0) throw badRequest(REFUND_EXCEEDED);
    const receiptNo = await nextReceiptNo(tx);
    const amount = toRupees(paise);
    // raw write: the money received under the bill's row lock, with its receipt number (bench: run)
    const inst = await tx.db.insertInto('fee_installment').values({
      payment_id: billId, paid_amount: amount, mode: opts.mode, account: opts.account ?? null, kind: opts.kind, receipt_no: receiptNo,
      timestamp: opts.at ?? new Date(), gateway_payment_id: opts.gatewayPaymentId ?? null,
      extras: JSON.stringify(opts.extras ?? {}), created_by: tx.user.id,
    }).returning('id').executeTakeFirstOrThrow();
    // raw write: the locked bill's paid amount (bench: run)
    await tx.db.updateTable('fee_payment').set({ paid_amount: toRupees(paid + paise), updated_at: new Date() }).where('id', '=', billId).execute();
    await audit(tx, 'fee-payments', opts.kind, billId, { installment_id: inst.id, receipt_no: receiptNo, amount, mode: opts.mode, account: opts.account ?? null, extras: opts.extras ?? {} });
    return { installment_id: inst.id as number, receipt_no: receiptNo };
  });
}

/** Changes a bill's discount: the total follows, and can never fall below what was paid. */
export async function setDiscount(ctx: Ctx, billId: number, discount: number): Promise<Bill> {
  return inTransaction(ctx, async (tx) => {
    const bill = await visibleBill(tx, billId, { lock: true });
    const lines = await tx.db.selectFrom('fee_payment_detail').select([moneyColumn('amount'), 'quantity']).where('payment_id', '=', billId).execute();
    const total = billTotalPaise(lines as LineInput[], discount);
    if (total < 0) throw badRequest('Discount cannot be more than the bill amount');
    if (total < toPaise(bill.paid_amount)) throw badRequest('Discount cannot bring the total below the amount already paid');
    await items(tx, 'fee-payments').update(billId, { discount_amount: discount, total_amount: toRupees(total) }, { action: 'discount' });
    return { ...bill, discount_amount: discount, total_amount: toRupees(total) };
  });
}

/**
 * Deletes a bill with its lines, installments and online orders (the service's remove with its
 * dependents); its audit record keeps all of them. Receipt numbers are not given again.
 */
export async function deleteBill(ctx: Ctx, billId: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    await visibleBill(tx, billId, { lock: true });
    const lines = await tx.db.selectFrom('fee_payment_detail').selectAll().where('payment_id', '=', billId).execute();
    const installments = await tx.db.selectFrom('fee_installment').selectAll().where('payment_id', '=', billId).execute();
    const orders = await tx.db.selectFrom('fee_order').selectAll().where('payment_id', '=', billId).execute();
    // The totals are taken away while the lines are still there to sum.
    await countBillLines(tx.db, billId, -1);
    await items(tx, 'fee-payments').remove(billId, { withDependents: true, dependents: { lines, installments, orders } });
  });
}
