import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../../src/shared/registry.js';
import { schoolDb, openTestSchool, type TestApp, type TestSchool } from '../support/app.js';
import { uploadAs } from '../support/upload.js';

let t: TestApp;
let s: TestSchool;

beforeAll(async () => ({ t, s } = await openTestSchool()));
afterAll(() => t?.close());

const call = (c: string, body?: unknown, who = '4') => t.call(s.code, c, body, s.tokens[who]);

describe('school details and modules', () => {
  it('answers GET /about/school/ without a token, with flags and modules', async () => {
    const res = await t.call(s.code, 'GET /about/school/');
    expect(res.body.data).toMatchObject({ school_name: `School ${s.code}`, maintenance_mode: '0', is_disabled: '0' });
    expect(res.body.data.modules.map((m: any) => m.module_key)).toEqual(MODULES.map((m) => m.key));
    expect(res.body.data.modules[0]).toEqual(expect.objectContaining({ module_key: 'academics', title: 'Academics', link: '/academics/', enabled: true, hidden: false }));
  });

  it('gives the admin module list only to roles 3 and 4, with each admin\'s permissions', async () => {
    const full = await call('GET /admin/modules/', undefined, '4');
    expect(full.body.data.every((m: any) => m.read && m.create && m.update && m.delete)).toBe(true);
    const readOnly = await call('GET /admin/modules/', undefined, 'admin-read');
    expect(readOnly.body.data.find((m: any) => m.module_key === 'teachers')).toMatchObject({ read: true, create: false, update: false, delete: false });
    const none = await call('GET /admin/modules/', undefined, 'admin-none');
    expect(none.body.data.every((m: any) => !m.read)).toBe(true);
    for (const who of ['1', '2', '5', '6', '7']) expect((await call('GET /admin/modules/', undefined, who)).status).toBe(403);
  });

  it('lets only role 4 read and save the module settings', async () => {
    for (const who of ['1', '2', '3', '7']) {
      expect((await call('GET /settings/modules/', undefined, who)).status).toBe(403);
      expect((await call('POST /settings/modules/', { modules: [] }, who)).status).toBe(403);
    }
    const res = await call('POST /settings/modules/', { modules: [{ module_key: 'teachers', enabled: false, hidden: false }] });
    expect(res.body).toMatchObject({ success: true, message: 'Modules Saved' });
    const about = await t.call(s.code, 'GET /about/school/');
    expect(about.body.data.modules.find((m: any) => m.module_key === 'teachers').enabled).toBe(false);
    // A disabled module's calls are refused on the server, not only hidden.
    const refused = await call('GET /teachers/');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('This module is not enabled for your school');
    await call('POST /settings/modules/', { modules: [{ module_key: 'teachers', enabled: true, hidden: true }] });
    expect((await call('GET /teachers/')).status).toBe(200);
    expect((await call('GET /settings/modules/')).body.data.find((m: any) => m.module_key === 'teachers')).toMatchObject({ enabled: true, hidden: true });
  });

  it('refuses to disable a module that cannot be disabled, and bad module lists', async () => {
    const res = await call('POST /settings/modules/', { modules: [{ module_key: 'academics', enabled: false, hidden: false }] });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Academics cannot be disabled');
    expect((await call('POST /settings/modules/', { modules: [{ module_key: 'nope', enabled: true, hidden: false }] })).status).toBe(400);
    expect((await call('POST /settings/modules/', { modules: 'all' })).status).toBe(400);
    expect((await call('POST /settings/modules/', {})).status).toBe(400);
  });

  it('shows the maintenance and disabled-account flags', async () => {
    const db = schoolDb(t, s);
    const row = await db.selectFrom('setting').select('value').where('key', '=', 'school').executeTakeFirstOrThrow();
    await db.updateTable('setting').set({ value: JSON.stringify({ ...row.value, maintenance_mode: '1', is_disabled: '1' }) }).where('key', '=', 'school').execute();
    const res = await t.call(s.code, 'GET /about/school/');
    expect(res.body.data).toMatchObject({ maintenance_mode: '1', is_disabled: '1' });
  });
});

