import { EasebuzzGateway, easebuzzHost } from './easebuzz.js';
import { PaytmGateway, paytmHost } from './paytm.js';
import { RAZORPAY_API, RazorpayGateway } from './razorpay.js';
import { TestGateway } from './test.js';
import type { GatewayName, GatewaySecrets, PaymentGateway } from './types.js';

export * from './types.js';
export { TestGateway, type TestOutcome, type TestResult } from './test.js';
export { RazorpayGateway, razorpayPaymentSignature, verifyRazorpayWebhook } from './razorpay.js';
export { PaytmGateway, generatePaytmSignature, verifyPaytmSignature, paytmParamString } from './paytm.js';
export { EasebuzzGateway, easebuzzRequestHash, easebuzzResponseHash } from './easebuzz.js';

/** Where each provider's API lives; overridable (RAZORPAY_API_URL, PAYTM_API_URL, EASEBUZZ_API_URL) for a local stand-in. */
export interface PaymentHosts { razorpay?: string; paytm?: string; easebuzz?: string }

/**
 * Gives a school's gateway from its secrets. A real provider is given only when the school's
 * keys for it are configured; the test gateway needs only its own secret (made on first use).
 */
export class PaymentGateways {
  constructor(private readonly hosts: PaymentHosts = {}) {}

  gateway(name: GatewayName, secrets: GatewaySecrets): PaymentGateway | null {
    switch (name) {
      case 'test':
        return secrets.test?.secret ? new TestGateway(secrets.test.secret) : null;
      case 'razorpay': {
        const s = secrets.razorpay;
        return s?.key_id && s.key_secret ? new RazorpayGateway({ key_id: s.key_id, key_secret: s.key_secret }, this.hosts.razorpay ?? RAZORPAY_API) : null;
      }
      case 'paytm': {
        const s = secrets.paytm;
        return s?.mid && s.merchant_key ? new PaytmGateway({ mid: s.mid, merchant_key: s.merchant_key, website: s.website, environment: s.environment }, this.hosts.paytm ?? paytmHost(s.environment)) : null;
      }
      case 'easebuzz': {
        const s = secrets.easebuzz;
        return s?.key && s.salt ? new EasebuzzGateway({ key: s.key, salt: s.salt, environment: s.environment }, this.hosts.easebuzz ?? easebuzzHost(s.environment)) : null;
      }
      default:
        return null;
    }
  }
}

export function createPaymentGateways(env: NodeJS.ProcessEnv = process.env): PaymentGateways {
  return new PaymentGateways({ razorpay: env.RAZORPAY_API_URL || undefined, paytm: env.PAYTM_API_URL || undefined, easebuzz: env.EASEBUZZ_API_URL || undefined });
}
