import crypto from 'node:crypto';
import { toRupees } from '../../../shared/money.js';
import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { inTransaction } from '../../framework/service.js';
import { items } from '../../framework/items.js';
import { TestGateway, type GatewayOrder, type VerifiedResult } from '../../integrations/payments/index.js';
import { service } from '../../framework/services.js';
import { asAppError, ensureTestSecret, gatewayOf, isGatewayName } from '../../platform/payment-gateways.js';
import { defaultDetails, getSetting } from '../../platform/settings.js';
import type { AdmissionPass } from './guest.js';
import { paiseFromText } from '../../integrations/payments/index.js';
import { APPLICATION_PAYMENT_STATUS } from '../../../generated/enums/admissions.js';

/**
 * The application fee, paid online by the parent who made the application (spec 4 §7 "Public
 * admissions"), through the same gateways, secrets and signature checks as online fee payment.
 * The amount is always the fee stored on the application when it was made, never the browser's.
 * A verified success marks the application paid once, under its row lock: the same result
 * arriving again answers the same success; a second order paid for an application already paid
 * is recorded as due for a refund and answered 'Payment already done!'.
 */

interface OrderRow {
  id: number; application_id: number; amount: string | number; gateway: string; order_id: string;
  status: 'created' | 'paid' | 'failed'; gateway_payment_id: string | null; extras: Record<string, unknown> | null;
}

/** Spec 4 §4: the application payment result, -2 cancelled, -1 failed, 0 pending, 1 success. */
const RESULT = { cancelled: -2, failed: -1, pending: 0, success: 1 } as const;

/** The pass's own application (any other answers 'No Data', as if there were none). */
async function ownApplication(ctx: CallCtx, id: number, lock = false) {
  const pass = ctx.guest as AdmissionPass;
  if (pass.application_id !== id) throw ctx.fail('notYours', 404);
  let q = ctx.db.selectFrom('adm_application').select(['id', 'application_no', 'student_name', 'email', 'mobile', 'fee_amount', 'payment_status', 'fee_payment']).where('id', '=', id);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw ctx.fail('notYours', 404);
  return row;
}

const paiseOf = (v: unknown) => paiseFromText(v) ?? 0;

async function ownOrder(ctx: CallCtx, where: { orderId: string; gateway?: string }, lock = false): Promise<OrderRow> {
  const pass = ctx.guest as AdmissionPass;
  let q = ctx.db.selectFrom('adm_application_order').selectAll().where('order_id', '=', where.orderId).where('application_id', '=', pass.application_id ?? 0);
  if (where.gateway) q = q.where('gateway', '=', where.gateway);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw ctx.fail('order', 404);
  return row as unknown as OrderRow;
}

const paidAnswer = (app: { application_no: string | null }, order: OrderRow) => ({
  status: RESULT.success as number, order_id: order.order_id, payment_id: order.gateway_payment_id, amount: toRupees(paiseOf(order.amount)),
  application_no: app.application_no ?? '', message: 'Payment successful',
});

