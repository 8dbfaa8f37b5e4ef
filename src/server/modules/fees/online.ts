import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { toRupees } from '../../../shared/money.js';
import { onlineAmountPaise, type PayAnswer } from '../../../shared/online-pay.js';
import type { AuthUser, Ctx } from '../../framework/context.js';
import { ok } from '../../framework/envelope.js';
import { AppError, badRequest, notFound } from '../../framework/errors.js';
import { addRoute, type RouteEnv } from '../../framework/route.js';
import { inTransaction } from '../../framework/service.js';
import { items } from '../../framework/items.js';
import { paiseFromText, verifyRazorpayWebhook, type GatewayName, type VerifiedResult } from '../../integrations/payments/index.js';
import { readSecrets } from '../../platform/payment-gateways.js';
import { addInstallment, PENDING_EXCEEDED, visibleBill } from './ledger.js';
import type { FeeSettings } from './settings.js';

/**
 * Online fee payment by parents and students (spec 4 "Online fee payment", issue 4 item 7).
 * PUT /fees/online/pay/ checks the amount against the bill and creates the order at the chosen
 * gateway; POST /fees/online/pay/ checks the gateway's result and credits the bill through the
 * ledger, once per gateway payment id, however many times the result or Razorpay's webhook
 * arrives. The amount credited is always the stored order's, never one sent by the browser.
 */

export const ORDER_NOT_FOUND = 'Order not found';

export interface FeeOrder {
  id: number; payment_id: number; student_id: number; user_id: number; amount: string | number; gateway: GatewayName;
  order_id: string; status: 'created' | 'paid' | 'failed'; gateway_payment_id: string | null; installment_id: number | null;
  extras: Record<string, unknown> | null;
}

/** The TDR rate shown beside a gateway ('{tdr_rate}% + taxes will be charged extra'), 0 when none. */
export function tdrRate(settings: FeeSettings, gateway: GatewayName): number {
  const details = (settings as unknown as Record<string, { tdr_rate?: number } | undefined>)[`${gateway}_gateway_details`];
  return Number(details?.tdr_rate ?? 0) || 0;
}

/** The amount of a pay request, as paise: exact to the paisa, or refused with a message. */
export function amountPaise(v: unknown): number {
  const a = onlineAmountPaise(v);
  if (a.problem !== undefined) throw badRequest(a.problem);
  if (a.paise > 1e11) throw badRequest(PENDING_EXCEEDED);
  return a.paise;
}

export const orderPaise = (o: Pick<FeeOrder, 'amount'>) => paiseFromText(o.amount) ?? 0;

export type { PayAnswer };

export async function paidAnswer(ctx: Ctx, order: FeeOrder): Promise<PayAnswer> {
  const inst = order.installment_id == null ? null
    : await ctx.db.selectFrom('fee_installment').select(['id', 'receipt_no']).where('id', '=', order.installment_id).executeTakeFirst();
  return {
    status: 'TXN_SUCCESS', order_id: order.order_id, amount: toRupees(orderPaise(order)), payment_id: order.gateway_payment_id,
    installment_id: inst?.id ?? null, receipt_no: inst?.receipt_no ?? null, fee_id: order.payment_id, message: 'Payment successful', cancelled: false,
  };
}

const extrasOf = (o: FeeOrder) => (o.extras && typeof o.extras === 'object' ? o.extras : {});

/**
 * Applies a verified gateway result to its order, under the order's lock: a success credits the
 * stored amount through the ledger (with the gateway payment id, unique), once; an order already
 * paid answers its earlier receipt again; a failure marks the order failed (it may still be paid later).
 */
