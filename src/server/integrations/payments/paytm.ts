import crypto from 'node:crypto';
import {
  GatewayError, gatewayFetch, INVALID_RESULT, isObject, paiseFromText, rupeeText, text,
  type GatewayOrder, type OrderRequest, type PaymentGateway, type StoredOrder, type VerifiedResult,
} from './types.js';

/**
 * Paytm. Its checksum (PaytmChecksum, developer.paytm.com/docs/checksum): the parameters sorted
 * by name and joined with '|' (null and 'null' as empty), then '|' and a 4-character salt,
 * SHA-256 in hex with the salt appended, AES-128-CBC encrypted with the merchant key and the
 * fixed IV '@@@@&&&&####$$$$', in base64. Verifying decrypts, takes the salt from the end and
 * recomputes. JSON bodies (the newer APIs) are signed as the string itself.
 */
export const PAYTM_IV = '@@@@&&&&####$$$$';

/** The string Paytm signs for a parameter map: values sorted by key, joined with '|'. */
export function paytmParamString(params: Record<string, unknown>): string {
  return Object.keys(params).filter((k) => k !== 'CHECKSUMHASH').sort().map((k) => {
    const v = params[k];
    return v === null || v === undefined || String(v).toLowerCase() === 'null' ? '' : String(v);
  }).join('|');
}

function aesKey(merchantKey: string): Buffer {
  const key = Buffer.from(merchantKey, 'utf8');
  if (key.length !== 16) throw new GatewayError(500, 'The Paytm merchant key must be 16 characters');
  return key;
}

/** sha256(data|salt) in hex with the salt appended: what the checksum encrypts. */
const paytmHashString = (data: string, salt: string) => crypto.createHash('sha256').update(`${data}|${salt}`, 'utf8').digest('hex') + salt;

/** The checksum of `data` with a given salt (deterministic; generatePaytmSignature picks the salt). */
export function paytmChecksumWithSalt(data: string, merchantKey: string, salt: string): string {
  const cipher = crypto.createCipheriv('aes-128-cbc', aesKey(merchantKey), Buffer.from(PAYTM_IV, 'utf8'));
  return Buffer.concat([cipher.update(paytmHashString(data, salt), 'utf8'), cipher.final()]).toString('base64');
}

export function generatePaytmSignature(params: Record<string, unknown> | string, merchantKey: string): string {
  const data = typeof params === 'string' ? params : paytmParamString(params);
  // Paytm's own utility: 3 random bytes in base64 = 4 characters.
  return paytmChecksumWithSalt(data, merchantKey, crypto.randomBytes(3).toString('base64'));
}

export function verifyPaytmSignature(params: Record<string, unknown> | string, merchantKey: string, checksum: unknown): boolean {
  if (typeof checksum !== 'string' || !checksum) return false;
  const data = typeof params === 'string' ? params : paytmParamString(params);
  let decrypted: string;
  try {
    const decipher = crypto.createDecipheriv('aes-128-cbc', aesKey(merchantKey), Buffer.from(PAYTM_IV, 'utf8'));
    decrypted = Buffer.concat([decipher.update(Buffer.from(checksum, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return false;
  }
  // 64 hex characters of SHA-256 and the 4-character salt.
  if (decrypted.length !== 68) return false;
  const a = Buffer.from(paytmHashString(data, decrypted.slice(64)));
  const b = Buffer.from(decrypted);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

export interface PaytmSecrets { mid: string; merchant_key: string; website?: string; environment?: string }

export const paytmHost = (environment?: string) =>
  environment === 'production' ? 'https://securegw.paytm.in' : 'https://securegw-stage.paytm.in';

export class PaytmGateway implements PaymentGateway {
  readonly name = 'paytm' as const;
  constructor(private readonly secrets: PaytmSecrets, private readonly baseUrl = paytmHost(secrets.environment)) {}

  /** Initiate Transaction API: gives the txnToken the Paytm checkout opens with. */
  async createOrder(req: OrderRequest): Promise<GatewayOrder> {
    const { mid, merchant_key: key } = this.secrets;
    const body = {
      requestType: 'Payment', mid, websiteName: this.secrets.website || (this.secrets.environment === 'production' ? 'DEFAULT' : 'WEBSTAGING'),
      orderId: req.reference, callbackUrl: req.returnUrl,
      txnAmount: { value: rupeeText(req.amountPaise), currency: 'INR' },
      userInfo: { custId: req.customer.id, mobile: req.customer.mobile || undefined, email: req.customer.email || undefined, firstName: req.customer.name },
    };
    const signature = generatePaytmSignature(JSON.stringify(body), key);
    const url = `${this.baseUrl.replace(/\/$/, '')}/theia/api/v1/initiateTransaction?mid=${encodeURIComponent(mid)}&orderId=${encodeURIComponent(req.reference)}`;
    const res = await gatewayFetch('Paytm', url, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ body, head: { signature } }),
    });
    const info = res.body?.body?.resultInfo;
    const token = text(res.body?.body?.txnToken);
    if (res.status !== 200 || info?.resultStatus !== 'S' || !token) {
      throw new GatewayError(502, `Paytm did not create the order${info?.resultMsg ? `: ${text(info.resultMsg)}` : ''}`);
    }
    return {
      orderId: req.reference,
      checkout: {
        key: mid, access_key: token, order_id: req.reference, total_amount: req.amountPaise,
        environment: this.secrets.environment === 'production' ? 'production' : 'staging', host: this.baseUrl,
      },
    };
  }

  /** The callback parameters (ORDERID, TXNID, TXNAMOUNT, STATUS, RESPMSG, CHECKSUMHASH, ...). */
  verifyResult(order: StoredOrder, result: unknown): VerifiedResult {
    if (!isObject(result)) throw new GatewayError(400, INVALID_RESULT);
    const params: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(result)) if (k !== 'CHECKSUMHASH') params[k] = v;
    if (!verifyPaytmSignature(params, this.secrets.merchant_key, result.CHECKSUMHASH)) throw new GatewayError(400, INVALID_RESULT);
    if (text(result.ORDERID) !== order.orderId || (result.MID !== undefined && text(result.MID) !== this.secrets.mid)) throw new GatewayError(400, INVALID_RESULT);
    const status = text(result.STATUS);
    const message = text(result.RESPMSG).slice(0, 200);
    const paymentId = text(result.TXNID) || null;
    // PENDING is not money received: it is answered as not paid, and the order stays open for a later result.
    if (status !== 'TXN_SUCCESS') return { status: 'failed', paymentId, amountPaise: null, message: message || 'Payment failed' };
    if (!paymentId) throw new GatewayError(400, INVALID_RESULT);
    return { status: 'success', paymentId, amountPaise: paiseFromText(result.TXNAMOUNT), message: message || 'Txn Success' };
  }
}
