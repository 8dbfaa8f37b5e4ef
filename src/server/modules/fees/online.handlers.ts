import { toPaise, toRupees } from '../../../shared/money.js';
import { defineHandlers } from '../../framework/calls.js';
import { badRequest, notFound } from '../../framework/errors.js';
import { items } from '../../framework/items.js';
import { TestGateway, type GatewayOrder, type VerifiedResult } from '../../integrations/payments/index.js';
import { asAppError, ensureTestSecret, gatewayOf, isGatewayName } from '../../platform/payment-gateways.js';
import { defaultDetails, getSetting } from '../../platform/settings.js';
import { PENDING_EXCEEDED, visibleBill } from './ledger.js';
import { amountPaise, ORDER_NOT_FOUND, ORDER_REF, orderPaise, ownOrder, paidAnswer, settleOrder, tdrRate } from './online.js';
import { getFeeSettings } from './settings.js';

/**
 * Online fee payment by parents (spec 4 "Online fee payment"): the order at the chosen gateway,
 * the gateway's result credited through the ledger once, and the built-in test gateway's page.
 * The bill named is one of the parent's own (the declared scope), the order one they made.
 */
/** A gateway's checkout value for the browser: its text (all of them are text), or null. */
const text = (v: string | number | null | undefined): string | null => (v === null || v === undefined ? null : String(v));

export default defineHandlers('fee-payments', {
  async onlineOrder(ctx, { body: b }) {
    const settings = await getFeeSettings(ctx.db);
    if (settings.online_fee_payment_enabled !== '1') throw ctx.fail('notEnabled');
    const paise = amountPaise(b.amount);
    const mode = b.payment_mode.trim();
    const listed = settings.payment_gateway_list.find((g) => g.value === mode && g.enabled);
    if (!listed || !isGatewayName(mode)) throw ctx.fail('gateway');
    const gateway = await gatewayOf(ctx, mode);
    if (!gateway) throw ctx.fail('gateway');
    const bill = await visibleBill(ctx, b.fee_id);
    const pending = toPaise(bill.total_amount) - toPaise(bill.paid_amount);
    if (paise > pending) throw badRequest(PENDING_EXCEEDED);

    const student = await ctx.db.selectFrom('student').select(['id', 'fullname', 'admission_no', 'mobile']).where('id', '=', bill.student_id).executeTakeFirstOrThrow();
    const payer = { email: ctx.user.email ?? '', mobile: ctx.user.mobile ?? student.mobile ?? '' };
    const reference = `F${bill.id}_${ORDER_REF()}`;
    let created: GatewayOrder;
    try {
      created = await gateway.createOrder({
        reference, amountPaise: paise, description: `${bill.name} - ${student.fullname}`.slice(0, 100),
        customer: { id: `U${ctx.user.id}`, name: student.fullname, email: payer.email, mobile: payer.mobile },
        returnUrl: `${ctx.config.publicUrl}/fees/pay/installment/${bill.id}`,
      });
    } catch (e) {
      throw asAppError(e);
    }
    const row = await items(ctx, 'fee-orders').create({
      payment_id: bill.id, student_id: bill.student_id, user_id: ctx.user.id, amount: toRupees(paise), gateway: mode,
      order_id: created.orderId, status: 'created', gateway_payment_id: null, installment_id: null, extras: { reference },
    });
    const c = created.checkout;
    return {
      payment_mode: mode, id: row.id as number, fee_id: bill.id, order_id: created.orderId,
      total_amount: paise, amount: toRupees(paise), currency: 'INR' as const,
      key: text(c.key), razorpay_key_id: text(c.razorpay_key_id), access_key: text(c.access_key),
      environment: text(c.environment) ?? (mode === 'test' ? 'test' : 'production'),
      student_name: student.fullname as string, email: payer.email, mobile: payer.mobile as string,
      page: text(c.page), tdr_rate: tdrRate(settings, mode),
    };
  },

  async onlineResult(ctx, { body: b }) {
    if (!isGatewayName(b.mode)) throw ctx.fail('gateway');
    if (b.id === undefined && b.order_id === undefined) throw notFound(ORDER_NOT_FOUND);
    const order = await ownOrder(ctx, { id: b.id, orderId: b.order_id, gateway: b.mode, billId: b.fee_id });
    if (order.status === 'paid') return paidAnswer(ctx, order);
    // A gateway turned off after the order was made still verifies its payments while its keys are kept.
    const gateway = await gatewayOf(ctx, order.gateway);
    if (!gateway) throw ctx.fail('gateway');
    let verified: VerifiedResult;
    try {
      verified = gateway.verifyResult({ orderId: order.order_id, amountPaise: orderPaise(order) }, b.result);
    } catch (e) {
      throw asAppError(e);
    }
    const answer = await settleOrder(ctx, order.id, verified, 'checkout');
    return answer.status === 'TXN_SUCCESS' ? ctx.answer(answer, 'paid') : answer;
  },

  // The built-in test gateway's page: what the order is, and the signed result of Pay / Fail / Cancel.
  async testOrder(ctx, { params }) {
    const order = await ownOrder(ctx, { orderId: params.order_id, gateway: 'test' });
    const bill = await ctx.db.selectFrom('fee_payment').select(['id', 'name']).where('id', '=', order.payment_id).executeTakeFirst();
    const student = await ctx.db.selectFrom('student').select('fullname').where('id', '=', order.student_id).executeTakeFirst();
    const school = await getSetting(ctx.db, 'school', defaultDetails(ctx.school.name));
    return {
      id: order.id, order_id: order.order_id, fee_id: order.payment_id, amount: toRupees(orderPaise(order)), status: order.status,
      bill_name: (bill?.name ?? null) as string | null, student_name: (student?.fullname ?? null) as string | null,
      school_name: (school.school_name || ctx.school.name) as string,
    };
  },

  async testOutcome(ctx, { params, body }) {
    const order = await ownOrder(ctx, { orderId: params.order_id, gateway: 'test' });
    if (order.status === 'paid') throw ctx.fail('paid');
    const gateway = new TestGateway(await ensureTestSecret(ctx.db));
    return gateway.outcome({ orderId: order.order_id, amountPaise: orderPaise(order) }, body.outcome);
  },
});
