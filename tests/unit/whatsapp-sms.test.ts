/**
 * The WhatsApp Business provider (Meta's Cloud API) against a local HTTP server standing in for
 * graph.facebook.com, and the Send SMS counter's characters and 160-character segments.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WhatsAppSms } from '../../src/server/integrations/sms/whatsapp.js';
import { smsProvider } from '../../src/server/integrations/index.js';
import { smsCount } from '../../src/shared/sms-segments.js';

interface Seen { url: string; auth: string; body: any }
const seen: Seen[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => { raw += c; });
    req.on('end', () => {
      const body = JSON.parse(raw);
      seen.push({ url: req.url!, auth: String(req.headers.authorization), body });
      res.setHeader('content-type', 'application/json');
      if (body.to === '919999999999') {
        res.statusCode = 400;
        res.end(JSON.stringify({ error: { message: 'Recipient phone number not in allowed list' } }));
        return;
      }
      res.end(JSON.stringify({ messaging_product: 'whatsapp', messages: [{ id: `wamid.${seen.length}` }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** The SMS log's rows, as the provider writes them. */
function logDb() {
  const rows: Array<Record<string, unknown>> = [];
  const db = { insertInto: (table: string) => ({ values: (v: Record<string, unknown>) => ({ execute: async () => { rows.push({ table, ...v }); } }) }) };
  return { db: db as any, rows };
}

describe('WhatsApp Business provider', () => {
  it('sends a template message with the token when a template id is given, and logs it', async () => {
    const wa = new WhatsAppSms({ token: 'secret-token', phoneNumberId: '1234567890', version: 'v21.0', baseUrl: base });
    const { db, rows } = logDb();
    await wa.send(db, { mobile: '9876543210', message: 'School closed tomorrow', templateId: 'school_notice' });
    const last = seen.at(-1)!;
    expect(last.url).toBe('/v21.0/1234567890/messages');
    expect(last.auth).toBe('Bearer secret-token');
    expect(last.body).toEqual({
      messaging_product: 'whatsapp', recipient_type: 'individual', to: '919876543210', type: 'template',
      template: { name: 'school_notice', language: { code: 'en' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'School closed tomorrow' }] }] },
    });
    expect(rows).toEqual([{ table: 'outbox_sms', mobile: '9876543210', message: 'School closed tomorrow', provider: 'whatsapp', status: `sent: wamid.${seen.length}`, template_id: 'school_notice' }]);
  });

  it('sends plain text without a template id', async () => {
    const wa = new WhatsAppSms({ token: 't', phoneNumberId: '42', baseUrl: base });
    const { db, rows } = logDb();
    await wa.send(db, { mobile: '9876500000', message: 'Hello' });
    expect(seen.at(-1)!.url).toBe('/v21.0/42/messages');
    expect(seen.at(-1)!.body).toEqual({ messaging_product: 'whatsapp', recipient_type: 'individual', to: '919876500000', type: 'text', text: { preview_url: false, body: 'Hello' } });
    expect(rows[0]).toMatchObject({ provider: 'whatsapp', status: expect.stringMatching(/^sent: wamid\./), template_id: null });
  });

  it('logs a refusal with the API\'s reason, and an unreachable API, without throwing', async () => {
    const { db, rows } = logDb();
    await new WhatsAppSms({ token: 't', phoneNumberId: '42', baseUrl: base }).send(db, { mobile: '9999999999', message: 'x' });
    expect(rows[0]!.status).toBe('failed: HTTP 400 Recipient phone number not in allowed list');
    await new WhatsAppSms({ token: 't', phoneNumberId: '42', baseUrl: 'http://127.0.0.1:1' }).send(db, { mobile: '9876543210', message: 'x' });
    expect(rows[1]!.status).toMatch(/^failed: /);
  });

  it('is used only when its token and phone number id are both set', () => {
    expect(smsProvider({}).name).toBe('outbox');
    expect(smsProvider({ WHATSAPP_TOKEN: 't' }).name).toBe('outbox');
    expect(smsProvider({ SMS_GATEWAY_URL: 'http://127.0.0.1:1/sms' }).name).toBe('http');
    expect(smsProvider({ WHATSAPP_TOKEN: 't', WHATSAPP_PHONE_NUMBER_ID: '42', SMS_GATEWAY_URL: 'http://127.0.0.1:1/sms' }).name).toBe('whatsapp');
  });
});

describe('SMS counter', () => {
  it('counts characters and 160-character segments, red above 159', () => {
    expect(smsCount('')).toEqual({ chars: 0, segments: 0, over: false });
    expect(smsCount('a'.repeat(159))).toEqual({ chars: 159, segments: 1, over: false });
    expect(smsCount('a'.repeat(160))).toEqual({ chars: 160, segments: 1, over: true });
    expect(smsCount('a'.repeat(161))).toEqual({ chars: 161, segments: 2, over: true });
    expect(smsCount('a'.repeat(481))).toMatchObject({ segments: 4 });
    expect(smsCount('नमस्ते 🙏')).toMatchObject({ chars: 8, segments: 1 });
  });
});
