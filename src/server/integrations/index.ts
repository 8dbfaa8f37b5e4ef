import type { Config } from '../config.js';
import { OutboxEmail, SmtpEmail, type EmailProvider } from './email/index.js';
import { createPaymentGateways, type PaymentGateways } from './payments/index.js';
import { HttpSms, OutboxSms, type SmsProvider } from './sms/index.js';

export interface Integrations {
  email: EmailProvider;
  sms: SmsProvider;
  /** Online fee payment gateways; each school's keys pick which are usable. */
  payments: PaymentGateways;
}

/** Picks each outside service's provider from configuration; the defaults work on one machine. */
export function createIntegrations(config: Config, env: NodeJS.ProcessEnv = process.env): Integrations {
  return {
    email: config.smtpUrl ? new SmtpEmail(config.smtpUrl, config.mailFrom) : new OutboxEmail(),
    sms: env.SMS_GATEWAY_URL ? new HttpSms(env.SMS_GATEWAY_URL, env.SMS_GATEWAY_KEY ?? '') : new OutboxSms(),
    payments: createPaymentGateways(env),
  };
}