describe('shell start-up calls', () => {
  it('gives everyone their notifications, newest first', async () => {
    const db = schoolDb(t, s);
    await db.insertInto('notification').values([
      { user_id: null, title: 'For all', body: 'Hello', created_at: new Date('2026-01-01T00:00:00Z') },
      { user_id: s.users['2'], title: 'For the teacher', body: 'Hi', created_at: new Date('2026-02-01T00:00:00Z') },
    ]).execute();
    expect((await call('GET /notifications/', undefined, '2')).body.data.map((n: any) => n.title)).toEqual(['For the teacher', 'For all']);
    expect((await call('GET /notifications/', undefined, '1')).body.data.map((n: any) => n.title)).toEqual(['For all']);
    expect((await t.call(s.code, 'GET /notifications/')).status).toBe(401);
  });

  it("gives a parent only their own students", async () => {
    const db = schoolDb(t, s);
    const cls = await db.insertInto('class').values({ class: '5', section: 'A' }).returning('id').executeTakeFirstOrThrow();
    const year = await db.insertInto('ac_year').values({ name: '2026-27', syllabus: 'CBSE', start_date: '2026-06-01', end_date: '2027-03-31' }).returning('id').executeTakeFirstOrThrow();
    const base = { class_id: cls.id, ac_year_id: year.id, mobile: '9800000001', dob: '2016-01-01', admission_date: '2026-06-01', status: 1 };
    await db.insertInto('student').values([
      { ...base, fullname: 'Mine', admission_no: 'M1', user_id: s.users['1'] },
      { ...base, fullname: 'Not mine', admission_no: 'N1', user_id: s.users['2'] },
    ]).execute();
    const res = await call('GET /students-list/', undefined, '1');
    expect(res.body.data.map((x: any) => x.fullname)).toEqual(['Mine']);
    expect(res.body.data[0]).toMatchObject({ class: '5', section: 'A', admission_no: 'M1' });
    expect((await call('GET /students-list/', undefined, '2')).status).toBe(403);
  });

  it('gives a teacher their own record and the classes they lead', async () => {
    const create = await call('PUT /teachers/', { fullname: 'Lead Teacher', email: 'lead@x.test', mobile: '9876500000', password: 'Passw0rd!' });
    const login = await t.call(s.code, 'POST /login/', { email: 'lead@x.test', password: 'Passw0rd!' });
    const token = login.body.data.token;
    await call('PUT /class/', { class: '9', section: 'L', class_teacher_id: create.body.data.id });
    const me = await t.call(s.code, 'GET /teacher/', undefined, token);
    expect(me.body.data).toMatchObject({ fullname: 'Lead Teacher', id: create.body.data.id });
    const settings = await t.call(s.code, 'GET /teacher/settings/', undefined, token);
    expect(settings.body.data.class_teacher_of).toEqual([expect.objectContaining({ class: '9', section: 'L' })]);
  });
});

