import billPayload from '../../../../schemas/fees/calls/bill.json' with { type: 'json' };
import { billTotalPaise, toPaise } from '../../../shared/money.js';
import { defineHandlers } from '../../framework/calls.js';
import { badRequest } from '../../framework/errors.js';
import { SCHOOL_TZ } from '../../framework/periods.js';
import { inTransaction } from '../../framework/service.js';
import { addInstallment, createBill, deleteBill, setDiscount } from './ledger.js';
import { enabled, getFeeSettings } from './settings.js';

/** Billing, installments, refunds, discount changes and deleting a bill (spec 2 §5, §7), through the ledger. */

/**
 * A back-dated installment keeps its day (at noon, India time, so it stays that day in every
 * report); today's is now. The payload's `format: 'date'` has made sure it is a calendar day.
 */
function installmentTime(date: string | null | undefined, future: () => never): Date {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: SCHOOL_TZ });
  if (!date || date === today) return new Date();
  if (date > today) future();
  return new Date(`${date}T12:00:00+05:30`);
}

export default defineHandlers('fee-payments', {
  async pay(ctx, { body: b }) {
    const settings = await getFeeSettings(ctx.db);
    const discount = b.discounts ?? 0;
    if (discount > 0 && !enabled(settings.fee_discounts_enabled)) throw ctx.fail('discountsOff', 403);
    const total = billTotalPaise(b.details, discount);
    if (total < 0) throw ctx.fail('discount');
    // The browser's total is only checked, never stored: a figure that does not add up is refused.
    if (toPaise(b.amount_total) !== total) throw ctx.fail('total');
    const paying = toPaise(b.amount_paid);
    if (paying > total) throw ctx.fail('tooMuch');
    if (paying < total && !enabled(settings.fee_partial_payment_enabled)) throw ctx.fail('partialOff', 403);
    const first = b.installments?.[0];
    if (paying > 0 && !first) throw badRequest(billPayload.properties.installments.items.errorMessage.required.mode);
    if (first && toPaise(first.amount) !== paying) throw ctx.fail('payment');
    return inTransaction(ctx, async (tx) => {
      const billId = await createBill(tx, {
        student_id: b.student_id, ac_year_id: b.ac_year_id, name: b.name?.trim() ?? billPayload.properties.name.default, lines: b.details, discount,
      });
      const paid = paying > 0 ? await addInstallment(tx, billId, paying, { mode: first!.mode, account: first!.account, kind: 'payment' }) : null;
      return { payment_id: billId, installment_id: paid?.installment_id ?? null, receipt_no: paid?.receipt_no ?? null };
    });
  },

  async discount(ctx, { body }) {
    if (!enabled((await getFeeSettings(ctx.db)).fee_discounts_enabled)) throw ctx.fail('discountsOff', 403);
    return setDiscount(ctx, body.fee_payment_id, body.discount_amount);
  },

  async remove(ctx, { params }) {
    await deleteBill(ctx, params.payment_id);
    return { id: params.payment_id };
  },

  async installment(ctx, { params, body: b }) {
    const at = installmentTime(b.date, () => { throw ctx.fail('future'); });
    const out = await addInstallment(ctx, params.payment_id, toPaise(b.amount), { mode: b.mode, account: b.account, kind: 'installment', at });
    return { payment_id: params.payment_id, ...out };
  },

  async refund(ctx, { body: b }) {
    const details = b.extras?.transaction_details?.trim() ?? '';
    if (b.mode !== 'cash' && !details) throw ctx.fail('details');
    const out = await addInstallment(ctx, b.payment_id, -toPaise(b.amount_paid), {
      mode: b.mode, kind: 'refund', extras: details ? { transaction_details: details } : {},
    });
    return { payment_id: b.payment_id, ...out };
  },
});
