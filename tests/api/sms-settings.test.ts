/**
 * The SMS switches (spec 3: GET and POST /settings/sms/): read with the texts sent so far, saved
 * by admins, each value '0' or '1'; the master switch keeps the marks approval from texting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';

let t: TestApp;
let s: TestSchool;
beforeAll(async () => { ({ t, s } = await openTestSchool()); });
afterAll(() => t?.close());

const call = (c: string, body?: unknown, token = s.tokens['4']) => t.call(s.code, c, body, token);
const ALL_ON = { sms: '1', smart_sms: '1', announcements_sms: '1', messages_sms: '1', fee_payment_sms: '1', attendance_sms: '1' };

describe('SMS settings', () => {
  it('reads the defaults with the texts sent, and saves the switches', async () => {
    await schoolDb(t, s).insertInto('outbox_sms').values({ mobile: '9876543210', message: 'Hello', provider: 'outbox', status: 'recorded' }).execute();
    const first = await call('GET /settings/sms/', undefined, s.tokens['3']);
    expect(first.body.data).toEqual({ sms: '1', smart_sms: '0', announcements_sms: '1', messages_sms: '1', fee_payment_sms: '1', attendance_sms: '1', sms_sent: 1, sms_balance: null });
    const saved = await call('POST /settings/sms/', { ...ALL_ON, sms: '0', attendance_sms: '0' }, s.tokens['3']);
    expect(saved.body).toMatchObject({ success: true, message: 'SMS Settings Updated', data: { sms: '0', attendance_sms: '0', smart_sms: '1' } });
    expect((await call('GET /settings/sms/')).body.data).toMatchObject({ sms: '0', attendance_sms: '0', announcements_sms: '1' });
  });

  it('refuses a value that is not 0 or 1, a missing switch and an unknown one, and keeps what was saved', async () => {
    await call('POST /settings/sms/', ALL_ON);
    for (const [body, error] of [
      [{ ...ALL_ON, sms: 'yes' }, 'SMS must be on (1) or off (0)'],
      [{ ...ALL_ON, fee_payment_sms: 1 }, 'Fee Payment SMS must be on (1) or off (0)'],
      [{ ...ALL_ON, messages_sms: undefined }, 'Messages SMS is required'],
    ] as const) {
      const res = await call('POST /settings/sms/', JSON.parse(JSON.stringify(body)));
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(error);
    }
    expect((await call('POST /settings/sms/', { ...ALL_ON, balance: '1000' })).status).toBe(400);
    expect((await call('GET /settings/sms/')).body.data).toMatchObject(ALL_ON);
  });

  it('is for admins only', async () => {
    for (const who of ['1', '2', '5', '6', '7']) {
      expect((await call('GET /settings/sms/', undefined, s.tokens[who])).status, who).toBe(403);
      expect((await call('POST /settings/sms/', ALL_ON, s.tokens[who])).status, who).toBe(403);
    }
    // Admins change the SMS switches, not the school's modules.
    expect((await call('POST /settings/modules/', { modules: [] }, s.tokens['3'])).status).toBe(403);
  });
});
