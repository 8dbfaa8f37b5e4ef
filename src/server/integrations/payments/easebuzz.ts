import crypto from 'node:crypto';
import {
  GatewayError, gatewayFetch, INVALID_RESULT, isObject, paiseFromText, rupeeText, text,
  type GatewayOrder, type OrderRequest, type PaymentGateway, type StoredOrder, type VerifiedResult,
} from './types.js';

/**
 * Easebuzz. Request hash: sha512 of key|txnid|amount|productinfo|firstname|email|udf1|…|udf10|salt;
 * response ("reverse") hash: sha512 of salt|status|udf10|…|udf1|email|firstname|productinfo|amount|txnid|key,
 * both lower-case hex. The checkout opens with the access key from payment/initiateLink.
 */
export interface EasebuzzFields {
  key: string; txnid: string; amount: string; productinfo: string; firstname: string; email: string;
  udf1?: string; udf2?: string; udf3?: string; udf4?: string; udf5?: string;
  udf6?: string; udf7?: string; udf8?: string; udf9?: string; udf10?: string;
}

const UDFS = ['udf1', 'udf2', 'udf3', 'udf4', 'udf5', 'udf6', 'udf7', 'udf8', 'udf9', 'udf10'] as const;
const sha512 = (s: string) => crypto.createHash('sha512').update(s, 'utf8').digest('hex');

export function easebuzzRequestHash(f: EasebuzzFields, salt: string): string {
  return sha512([f.key, f.txnid, f.amount, f.productinfo, f.firstname, f.email, ...UDFS.map((u) => f[u] ?? ''), salt].join('|'));
}

export function easebuzzResponseHash(f: EasebuzzFields & { status: string }, salt: string): string {
  return sha512([salt, f.status, ...[...UDFS].reverse().map((u) => f[u] ?? ''), f.email, f.firstname, f.productinfo, f.amount, f.txnid, f.key].join('|'));
}

export interface EasebuzzSecrets { key: string; salt: string; environment?: string }

export const easebuzzHost = (environment?: string) => (environment === 'prod' ? 'https://pay.easebuzz.in' : 'https://testpay.easebuzz.in');

/** Easebuzz refuses some characters in names and product info; keep letters, digits, spaces and a few marks. */
const clean = (s: string, max: number) => s.replace(/[^A-Za-z0-9 .,@_-]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, max) || 'NA';

export class EasebuzzGateway implements PaymentGateway {
  readonly name = 'easebuzz' as const;
  constructor(private readonly secrets: EasebuzzSecrets, private readonly baseUrl = easebuzzHost(secrets.environment)) {}

  async createOrder(req: OrderRequest): Promise<GatewayOrder> {
    const f: EasebuzzFields = {
      key: this.secrets.key, txnid: req.reference, amount: rupeeText(req.amountPaise), productinfo: clean(req.description, 100),
      firstname: clean(req.customer.name, 60), email: req.customer.email || 'noreply@example.com',
    };
    const form = new URLSearchParams({
      ...f, phone: req.customer.mobile || '0000000000', surl: req.returnUrl, furl: req.returnUrl,
      hash: easebuzzRequestHash(f, this.secrets.salt),
    });
    const res = await gatewayFetch('Easebuzz', `${this.baseUrl.replace(/\/$/, '')}/payment/initiateLink`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString(),
    });
    const accessKey = text(res.body?.data);
    if (res.status !== 200 || Number(res.body?.status) !== 1 || !accessKey) {
      throw new GatewayError(502, `Easebuzz did not create the order${res.body?.error_desc ? `: ${text(res.body.error_desc)}` : ''}`);
    }
    return {
      orderId: req.reference,
      checkout: { key: this.secrets.key, access_key: accessKey, order_id: req.reference, total_amount: req.amountPaise, environment: this.secrets.environment === 'prod' ? 'prod' : 'test' },
    };
  }

  /** The response fields (status, txnid, amount, easepayid, hash, key, email, firstname, productinfo, udf1..udf10, error_Message). */
  verifyResult(order: StoredOrder, result: unknown): VerifiedResult {
    if (!isObject(result)) throw new GatewayError(400, INVALID_RESULT);
    const f = Object.fromEntries(['key', 'txnid', 'amount', 'productinfo', 'firstname', 'email', 'status', ...UDFS].map((k) => [k, text(result[k])])) as unknown as EasebuzzFields & { status: string };
    const expected = easebuzzResponseHash(f, this.secrets.salt);
    const given = text(result.hash).toLowerCase();
    const ok = given.length === expected.length && crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(given));
    if (!ok || f.txnid !== order.orderId || f.key !== this.secrets.key) throw new GatewayError(400, INVALID_RESULT);
    const paymentId = text(result.easepayid) || null;
    const message = text(result.error_Message).slice(0, 200);
    if (f.status === 'userCancelled') return { status: 'cancelled', paymentId, amountPaise: null, message: message || 'Cancelled by the payer' };
    if (f.status !== 'success') return { status: 'failed', paymentId, amountPaise: null, message: message || 'Payment failed' };
    if (!paymentId) throw new GatewayError(400, INVALID_RESULT);
    return { status: 'success', paymentId, amountPaise: paiseFromText(f.amount), message: message || 'Payment successful' };
  }
}