export default defineHandlers('admission-apply', {
  async feeOrder(ctx, { body }) {
    const app = await ownApplication(ctx, body.application_id);
    if (app.payment_status === APPLICATION_PAYMENT_STATUS.PAID) throw ctx.fail('paid');
    const paise = paiseOf(app.fee_amount);
    if (paise <= 0) throw ctx.fail('noFee');
    if (body.amount !== undefined && body.amount !== '' && paiseOf(body.amount) !== paise) throw ctx.fail('amount');
    const mode = body.payment_mode.trim();
    const gateways = await service('fees.enabledGateways')(ctx.db);
    if (!isGatewayName(mode) || !gateways.some((g) => g.value === mode)) throw ctx.fail('gateway');
    const gateway = await gatewayOf(ctx, mode);
    if (!gateway) throw ctx.fail('gateway');
    let created: GatewayOrder;
    try {
      created = await gateway.createOrder({
        reference: `A${app.id}_${crypto.randomBytes(8).toString('hex')}`, amountPaise: paise,
        description: `Application fee ${app.application_no ?? ''} - ${app.student_name}`.slice(0, 100),
        customer: { id: `A${app.id}`, name: app.student_name, email: app.email, mobile: app.mobile },
        returnUrl: `${ctx.config.publicUrl}/admissions/apply/payment-status/`,
      });
    } catch (e) {
      throw asAppError(e);
    }
    const row = await items(ctx, 'application-orders').create({
      application_id: app.id, amount: toRupees(paise), gateway: mode, order_id: created.orderId, status: 'created', gateway_payment_id: null, extras: {},
    });
    const c = created.checkout;
    const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
    return {
      application_id: app.id, payment_mode: mode, id: row.id as number,
      // The shape the public page opens the gateway with; amounts in paise as card gateways take them.
      order: { id: created.orderId, amount: paise, currency: 'INR' as const },
      order_id: created.orderId, total_amount: paise, amount: toRupees(paise),
      razorpay_key_id: text(c.razorpay_key_id), key: text(c.key), access_key: text(c.access_key), environment: text(c.environment),
      student_name: app.student_name, email: app.email, mobile: app.mobile,
      page: mode === 'test' ? `/admissions/apply/test-gateway/${created.orderId}/` : text(c.page),
    };
  },

  async feeResult(ctx, { params, body }) {
    if (params.id !== body.application_id) throw ctx.fail('notYours', 404);
    const app = await ownApplication(ctx, body.application_id);
    if (!isGatewayName(body.payment_mode)) throw ctx.fail('gateway');
    const order = await ownOrder(ctx, { orderId: body.order_id, gateway: body.payment_mode });
    if (order.status === 'paid') return ctx.answer(paidAnswer(app, order), 'paid');
    const gateway = await gatewayOf(ctx, body.payment_mode);
    if (!gateway) throw ctx.fail('gateway');
    // Razorpay's checkout hands back three fields; the others' whole result travels in `result`.
    const result = body.payment_mode === 'razorpay' && body.razorpay_payment_id !== undefined
      ? { razorpay_payment_id: body.razorpay_payment_id, razorpay_order_id: body.razorpay_order_id, razorpay_signature: body.razorpay_signature }
      : body.result;
    if (body.payment_mode === 'razorpay' && body.razorpay_order_id !== undefined && body.razorpay_order_id !== order.order_id) throw ctx.fail('order', 404);
    let verified: VerifiedResult;
    try {
      verified = gateway.verifyResult({ orderId: order.order_id, amountPaise: paiseOf(order.amount) }, result);
    } catch (e) {
      throw asAppError(e);
    }
    let alreadyPaid = false;
    const answer = await inTransaction(ctx, async (tx) => {
      // The application first, then its order: two results of two orders settle one at a time.
      const locked = await ownApplication(tx, app.id, true);
      const current = await ownOrder(tx, { orderId: order.order_id, gateway: order.gateway }, true);
      if (current.status === 'paid') return paidAnswer(locked, current);
      const extras = current.extras && typeof current.extras === 'object' ? current.extras : {};
      if (verified.status !== 'success') {
        await items(tx, 'application-orders').update(current.id, {
          status: 'failed', extras: { ...extras, last_result: { status: verified.status, message: verified.message, payment_id: verified.paymentId } },
        }, { action: 'failed' });
        return {
          status: (verified.status === 'cancelled' ? RESULT.cancelled : RESULT.failed) as number, order_id: current.order_id, payment_id: verified.paymentId,
          amount: toRupees(paiseOf(current.amount)), application_no: locked.application_no ?? '', message: verified.message,
        };
      }
      const paise = paiseOf(current.amount);
      if (verified.amountPaise !== null && verified.amountPaise !== paise) throw ctx.fail('order');
      if (locked.payment_status === APPLICATION_PAYMENT_STATUS.PAID && locked.fee_payment) {
        // Paid before through another order: this money is kept for the school to refund.
        alreadyPaid = true;
        await items(tx, 'application-orders').update(current.id, {
          status: 'failed', gateway_payment_id: verified.paymentId, extras: { ...extras, refund_due: { payment_id: verified.paymentId, reason: 'Payment already done!' } },
        }, { action: 'refund-due' });
        return null;
      }
      await items(tx, 'application-orders').update(current.id, { status: 'paid', gateway_payment_id: verified.paymentId }, { action: 'paid' });
      await items(tx, 'applications').update(locked.id, {
        payment_status: APPLICATION_PAYMENT_STATUS.PAID,
        fee_payment: {
          id: current.id, payment_mode: current.gateway, order_id: current.order_id, payment_id: verified.paymentId ?? '',
          timestamp: new Date().toISOString(), currency: 'INR', total_amount: paise,
        },
      }, { action: 'paid' });
      return paidAnswer(locked, { ...current, gateway_payment_id: verified.paymentId });
    });
    if (alreadyPaid || !answer) throw ctx.fail('paid', 409);
    return answer.status === RESULT.success ? ctx.answer(answer, 'paid') : answer;
  },

  async testOrder(ctx, { params }) {
    const order = await ownOrder(ctx, { orderId: params.order_id, gateway: 'test' });
    const app = await ctx.db.selectFrom('adm_application').select(['application_no', 'student_name']).where('id', '=', order.application_id).executeTakeFirstOrThrow();
    const school = await getSetting(ctx.db, 'school', defaultDetails(ctx.school.name));
    return {
      order_id: order.order_id, application_id: order.application_id, amount: toRupees(paiseOf(order.amount)), status: order.status,
      application_no: app.application_no ?? '', student_name: app.student_name, school_name: (school.school_name || ctx.school.name) as string,
    };
  },

  async testOutcome(ctx, { params, body }) {
    const order = await ownOrder(ctx, { orderId: params.order_id, gateway: 'test' });
    if (order.status === 'paid') throw ctx.fail('paid');
    const gateway = new TestGateway(await ensureTestSecret(ctx.db));
    return gateway.outcome({ orderId: order.order_id, amountPaise: paiseOf(order.amount) }, body.outcome);
  },
});
