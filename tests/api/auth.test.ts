import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../../src/server/config.js';
import { PASSWORD, schoolDb, openTestSchool, type Reply, type TestApp, type TestSchool } from '../support/app.js';

let t: TestApp;
let s: TestSchool;

beforeAll(async () => ({ t, s } = await openTestSchool()));
afterAll(() => t?.close());

const email = (name: string) => `${name}@${s.code.toLowerCase()}.test`;
const login = (body: Record<string, unknown>, code = s.code) => t.call(code, 'POST /login/', body);

/** The reset link from the newest mail in the outbox, and its query parameters. */
async function lastResetLink() {
  const mail = await schoolDb(t, s).selectFrom('outbox_email').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  const link = /https?:\/\/\S+/.exec(mail.body)![0];
  return { mail, link, params: new URL(link).searchParams };
}

describe('school directory', () => {
  it('lists every school with its API base', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/schools/' });
    expect(res.json().success).toBe(true);
    expect(res.json().data).toContainEqual({ code: s.code, name: `School ${s.code}`, api: `/api/${s.code}` });
  });

  it('answers an unknown institution code with 404 and the envelope', async () => {
    const res = await t.call('NOSUCH', 'POST /login/', { email: 'a@b.c', password: 'x' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, data: null, error: 'Unknown institution code' });
  });

  it('matches the institution code case-insensitively', async () => {
    const res = await login({ email: email('teacher'), password: PASSWORD }, s.code.toLowerCase());
    expect(res.body.success).toBe(true);
  });
});

