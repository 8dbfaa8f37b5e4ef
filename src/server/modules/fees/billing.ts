import type { FastifyInstance } from 'fastify';
import billPayload from '../../../../schemas/fees/calls/bill.json' with { type: 'json' };
import discountPayload from '../../../../schemas/fees/calls/discount.json' with { type: 'json' };
import installmentPayload from '../../../../schemas/fees/calls/installment.json' with { type: 'json' };
import refundPayload from '../../../../schemas/fees/calls/refund.json' with { type: 'json' };
import { billTotalPaise, toPaise } from '../../../shared/money.js';
import { ok } from '../../framework/envelope.js';
import { SCHOOL_TZ } from '../../framework/periods.js';
import { badRequest, forbidden } from '../../framework/errors.js';
import { addRoute, type RouteEnv } from '../../framework/route.js';
import { FEE_STAFF } from './access.js';
import { inTransaction } from '../../framework/service.js';
import { assertValid, compile } from '../../framework/validation.js';
import { isIsoDate } from '../../framework/inputs.js';
import { addInstallment, createBill, deleteBill, setDiscount } from './ledger.js';
import { enabled, getFeeSettings } from './settings.js';

/** Billing, installments, refunds, discount changes and deleting a bill (spec 2 §5, §7). Staff only. */

const SELECT_MODE = installmentPayload.errorMessage.required.mode;
const DEFAULT_BILL_NAME = billPayload.properties.name.default;

const validateBill = compile(billPayload);
const validateDiscount = compile(discountPayload);
const validateInstallment = compile(installmentPayload);
const validateRefund = compile(refundPayload);

type BillBody = {
  student_id: number; ac_year_id: number; name?: string; amount_total: number; amount_paid: number; discounts?: number;
  details: Array<{ fee_item_id?: number | null; fee_item_name?: string | null; amount: number; quantity: number }>;
  installments?: Array<{ amount: number; mode: string; account?: string | null }>;
};

/** A back-dated installment keeps its day (at noon, India time, so it stays that day in every report); today's is now. */
function installmentTime(date: string | null | undefined): Date {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: SCHOOL_TZ });
  if (!date || date === today) return new Date();
  if (!isIsoDate(date)) throw badRequest(installmentPayload.properties.date.errorMessage);
  if (date > today) throw badRequest('The installment date cannot be in the future');
  return new Date(`${date}T12:00:00+05:30`);
}

export function registerBillingRoutes(app: FastifyInstance, env: RouteEnv) {
  addRoute(app, env, {
    call: 'PUT /fees/pay/', roles: FEE_STAFF, module: 'fees', perm: 'create',
    handler: async (ctx, req) => {
      assertValid(validateBill, billPayload, req.body);
      const b = req.body as BillBody;
      const settings = await getFeeSettings(ctx.db);
      const discount = b.discounts ?? 0;
      if (discount > 0 && !enabled(settings.fee_discounts_enabled)) throw forbidden('Discounts are not enabled for this school');
      const total = billTotalPaise(b.details, discount);
      if (total < 0) throw badRequest('Discount cannot be more than the bill amount');
      // The browser's total is only checked, never stored: a figure that does not add up is refused.
      if (toPaise(b.amount_total) !== total) throw badRequest('Bill total does not match its items');
      const paying = toPaise(b.amount_paid);
      if (paying > total) throw badRequest('Amount Paying can not be greater than Total Amount');
      if (paying < total && !enabled(settings.fee_partial_payment_enabled)) throw forbidden('Partial payment is not enabled for this school');
      const first = b.installments?.[0];
      if (paying > 0 && !first) throw badRequest(SELECT_MODE);
      if (first && toPaise(first.amount) !== paying) throw badRequest('The payment does not match Amount Paying');
      const out = await inTransaction(ctx, async (tx) => {
        const billId = await createBill(tx, {
          student_id: b.student_id, ac_year_id: b.ac_year_id, name: b.name?.trim() ?? DEFAULT_BILL_NAME, lines: b.details, discount,
        });
        const paid = paying > 0 ? await addInstallment(tx, billId, paying, { mode: first!.mode, account: first!.account, kind: 'payment' }) : null;
        return { payment_id: billId, installment_id: paid?.installment_id ?? null, receipt_no: paid?.receipt_no ?? null };
      });
      return ok(out, 'Fees Paid');
    },
  });

  addRoute(app, env, {
    call: 'PATCH /fees/pay/', roles: FEE_STAFF, module: 'fees', perm: 'update',
    handler: async (ctx, req) => {
      assertValid(validateDiscount, discountPayload, req.body);
      const b = req.body as { fee_payment_id: number; discount_amount: number };
      if (!enabled((await getFeeSettings(ctx.db)).fee_discounts_enabled)) throw forbidden('Discounts are not enabled for this school');
      return ok(await setDiscount(ctx, b.fee_payment_id, b.discount_amount), 'Fee Discount Updated');
    },
  });

  addRoute(app, env, {
    call: 'DELETE /fees/pay/{payment_id}/', roles: FEE_STAFF, module: 'fees', perm: 'remove',
    handler: async (ctx, _req, p) => {
      await deleteBill(ctx, p.payment_id!);
      return ok({ id: p.payment_id }, 'Fee Entry Deleted');
    },
  });

  addRoute(app, env, {
    call: 'PUT /fees/pay/installment/{payment_id}/', roles: FEE_STAFF, module: 'fees', perm: 'create',
    handler: async (ctx, req, p) => {
      assertValid(validateInstallment, installmentPayload, req.body);
      const b = req.body as { amount: number; mode: string; account?: string | null; date?: string | null };
      const at = installmentTime(b.date);
      const out = await addInstallment(ctx, p.payment_id!, toPaise(b.amount), { mode: b.mode, account: b.account, kind: 'installment', at });
      return ok({ payment_id: p.payment_id, ...out }, 'Fee Installment Paid');
    },
  });

  addRoute(app, env, {
    call: 'PUT /fees/refund/', roles: FEE_STAFF, module: 'fees', perm: 'update',
    handler: async (ctx, req) => {
      assertValid(validateRefund, refundPayload, req.body);
      const b = req.body as { payment_id: number; amount_paid: number; mode: string; extras?: { transaction_details?: string | null } };
      const details = b.extras?.transaction_details?.trim() ?? '';
      if (b.mode !== 'cash' && !details) throw badRequest('Transaction Details is requried!');
      const out = await addInstallment(ctx, b.payment_id, -toPaise(b.amount_paid), {
        mode: b.mode, kind: 'refund', extras: details ? { transaction_details: details } : {},
      });
      return ok({ payment_id: b.payment_id, ...out }, 'Refund Data Updated');
    },
  });
}