describe('SMS log', () => {
  it('is read by whoever may open its screen: an admin without the students module is refused', async () => {
    expect((await call('GET /reports/sms/', undefined, 'admin-read')).status).toBe(200);
    for (const q of ['', '?card', '?page=1&page_size=10']) {
      const refused = await call(`GET /reports/sms/${q}`, undefined, 'admin-none');
      expect([refused.status, refused.body.error], q).toEqual([403, 'You do not have access to this module']);
    }
    expect((await call('GET /reports/sms/', undefined, '2')).status).toBe(403);
  });

  it('pages, searches and sorts on request, and answers the whole list without', async () => {
    const sent = await schoolDb(t, s).insertInto('outbox_sms')
      .values(Array.from({ length: 7 }, (_, i) => ({ mobile: `970000000${i}`, message: `Paging check ${i}`, provider: 'outbox', status: 'recorded' })))
      .returning('id').execute();
    const ids = sent.map((r) => r.id); // oldest first
    const page = await call('GET /reports/sms/?q=paging%20check&page=2&page_size=3');
    expect(page.status).toBe(200);
    expect(page.body.meta).toEqual({ total: 7 });
    expect(page.body.data.map((r: any) => r.id)).toEqual([ids[3], ids[2], ids[1]]); // newest first: the 4th to 6th
    expect(page.body.data[0]).toMatchObject({ to: '9700000003', message: 'Paging check 3', response: 'outbox: recorded' });
    const last = await call('GET /reports/sms/?q=CHECK&page=3&page_size=3');
    expect([last.body.meta, last.body.data.map((r: any) => r.id)]).toEqual([{ total: 7 }, [ids[0]]]);
    const byMobile = await call('GET /reports/sms/?q=9700000005&page=1&page_size=50');
    expect([byMobile.body.meta, byMobile.body.data.map((r: any) => r.id)]).toEqual([{ total: 1 }, [ids[5]]]);
    const oldest = await call('GET /reports/sms/?q=paging&sort=timestamp&page=1&page_size=2');
    expect(oldest.body.data.map((r: any) => r.id)).toEqual([ids[0], ids[1]]);
    const byTo = await call('GET /reports/sms/?q=paging&sort=-to&page_size=2');
    expect(byTo.body.data.map((r: any) => r.to)).toEqual(['9700000006', '9700000005']);
    // Without paging: the documented answer, a plain list.
    const all = await call('GET /reports/sms/');
    expect(all.body.meta).toBeUndefined();
    expect(all.body.data.slice(0, 7).map((r: any) => r.id)).toEqual([...ids].reverse());
    for (const [q, error] of [['?page=0', 'Invalid page'], ['?page_size=5000', 'Page size must be from 1 to 1000'], ['?sort=message', 'Sort by one of: id, to, timestamp']]) {
      const bad = await call(`GET /reports/sms/${q}`);
      expect([bad.status, bad.body.error], q).toEqual([400, error]);
    }
  });
});

describe('uploads that name no kind', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
  const kindOf = async (path: string) => (await schoolDb(t, s).selectFrom('file').select('kind').where('key', '=', path.split('/')[4]!).executeTakeFirstOrThrow()).kind;

  it("takes the kind the role's screen sends, or the general kind with the strictest rules; never refused for the missing query alone", async () => {
    for (const [who, name, bytes, kind] of [['4', 'circular.pdf', PDF, 'uploads'], ['3', 'circular.pdf', PDF, 'uploads'], ['7', 'cover.png', PNG, 'library'], ['2', 'chapter.pdf', PDF, 'notes']] as const) {
      const up = await uploadAs(t, s, s.tokens[who]!, null, name, bytes);
      expect(up.status, `${who}: ${up.body.error}`).toBe(200);
      expect(await kindOf(up.body.data.path), who).toBe(kind);
    }
    // The general kind by its name too (spec 2 §7: file_type=uploads).
    const named = await uploadAs(t, s, s.tokens['4']!, 'file_type=uploads', 'circular.pdf', PDF);
    expect(named.status).toBe(200);
    expect(await kindOf(named.body.data.path)).toBe('uploads');
    // The general kind's rules: documents and pictures only, at most 2 MB.
    expect(await uploadAs(t, s, s.tokens['4']!, null, 'list.csv', 'a,b\n')).toMatchObject({ status: 400, body: { success: false, error: 'list.csv file upload failed.' } });
    const big = Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024)]);
    expect(await uploadAs(t, s, s.tokens['4']!, null, 'big.pdf', big)).toMatchObject({ status: 400, body: { error: 'The file must be at most 2 MB' } });
    // Who has no upload screen is refused as such, and nobody signed in as ever.
    expect(await uploadAs(t, s, s.tokens['5']!, null, 'x.pdf', PDF)).toMatchObject({ status: 403, body: { success: false } });
    expect(await uploadAs(t, s, null, null, 'x.pdf', PDF)).toMatchObject({ status: 401, body: { success: false } });
    expect((await uploadAs(t, s, s.tokens['4']!, 'no-such-kind', 'x.pdf', PDF)).body.error).toBe('Unknown kind of upload (file_path)');
  });
});