describe('login', () => {
  it('logs in by email in any case and returns the token and the user', async () => {
    const res = await login({ school_code: s.code, email: email('admin').toUpperCase(), password: PASSWORD, remember: true, school_url: `/api/${s.code}` });
    expect(res.status).toBe(200);
    expect(res.body.data.token).toMatch(/^[\w-]{40,}$/);
    expect(res.body.data.user).toMatchObject({ email: email('admin'), role: 3, name: 'admin' });
    expect(res.body.data.user).not.toHaveProperty('password_hash');
  });

  it('logs a parent in by mobile number', async () => {
    const res = await login({ email: '9800000001', password: PASSWORD });
    expect(res.body.data.user.role).toBe(1);
  });

  it('refuses a wrong password or an unknown account with the same message', async () => {
    const wrong = await login({ email: email('admin'), password: 'wrong-password' });
    const unknown = await login({ email: 'nobody@nowhere.test', password: PASSWORD });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error).toBe('Incorrect email/mobile or password');
    expect(unknown.body.error).toBe(wrong.body.error);
  });

  it("asks for the fields the form requires ('This field is required')", async () => {
    expect((await login({ password: PASSWORD })).body.error).toBe('This field is required');
    expect((await login({ email: email('admin') })).body.error).toBe('This field is required');
    expect((await login({ email: '', password: '' })).status).toBe(400);
  });

  it('refuses a disabled account', async () => {
    await schoolDb(t, s).updateTable('user').set({ is_disabled: true }).where('id', '=', s.users['6']).execute();
    const res = await login({ email: email('watchman'), password: PASSWORD });
    expect(res.status).toBe(403);
    const old = await t.call(s.code, 'GET /auth/?platform=web', undefined, s.tokens['6']);
    expect(old.status).toBe(401);
  });

  it('keeps a session 30 days with remember me and 12 hours without', async () => {
    const db = schoolDb(t, s);
    await login({ email: email('librarian'), password: PASSWORD, remember: false });
    await login({ email: email('librarian'), password: PASSWORD, remember: true });
    const sessions = await db.selectFrom('session').select(['expires_at', 'created_at']).where('user_id', '=', s.users['7']).orderBy('created_at', 'desc').limit(2).execute();
    const hours = sessions.map((x) => (new Date(x.expires_at).getTime() - Date.now()) / 3600e3).sort((a, b) => a - b);
    expect(hours[0]).toBeGreaterThan(11.9);
    expect(hours[0]).toBeLessThan(12.1);
    expect(hours[1]).toBeGreaterThan(30 * 24 - 1);
  });

  it('limits login attempts per client and account', async () => {
    const { t: limited, s: ls } = await openTestSchool({ authRateLimit: 5 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await limited.call(ls.code, 'POST /login/', { email: 'x@y.test', password: 'bad' })).status);
      expect(statuses.slice(0, 5).every((x) => x === 401)).toBe(true);
      const last = await limited.call(ls.code, 'POST /login/', { email: 'x@y.test', password: 'bad' });
      expect(last.status).toBe(429);
      expect(last.body).toMatchObject({ success: false, error: 'Too many attempts, please wait a minute and try again' });
      // Another account from the same client is not locked out by the first one's failures.
      expect((await limited.call(ls.code, 'POST /login/', { email: `super@${ls.code.toLowerCase()}.test`, password: 'Passw0rd!' })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('login limiter', () => {
  const LIMIT = 3;
  const TOO_MANY = { success: false, error: 'Too many attempts, please wait a minute and try again' };
  /** Statuses of wrong-password logins, each sent with the headers and identifier given for it. */
  async function attempts(lt: TestApp, code: string, tries: Array<{ email: string; ip?: string }>) {
    const out: Reply[] = [];
    for (const { email, ip } of tries) out.push(await lt.call(code, 'POST /login/', { email, password: 'wrong' }, undefined, ip ? { 'x-forwarded-for': ip } : {}));
    return out;
  }

  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    const { t: lt, s: ls } = await openTestSchool({ authRateLimit: LIMIT });
    try {
      const email = `guess@${ls.code.toLowerCase()}.test`;
      // A new made-up address with every guess: still one client.
      const tries = Array.from({ length: LIMIT + 1 }, (_, i) => ({ email, ip: `203.0.113.${i + 1}` }));
      const replies = await attempts(lt, ls.code, tries);
      expect(replies.slice(0, LIMIT).map((r) => r.status)).toEqual(Array(LIMIT).fill(401));
      expect(replies[LIMIT]!.status).toBe(429);
      expect(replies[LIMIT]!.body).toMatchObject(TOO_MANY);
    } finally {
      await lt.close();
    }
  });

  // inject() connects from 127.0.0.1: the proxy.
  it.each(['127.0.0.1', '1'])('counts each client behind the proxy apart with TRUST_PROXY=%s', async (setting) => {
    const { t: lt, s: ls } = await openTestSchool({ authRateLimit: LIMIT, trustProxy: parseTrustProxy(setting) });
    try {
      const email = `guess@${ls.code.toLowerCase()}.test`;
      const first = await attempts(lt, ls.code, Array.from({ length: LIMIT + 1 }, () => ({ email, ip: '198.51.100.7' })));
      expect(first.map((r) => r.status)).toEqual([...Array(LIMIT).fill(401), 429]);
      // Another family's phone behind the same proxy is not locked out by the first one's guesses.
      const other = await attempts(lt, ls.code, [{ email, ip: '198.51.100.8' }]);
      expect(other[0]!.status).toBe(401);
    } finally {
      await lt.close();
    }
  });

  it('counts an account the same with spaces or capitals around it', async () => {
    const { t: lt, s: ls } = await openTestSchool({ authRateLimit: LIMIT });
    try {
      const email = `guess@${ls.code.toLowerCase()}.test`;
      const spellings = [email, ` ${email}`, `${email} `, `  ${email.toUpperCase()}\t`];
      const replies = await attempts(lt, ls.code, spellings.map((e) => ({ email: e })));
      expect(replies.slice(0, LIMIT).map((r) => r.status)).toEqual(Array(LIMIT).fill(401));
      expect(replies[LIMIT]!.status).toBe(429);
      expect(replies[LIMIT]!.body).toMatchObject(TOO_MANY);
    } finally {
      await lt.close();
    }
  });

  it('reads TRUST_PROXY as off, a number of proxies or their addresses, and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy(' 127.0.0.1, 10.0.0.0/8 ,::1 ')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY: "true" is not an IP address/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/10\.0\.0\.0\/33/);
    expect(() => parseTrustProxy('proxy.local')).toThrow(/proxy\.local/);
  });
});

describe('start-up and logout', () => {
  it('answers GET /auth/ with the signed-in user', async () => {
    const res = await t.call(s.code, 'GET /auth/?platform=web', undefined, s.tokens['2']);
    expect(res.body.data).toMatchObject({ id: s.users['2'], role: 2, email: email('teacher') });
  });

  it('kills the token at logout: it is refused from then on', async () => {
    const { body } = await login({ email: email('teacher'), password: PASSWORD });
    const token = body.data.token;
    expect((await t.call(s.code, 'GET /auth/', undefined, token)).status).toBe(200);
    const out = await t.call(s.code, 'POST /logout/', {}, token);
    expect(out.body.success).toBe(true);
    const after = await t.call(s.code, 'GET /auth/', undefined, token);
    expect(after.status).toBe(401);
    expect(after.body.success).toBe(false);
  });

  it("refuses school A's token at school B's API", async () => {
    const b = await t.school();
    const res = await t.call(b.code, 'GET /auth/', undefined, s.tokens['4']);
    expect(res.status).toBe(401);
  });
});

describe('forgot and reset password', () => {
  it('mails a reset link through the outbox, which sets a new password once and then is dead', async () => {
    const res = await t.call(s.code, 'POST /forgot-password/', { email: email('librarian') });
    expect(res.body.success).toBe(true);
    const { mail, params, link } = await lastResetLink();
    expect(mail.to_address).toBe(email('librarian'));
    expect(link.startsWith('http://school.test/reset-password?')).toBe(true);
    expect(params.get('sch_code')).toBe(s.code);
    expect(params.get('user')).toBe(String(s.users['7']));

    const body = { user_id: params.get('user'), reset_key: params.get('key'), email: email('librarian'), password: 'NewPass#2026' };
    const reset = await t.call(s.code, 'POST /reset-password/', body);
    expect(reset.body.success).toBe(true);
    expect((await login({ email: email('librarian'), password: 'NewPass#2026' })).status).toBe(200);
    expect((await login({ email: email('librarian'), password: PASSWORD })).status).toBe(401);

    const again = await t.call(s.code, 'POST /reset-password/', { ...body, password: 'Another#2026' });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('This password reset link is invalid or has expired');
  });

  it('gives the same answer for an unknown email and sends nothing', async () => {
    const before = await schoolDb(t, s).selectFrom('outbox_email').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const res = await t.call(s.code, 'POST /forgot-password/', { email: 'ghost@nowhere.test' });
    expect(res.body.success).toBe(true);
    const after = await schoolDb(t, s).selectFrom('outbox_email').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('validates the forgot and reset forms with the spec messages', async () => {
    expect((await t.call(s.code, 'POST /forgot-password/', {})).body.error).toBe('Email is required!');
    expect((await t.call(s.code, 'POST /forgot-password/', { email: 'not-an-email' })).body.error).toBe('Invalid email address');
    await t.call(s.code, 'POST /forgot-password/', { email: email('driver') });
    const { params } = await lastResetLink();
    const short = await t.call(s.code, 'POST /reset-password/', { user_id: params.get('user'), reset_key: params.get('key'), email: email('driver'), password: 'short' });
    expect(short.body.error).toBe('Password must be atleast 8 characters');
    const wrongEmail = await t.call(s.code, 'POST /reset-password/', { user_id: params.get('user'), reset_key: params.get('key'), email: email('admin'), password: 'LongEnough1' });
    expect(wrongEmail.status).toBe(400);
    const wrongKey = await t.call(s.code, 'POST /reset-password/', { user_id: params.get('user'), reset_key: 'guess', email: email('driver'), password: 'LongEnough1' });
    expect(wrongKey.status).toBe(400);
    // The genuine link still works after the failed attempts.
    const ok = await t.call(s.code, 'POST /reset-password/', { user_id: params.get('user'), reset_key: params.get('key'), email: email('driver'), password: 'LongEnough1' });
    expect(ok.body.success).toBe(true);
  });
});

describe('change password (profile)', () => {
  it('checks old, new and confirm, then changes the password', async () => {
    const { body } = await login({ email: email('admin-read'), password: PASSWORD });
    const token = body.data.token;
    const change = (b: Record<string, unknown>) => t.call(s.code, 'POST /user/change-password/', b, token);
    expect((await change({ new_password: 'abcdefgh', confirm_password: 'abcdefgh' })).body.error).toBe('Please enter your old password');
    expect((await change({ old_password: PASSWORD, new_password: 'short', confirm_password: 'short' })).body.error).toBe('Password must be atleast 8 characters');
    expect((await change({ old_password: PASSWORD, new_password: 'abcdefgh', confirm_password: 'abcdefgX' })).body.error).toBe('Passwords do not match');
    expect((await change({ old_password: 'wrong-one', new_password: 'abcdefgh', confirm_password: 'abcdefgh' })).body.error).toBe('Old password is incorrect');
    const done = await change({ old_password: PASSWORD, new_password: 'abcdefgh', confirm_password: 'abcdefgh' });
    expect(done.body).toMatchObject({ success: true, message: 'Password Changed' });
    expect((await login({ email: email('admin-read'), password: 'abcdefgh' })).status).toBe(200);
    // This device stays signed in; the other one must log in again.
    expect((await t.call(s.code, 'GET /auth/', undefined, token)).status).toBe(200);
    expect((await t.call(s.code, 'GET /auth/', undefined, s.tokens['admin-read'])).status).toBe(401);
  });
});
