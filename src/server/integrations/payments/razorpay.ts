import {
  GatewayError, gatewayFetch, hmacHex, INVALID_RESULT, isObject, sameSignature, text,
  type GatewayOrder, type OrderRequest, type PaymentGateway, type StoredOrder, type VerifiedResult,
} from './types.js';

/**
 * Razorpay: the order is created through its Orders API (amount in paise); Checkout hands back
 * razorpay_payment_id and razorpay_signature = HMAC-SHA256(key_secret, order_id|payment_id),
 * checked here with the order id WE stored. Webhooks are signed with the webhook secret over
 * the raw request body (X-Razorpay-Signature).
 */
export const RAZORPAY_API = 'https://api.razorpay.com';

export interface RazorpaySecrets { key_id: string; key_secret: string; webhook_secret?: string }

/** The checkout signature Razorpay sends for a payment of an order. */
export const razorpayPaymentSignature = (keySecret: string, orderId: string, paymentId: string) => hmacHex(keySecret, `${orderId}|${paymentId}`);

/** True when the webhook body (exactly as received) carries the given signature. */
export function verifyRazorpayWebhook(rawBody: Buffer | string, signature: unknown, webhookSecret: string): boolean {
  if (!webhookSecret) return false;
  return sameSignature(hmacHex(webhookSecret, rawBody), signature);
}

export class RazorpayGateway implements PaymentGateway {
  readonly name = 'razorpay' as const;
  constructor(private readonly secrets: RazorpaySecrets, private readonly baseUrl = RAZORPAY_API) {}

  async createOrder(req: OrderRequest): Promise<GatewayOrder> {
    const auth = Buffer.from(`${this.secrets.key_id}:${this.secrets.key_secret}`).toString('base64');
    const { status, body } = await gatewayFetch('Razorpay', `${this.baseUrl.replace(/\/$/, '')}/v1/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${auth}` },
      body: JSON.stringify({ amount: req.amountPaise, currency: 'INR', receipt: req.reference, notes: { reference: req.reference, description: req.description } }),
    });
    if (status < 200 || status >= 300 || !isObject(body)) {
      const why = isObject(body) && isObject(body.error) ? text(body.error.description) : '';
      throw new GatewayError(502, `Razorpay did not create the order${why ? `: ${why}` : ''}`);
    }
    const orderId = text(body.id);
    if (!/^order_[A-Za-z0-9]+$/.test(orderId) || Number(body.amount) !== req.amountPaise || body.currency !== 'INR') {
      throw new GatewayError(502, 'Razorpay answered with an order that does not match');
    }
    return {
      orderId,
      checkout: { key: this.secrets.key_id, razorpay_key_id: this.secrets.key_id, order_id: orderId, total_amount: req.amountPaise, currency: 'INR' },
    };
  }

  /**
   * Success: {razorpay_payment_id, razorpay_signature[, razorpay_order_id]} (the order id sent
   * back is ignored). Failure: {error: {description, metadata: {payment_id}}}; cancel: {cancelled: true}.
   */
  verifyResult(order: StoredOrder, result: unknown): VerifiedResult {
    if (!isObject(result)) throw new GatewayError(400, INVALID_RESULT);
    if (result.cancelled === true) return { status: 'cancelled', paymentId: null, amountPaise: null, message: 'Cancelled by the payer' };
    if (isObject(result.error)) {
      const meta = isObject(result.error.metadata) ? result.error.metadata : {};
      return { status: 'failed', paymentId: text(meta.payment_id) || null, amountPaise: null, message: text(result.error.description).slice(0, 200) || 'Payment failed' };
    }
    const paymentId = text(result.razorpay_payment_id);
    if (!/^pay_[A-Za-z0-9]+$/.test(paymentId)) throw new GatewayError(400, INVALID_RESULT);
    const expected = razorpayPaymentSignature(this.secrets.key_secret, order.orderId, paymentId);
    if (!sameSignature(expected, result.razorpay_signature)) throw new GatewayError(400, INVALID_RESULT);
    return { status: 'success', paymentId, amountPaise: null, message: 'Payment successful' };
  }
}
