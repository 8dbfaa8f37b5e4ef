import type { Config } from '../config.js';
import { OutboxEmail, SmtpEmail, type EmailProvider } from './email/index.js';
import { createFileStore, type FileStore } from './files/index.js';
import { createPaymentGateways, type PaymentGateways } from './payments/index.js';
import { HttpSms, OutboxSms, type SmsProvider } from './sms/index.js';
import { WhatsAppSms } from './sms/whatsapp.js';

export interface Integrations {
  email: EmailProvider;
  sms: SmsProvider;
  /** Online fee payment gateways; each school's keys pick which are usable. */
  payments: PaymentGateways;
  /** Where uploaded files' bytes go: the school's `file` table, or an S3-compatible bucket (FILES_S3_BUCKET). */
  files: FileStore;
}

/** Picks each outside service's provider from configuration; the defaults work on one machine. */
export function createIntegrations(config: Config, env: NodeJS.ProcessEnv = process.env): Integrations {
  return {
    email: config.smtpUrl ? new SmtpEmail(config.smtpUrl, config.mailFrom) : new OutboxEmail(),
    sms: smsProvider(env),
    payments: createPaymentGateways(env),
    files: createFileStore(config),
  };
}

/**
 * Texts go by WhatsApp Business when its token and phone number id are set, else by the HTTP SMS
 * gateway when its address is, else only into the SMS log.
 */
export function smsProvider(env: NodeJS.ProcessEnv): SmsProvider {
  if (env.WHATSAPP_TOKEN && env.WHATSAPP_PHONE_NUMBER_ID) {
    return new WhatsAppSms({
      token: env.WHATSAPP_TOKEN, phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
      version: env.WHATSAPP_API_VERSION, baseUrl: env.WHATSAPP_API_URL, language: env.WHATSAPP_LANGUAGE,
    });
  }
  if (env.SMS_GATEWAY_URL) return new HttpSms(env.SMS_GATEWAY_URL, env.SMS_GATEWAY_KEY ?? '');
  return new OutboxSms();
}