export async function settleOrder(ctx: Ctx, orderId: number, verified: VerifiedResult, source: 'checkout' | 'webhook'): Promise<PayAnswer> {
  let refused: string | null = null;
  const answer = await inTransaction(ctx, async (tx) => {
    // Locks in the ledger's order, the bill first and then its order, so a bill being deleted or paid at the counter waits its turn.
    const billOf = await tx.db.selectFrom('fee_order').select('payment_id').where('id', '=', orderId).executeTakeFirst();
    if (!billOf) throw notFound(ORDER_NOT_FOUND);
    await visibleBill(tx, billOf.payment_id, { lock: true });
    const order = await tx.db.selectFrom('fee_order').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirst() as FeeOrder | undefined;
    if (!order) throw notFound(ORDER_NOT_FOUND);
    if (order.status === 'paid') return paidAnswer(tx, order);
    const paise = orderPaise(order);
    if (verified.status !== 'success') {
      await items(tx, 'fee-orders').update(order.id, {
        status: 'failed', extras: { ...extrasOf(order), last_result: { status: verified.status, message: verified.message, payment_id: verified.paymentId, source } },
      }, { action: 'failed' });
      return {
        status: 'TXN_FAILED' as const, order_id: order.order_id, amount: toRupees(paise), payment_id: verified.paymentId, installment_id: null, receipt_no: null,
        fee_id: order.payment_id, message: verified.message, cancelled: verified.status === 'cancelled',
      };
    }
    if (verified.amountPaise !== null && verified.amountPaise !== paise) throw badRequest('The amount paid does not match the order');
    const paymentId = verified.paymentId!;
    let credited: { installment_id: number; receipt_no: number };
    try {
      credited = await addInstallment(tx, order.payment_id, paise, {
        mode: order.gateway, kind: 'online', gatewayPaymentId: paymentId,
        extras: { transaction_details: `${order.gateway} payment ${paymentId} (order ${order.order_id})`, order_id: order.order_id, source },
      });
    } catch (e) {
      // Money was taken for more than is now pending (the bill was paid meanwhile): kept for a refund by the school.
      if (e instanceof AppError && e.message === PENDING_EXCEEDED) { refused = paymentId; return null; }
      throw e;
    }
    await items(tx, 'fee-orders').update(order.id, {
      status: 'paid', gateway_payment_id: paymentId, installment_id: credited.installment_id, extras: { ...extrasOf(order), paid_via: source },
    }, { action: 'paid' });
    return {
      status: 'TXN_SUCCESS' as const, order_id: order.order_id, amount: toRupees(paise), payment_id: paymentId, ...credited,
      fee_id: order.payment_id, message: verified.message, cancelled: false,
    };
  });
  if (answer) return answer;
  await inTransaction(ctx, async (tx) => {
    const order = await tx.db.selectFrom('fee_order').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirstOrThrow() as FeeOrder;
    if (order.status === 'paid') return;
    await items(tx, 'fee-orders').update(order.id, {
      status: 'failed', extras: { ...extrasOf(order), refund_due: { payment_id: refused, source, reason: PENDING_EXCEEDED } },
    }, { action: 'refund-due' });
  });
  throw badRequest(PENDING_EXCEEDED);
}

/** The person's own order (role 1 sees only orders they made). */
export async function ownOrder(ctx: Ctx, where: { id?: number; orderId?: string; gateway?: GatewayName; billId?: number }): Promise<FeeOrder> {
  let qb = ctx.db.selectFrom('fee_order').selectAll().where('user_id', '=', ctx.user.id);
  if (where.id !== undefined) qb = qb.where('id', '=', where.id);
  if (where.orderId !== undefined) qb = qb.where('order_id', '=', where.orderId);
  if (where.gateway !== undefined) qb = qb.where('gateway', '=', where.gateway);
  if (where.billId !== undefined) qb = qb.where('payment_id', '=', where.billId);
  const order = await qb.executeTakeFirst();
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order as FeeOrder;
}

export const ORDER_REF = () => crypto.randomBytes(8).toString('hex');


/**
 * Razorpay's webhook (payment.captured, order.paid): checked over the raw body with the school's
 * webhook secret, then settled like a checkout result. Its raw-body parser lives in this
 * encapsulated scope only; every other call keeps the JSON parser.
 */
export function registerWebhookRoutes(app: FastifyInstance, env: RouteEnv) {
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    addRoute(scope, env, {
      call: 'POST /fees/online/webhook/razorpay/', public: true,
      handler: async (base, req) => {
        const raw = req.body;
        if (!Buffer.isBuffer(raw)) throw badRequest('Invalid webhook signature');
        const secret = (await readSecrets(base.db)).razorpay?.webhook_secret ?? '';
        if (!verifyRazorpayWebhook(raw, req.headers['x-razorpay-signature'], secret)) throw badRequest('Invalid webhook signature');
        let event: any;
        try { event = JSON.parse(raw.toString('utf8')); } catch { throw badRequest('The request body is not valid JSON'); }
        const payment = event?.payload?.payment?.entity;
        if (!['payment.captured', 'order.paid'].includes(event?.event) || !payment || typeof payment.order_id !== 'string' || typeof payment.id !== 'string') {
          return ok({ handled: false });
        }
        const order = await base.db.selectFrom('fee_order').selectAll().where('gateway', '=', 'razorpay').where('order_id', '=', payment.order_id).executeTakeFirst() as FeeOrder | undefined;
        if (!order) return ok({ handled: false });
        const payer = await base.db.selectFrom('user').select(['id', 'name', 'email', 'username', 'mobile']).where('id', '=', order.user_id).executeTakeFirst();
        // Acting for the payer; the gateway's signed word, not the payer's login, is what allows this credit.
        const user: AuthUser = { id: order.user_id, name: payer?.name ?? 'Razorpay', email: payer?.email ?? null, username: payer?.username ?? null, mobile: payer?.mobile ?? null, role: 0 };
        const ctx: Ctx = { ...base, user };
        const verified: VerifiedResult = {
          status: 'success', paymentId: payment.id, amountPaise: Number.isSafeInteger(payment.amount) ? payment.amount : -1, message: `Razorpay ${event.event}`,
        };
        const answer = await settleOrder(ctx, order.id, verified, 'webhook');
        return ok({ handled: true, ...answer });
      },
    });
  });
}
