import type { Kysely } from 'kysely';
import { recordSms, type SmsMessage, type SmsProvider } from './index.js';
import { MOBILE_RE } from '../../../shared/mobile.js';

export interface WhatsAppOptions {
  token: string;
  phoneNumberId: string;
  /** Graph API version, e.g. 'v21.0'. */
  version?: string;
  /** The Graph API's address; a test points it at a local server. */
  baseUrl?: string;
  /** Language of the approved templates. */
  language?: string;
  /** Country code put before a 10-digit Indian mobile. */
  countryCode?: string;
}

/**
 * WhatsApp Business through Meta's Cloud API: POST {base}/{version}/{phone number id}/messages
 * with the bearer token. A message with a template id goes as that approved template with the
 * text as its one body parameter (WhatsApp sends business-started conversations only as
 * templates); without one, as plain text. Every send is recorded in the SMS log.
 */
export class WhatsAppSms implements SmsProvider {
  readonly name = 'whatsapp';
  private readonly url: string;
  constructor(private readonly o: WhatsAppOptions) {
    this.url = `${(o.baseUrl ?? 'https://graph.facebook.com').replace(/\/+$/, '')}/${o.version ?? 'v21.0'}/${encodeURIComponent(o.phoneNumberId)}/messages`;
  }

  /** The Cloud API's body for one message. */
  body(msg: SmsMessage): Record<string, unknown> {
    const to = MOBILE_RE.test(msg.mobile) ? `${this.o.countryCode ?? '91'}${msg.mobile}` : msg.mobile.replace(/^\+/, '');
    const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to };
    if (!msg.templateId) return { ...base, type: 'text', text: { preview_url: false, body: msg.message } };
    return {
      ...base, type: 'template',
      template: {
        name: msg.templateId, language: { code: this.o.language ?? 'en' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: msg.message }] }],
      },
    };
  }

  async send(db: Kysely<any>, msg: SmsMessage) {
    let status = 'sent';
    try {
      const res = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.o.token}` },
        body: JSON.stringify(this.body(msg)),
        signal: AbortSignal.timeout(10_000),
      });
      const answer = await res.json().catch(() => null) as { messages?: Array<{ id?: string }>; error?: { message?: string } } | null;
      if (!res.ok) status = `failed: HTTP ${res.status}${answer?.error?.message ? ` ${answer.error.message}` : ''}`.slice(0, 200);
      else if (answer?.messages?.[0]?.id) status = `sent: ${answer.messages[0].id}`.slice(0, 200);
    } catch (e) {
      status = `failed: ${(e as Error).message}`.slice(0, 200);
    }
    await recordSms(db, msg, this.name, status);
  }
}
