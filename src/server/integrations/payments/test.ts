import crypto from 'node:crypto';
import {
  GatewayError, hmacHex, INVALID_RESULT, isObject, sameSignature, text,
  type GatewayOrder, type OrderRequest, type PaymentGateway, type StoredOrder, type VerifiedResult,
} from './types.js';

/**
 * The built-in test gateway: works on one machine with no outside service and moves no real
 * money. Its page (/fees/online/test-gateway/{order}) asks the server for a result, which the
 * server signs with the school's own secret (HMAC-SHA256); the browser then posts that result
 * like any gateway's, and it is checked against the stored order id and amount.
 */
export type TestOutcome = 'success' | 'failure' | 'cancel';

const STATUS: Record<TestOutcome, 'success' | 'failed' | 'cancelled'> = { success: 'success', failure: 'failed', cancel: 'cancelled' };

export interface TestResult {
  order_id: string;
  payment_id: string;
  status: 'success' | 'failed' | 'cancelled';
  amount: number;
  signature: string;
}

const id = (prefix: string) => `${prefix}_${crypto.randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`;

export class TestGateway implements PaymentGateway {
  readonly name = 'test' as const;
  constructor(private readonly secret: string) {
    if (!secret) throw new Error('The test gateway needs its secret');
  }

  private sign(orderId: string, paymentId: string, status: string, amountPaise: number) {
    return hmacHex(this.secret, `${orderId}|${paymentId}|${status}|${amountPaise}`);
  }

  async createOrder(req: OrderRequest): Promise<GatewayOrder> {
    const orderId = id('test_order');
    return { orderId, checkout: { page: `/fees/online/test-gateway/${orderId}`, total_amount: req.amountPaise } };
  }

  /** The signed result of the payer's choice on the test page. */
  outcome(order: StoredOrder, outcome: TestOutcome): TestResult {
    const status = STATUS[outcome];
    const paymentId = id(status === 'success' ? 'test_pay' : 'test_fail');
    return { order_id: order.orderId, payment_id: paymentId, status, amount: order.amountPaise, signature: this.sign(order.orderId, paymentId, status, order.amountPaise) };
  }

  verifyResult(order: StoredOrder, result: unknown): VerifiedResult {
    if (!isObject(result)) throw new GatewayError(400, INVALID_RESULT);
    const paymentId = text(result.payment_id);
    const status = text(result.status);
    if (!paymentId || !['success', 'failed', 'cancelled'].includes(status)) throw new GatewayError(400, INVALID_RESULT);
    // The result names the order and amount it was signed for; any other is a changed result.
    if (result.order_id !== order.orderId || result.amount !== order.amountPaise) throw new GatewayError(400, INVALID_RESULT);
    // Signed over the order id and amount we stored: a result for another order or amount does not match.
    if (!sameSignature(this.sign(order.orderId, paymentId, status, order.amountPaise), result.signature)) throw new GatewayError(400, INVALID_RESULT);
    return {
      status: status as VerifiedResult['status'], paymentId, amountPaise: order.amountPaise,
      message: status === 'success' ? 'Test payment successful' : status === 'cancelled' ? 'Cancelled by the payer' : 'Test payment failed',
    };
  }
}