describe('answers outside the API', () => {
  it('answers unknown API paths with 404 and the envelope', async () => {
    const res = await call('GET /no/such/path/');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, data: null, error: 'Not found' });
  });

  it('refuses a body that is not JSON with the envelope', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/${s.code}/branches/`, headers: { authorization: `Bearer ${s.tokens['4']}`, 'content-type': 'text/xml' }, payload: '<x/>' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, error: 'Send the request body as JSON' });
  });
});

describe('the browser app', () => {
  it('serves screen routes the app and missing files a 404', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>app</title>');
    const { buildApp } = await import('../../src/server/app.js');
    const app = await buildApp({ config: { ...t.config, clientDir: dir }, database: t.database });
    try {
      for (const url of ['/', '/login', '/academics/classes/', '/reset-password?user=1&key=k&sch_code=DEMO01']) {
        const screen = await app.inject({ method: 'GET', url });
        expect(screen.statusCode, url).toBe(200);
        expect(screen.body).toContain('<title>app</title>');
      }
      // A file built after start-up is served without a restart.
      fs.mkdirSync(path.join(dir, 'assets'));
      fs.writeFileSync(path.join(dir, 'assets', 'late.js'), 'export {}');
      expect((await app.inject({ method: 'GET', url: '/assets/late.js' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
      const api = await app.inject({ method: 'GET', url: `/api/${s.code}/nothing/here/` });
      expect(api.json()).toEqual({ success: false, data: null, error: 'Not found' });
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sends built assets compressed and cached for good, and index.html checked on every visit', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const zlib = await import('node:zlib');
    const { precompress } = await import('../../scripts/precompress.js');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-'));
    const html = `<!doctype html><title>app</title><script type="module" src="/assets/main-Ab12Cd34.js"></script>${'<!-- padding -->'.repeat(100)}`;
    const js = `export const rows = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ id: i, name: `Student ${i}` })))};`;
    fs.writeFileSync(path.join(dir, 'index.html'), html);
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets', 'main-Ab12Cd34.js'), js);
    await precompress(dir); // the build's own step
    const { buildApp } = await import('../../src/server/app.js');
    const app = await buildApp({ config: { ...t.config, clientDir: dir }, database: t.database });
    const get = (url: string, acceptEncoding?: string) => app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
    try {
      const br = await get('/assets/main-Ab12Cd34.js', 'gzip, deflate, br');
      expect(br.statusCode).toBe(200);
      expect(br.headers).toMatchObject({ 'content-encoding': 'br', 'cache-control': 'public, max-age=31536000, immutable' });
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.rawPayload.length).toBeLessThan(js.length / 3);
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);
      const gz = await get('/assets/main-Ab12Cd34.js', 'gzip');
      expect(gz.headers).toMatchObject({ 'content-encoding': 'gzip', 'cache-control': 'public, max-age=31536000, immutable' });
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);
      const plain = await get('/assets/main-Ab12Cd34.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(plain.body).toBe(js);
      // index.html names the current hashes: revalidated each visit, by its own name, at / and as the screens' fallback.
      for (const url of ['/', '/index.html', '/login', '/fees/records/12/']) {
        const page = await get(url, 'br');
        expect(page.statusCode, url).toBe(200);
        expect(page.headers['cache-control'], url).toBe('no-cache');
        expect(page.headers['content-encoding'], url).toBe('br');
        expect(zlib.brotliDecompressSync(page.rawPayload).toString(), url).toBe(html);
      }
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
