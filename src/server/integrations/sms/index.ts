import type { Kysely } from 'kysely';

export interface SmsMessage {
  mobile: string;
  message: string;
  /** DLT template id registered for the text, when the gateway needs one. */
  templateId?: string;
}

/** Sends one text message. Every provider records it in the school's SMS log. */
export interface SmsProvider {
  readonly name: string;
  send(db: Kysely<any>, msg: SmsMessage): Promise<void>;
}

/** Records a text in the school's SMS log, as every provider does. */
export const recordSms = (db: Kysely<any>, msg: SmsMessage, provider: string, status: string) =>
  db.insertInto('outbox_sms').values({ mobile: msg.mobile, message: msg.message, provider, status, template_id: msg.templateId ?? null }).execute();

/** The local default: messages land in the SMS log only. */
export class OutboxSms implements SmsProvider {
  readonly name = 'outbox';
  async send(db: Kysely<any>, msg: SmsMessage) {
    await recordSms(db, msg, this.name, 'recorded');
  }
}

/** An HTTP SMS gateway: POSTs JSON {to, message, template_id} to SMS_GATEWAY_URL with SMS_GATEWAY_KEY. */
export class HttpSms implements SmsProvider {
  readonly name = 'http';
  constructor(private readonly url: string, private readonly key: string) {}
  async send(db: Kysely<any>, msg: SmsMessage) {
    let status = 'sent';
    try {
      const res = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.key}` },
        body: JSON.stringify({ to: msg.mobile, message: msg.message, template_id: msg.templateId }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) status = `failed: HTTP ${res.status}`;
    } catch (e) {
      status = `failed: ${(e as Error).message}`.slice(0, 200);
    }
    await recordSms(db, msg, this.name, status);
  }
}

/**
 * Sends several messages, at most `parallel` at once so a slow gateway is not hit hundreds of
 * times together. Each is recorded in the SMS log as it goes; a gateway call cannot be undone,
 * so sending is never held inside a database transaction.
 */
export async function sendAll(provider: SmsProvider, db: Kysely<any>, messages: SmsMessage[], parallel = 5): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < messages.length) await provider.send(db, messages[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, messages.length) }, worker));
}
