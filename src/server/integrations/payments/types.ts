import crypto from 'node:crypto';

/**
 * Online fee payment gateways behind one interface. A gateway creates an order for an amount
 * in paise and checks the result the payer's browser brings back; the fees module stores the
 * order, credits the bill and never trusts an amount or an order id sent back by the browser.
 */
export type GatewayName = 'test' | 'razorpay' | 'paytm' | 'easebuzz';
export const GATEWAY_NAMES: readonly GatewayName[] = ['test', 'razorpay', 'paytm', 'easebuzz'];

/** What a school keeps in its 'fees_gateway_secrets' setting (never sent to a browser). */
export interface GatewaySecrets {
  test?: { secret?: string };
  razorpay?: { key_id?: string; key_secret?: string; webhook_secret?: string };
  paytm?: { mid?: string; merchant_key?: string; website?: string; environment?: string };
  easebuzz?: { key?: string; salt?: string; environment?: string };
}

export interface OrderRequest {
  /** Our own unique reference for the order (letters, digits and '_' only, at most 40 characters). */
  reference: string;
  amountPaise: number;
  description: string;
  customer: { id: string; name: string; email: string; mobile: string };
  /** Where a redirecting gateway sends the payer back (Paytm, Easebuzz). */
  returnUrl: string;
}

export interface GatewayOrder {
  /** The gateway's order id: the one every later result is checked against. */
  orderId: string;
  /** What the browser needs to open the gateway's checkout (public values only). */
  checkout: Record<string, string | number | null>;
}

/** The order as we stored it: the result is always checked against these, never against the browser's. */
export interface StoredOrder { orderId: string; amountPaise: number }

export type ResultStatus = 'success' | 'failed' | 'cancelled';

export interface VerifiedResult {
  status: ResultStatus;
  /** The gateway's payment id (null when a failure carries none). */
  paymentId: string | null;
  /** The amount the gateway says it took, when its result says one; it must equal the order's. */
  amountPaise: number | null;
  /** A short text for the records (gateway's status message). */
  message: string;
}

export interface PaymentGateway {
  readonly name: GatewayName;
  createOrder(req: OrderRequest): Promise<GatewayOrder>;
  /** Checks a result brought back by the browser; throws GatewayError when it is not genuine. */
  verifyResult(order: StoredOrder, result: unknown): VerifiedResult;
}

/** A refusal from a gateway (bad signature, unreachable service); `status` is the HTTP status to answer with. */
export class GatewayError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

export const INVALID_RESULT = 'The payment result could not be verified';

/** HMAC-SHA256 in hex. */
export const hmacHex = (secret: string, data: string | Buffer) => crypto.createHmac('sha256', secret).update(data).digest('hex');

/** Compares two hex or text signatures in constant time (unequal lengths are simply unequal). */
export function sameSignature(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** Paise as the '1234.50' rupee text the redirecting gateways use. */
export function rupeeText(paise: number): string {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

/** '1234.5' / '1234.50' / 1234.5 → 123450 paise; null when it is not an amount. */
export function paiseFromText(v: unknown): number | null {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
export const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** A POST to a gateway's API with a time limit; network failures become a 502 the payer can read. */
export async function gatewayFetch(name: string, url: string, init: RequestInit): Promise<{ status: number; body: any }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  } catch {
    throw new GatewayError(502, `Could not reach ${name}; please try again`);
  }
  let body: any = null;
  try { body = await res.json(); } catch { /* not JSON */ }
  return { status: res.status, body };
}
