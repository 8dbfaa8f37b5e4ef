/** The visitor book (spec 3): add with the camera's photo, the active list, checkout, the paged history. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';

let t: TestApp;
let s: TestSchool;
let admin: string;

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  admin = s.tokens['4'];
});
afterAll(() => t?.close());

const call = (c: string, body?: unknown, token = admin) => t.call(s.code, c, body, token);

/** The first bytes of a JPEG (what the content check looks at), as the camera's data URL. */
const jpeg = (size = 2048) => `data:image/jpeg;base64,${Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4, 7)]).toString('base64')}`;
const visitor = (extra: Record<string, unknown> = {}) => ({
  name: 'Ramesh Kumar', mobile: '9876543210', student_name: 'Aarav Kumar', class: '5 - A', address: '12 MG Road, Mysuru',
  person_visiting: 'Class teacher', reason_visiting: 'Parent meeting', entry_gate: 'Main Gate', photo: jpeg(), ...extra,
});

describe('adding a visitor', () => {
  it("keeps the photo in the file store and answers 'Visitor Added'", async () => {
    const before = Date.now();
    const res = await call('PUT /visitors/', visitor());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Visitor Added', data: { name: 'Ramesh Kumar', entry_gate: 'Main Gate', exit_timestamp: null, exit_gate: null } });
    const { photo, entry_timestamp } = res.body.data;
    expect(new Date(entry_timestamp).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(photo.path).toMatch(new RegExp(`^/api/${s.code}/files/[A-Za-z0-9_-]{32}/visitor\\.jpg$`));
    const served = await t.app.inject({ method: 'GET', url: photo.path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('adds a visitor without a photo (a gate with no camera)', async () => {
    const res = await call('PUT /visitors/', visitor({ photo: null }));
    expect(res.body).toMatchObject({ success: true, data: { photo: null } });
  });

  it("gives the spec's message for each missing field, and stores nothing", async () => {
    const count = async () => (await schoolDb(t, s).selectFrom('visitor').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const had = Number(await count());
    for (const [field, message] of [
      ['name', 'Visitor name is required!'], ['mobile', 'Mobile is required!'], ['address', 'Address is requried!'],
      ['reason_visiting', 'Reason is required!'], ['entry_gate', 'Entry Gate is required!'],
    ] as const) {
      for (const body of [visitor({ [field]: undefined }), visitor({ [field]: '' }), visitor({ [field]: '   ' })]) {
        const res = await call('PUT /visitors/', JSON.parse(JSON.stringify(body)));
        expect(res.status, field).toBe(400);
        expect(res.body.error).toBe(message);
      }
    }
    const badMobile = await call('PUT /visitors/', visitor({ mobile: 'call me' }));
    expect(badMobile.body.error).toBe('Enter valid mobile number');
    expect(Number(await count())).toBe(had);
  });

  it('checks the photo by its bytes and its size, not by what the data URL says', async () => {
    const gif = `data:image/jpeg;base64,${Buffer.from('GIF89a-not-a-jpeg').toString('base64')}`;
    const pngNamed = `data:image/png;base64,${jpeg().split(',')[1]}`;
    for (const photo of [gif, pngNamed, 'data:image/gif;base64,R0lGODlh', 'https://example.com/a.jpg', 12]) {
      const res = await call('PUT /visitors/', visitor({ photo }));
      expect(res.status, String(photo).slice(0, 30)).toBe(400);
      expect(res.body.error).toBe('The photo must be a JPEG or PNG image');
    }
    const big = await call('PUT /visitors/', visitor({ photo: jpeg(210 * 1024) }));
    expect(big.status).toBe(400);
    expect(big.body.error).toBe('The photo must be at most 200 kB');
    const files = await schoolDb(t, s).selectFrom('file').select('key').where('kind', '=', 'visitor-photos').execute();
    expect(files.length).toBe(1);
  });

  it('refuses fields the record does not have, and a visitor who arrives already gone', async () => {
    expect((await call('PUT /visitors/', visitor({ exit_timestamp: '2026-01-01T00:00:00Z' }))).status).toBe(400);
    expect((await call('PUT /visitors/', visitor({ entry_timestamp: '2020-01-01T00:00:00Z' }))).status).toBe(400);
  });
});

describe('active visitors and checkout', () => {
  it("lists those still inside, checks one out at an exit gate with 'Visitor Exited!', once", async () => {
    const { id } = (await call('PUT /visitors/', visitor({ name: 'Sunita Rao', photo: null }))).body.data;
    const active = await call('GET /visitors/active/');
    expect(active.body.success).toBe(true);
    expect(active.body.data.map((v: any) => v.id)).toContain(id);
    expect(active.body.data.every((v: any) => v.exit_timestamp === null)).toBe(true);

    expect((await call(`POST /visitor/${id}/`, {})).body.error).toBe('Exit Gate is required!');
    expect((await call(`POST /visitor/${id}/`, { exit_gate: ' ' })).body.error).toBe('Exit Gate is required!');
    expect((await call(`POST /visitor/${id}/`, { exit_gate: 'Side Gate', name: 'Someone else' })).status).toBe(400);

    const out = await call(`POST /visitor/${id}/`, { exit_gate: 'Side Gate' });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ success: true, message: 'Visitor Exited!', data: { id, name: 'Sunita Rao', exit_gate: 'Side Gate' } });
    expect(out.body.data.exit_timestamp).toBeTruthy();
    expect((await call('GET /visitors/active/')).body.data.map((v: any) => v.id)).not.toContain(id);

    const again = await call(`POST /visitor/${id}/`, { exit_gate: 'Main Gate' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This visitor has already exited');
    const stored = await schoolDb(t, s).selectFrom('visitor').select('exit_gate').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.exit_gate).toBe('Side Gate');
    expect((await call('POST /visitor/999999/', { exit_gate: 'Main Gate' })).status).toBe(404);
  });

  it('checks a visitor out once when two gates press at the same moment', async () => {
    const { id } = (await call('PUT /visitors/', visitor({ name: 'Twice Tried', photo: null }))).body.data;
    const answers = await Promise.all([call(`POST /visitor/${id}/`, { exit_gate: 'Gate 1' }), call(`POST /visitor/${id}/`, { exit_gate: 'Gate 2' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });
});

describe('the history', () => {
  it('pages on the server with a total, newest first, and searches', async () => {
    for (const name of ['Page One', 'Page Two', 'Page Three']) await call('PUT /visitors/', visitor({ name, photo: null }));
    const all = await call('GET /visitors/');
    expect(all.body.success).toBe(true);
    const total = all.body.data.length;
    const page = await call('GET /visitors/?page=1&page_size=2');
    expect(page.body.data).toHaveLength(2);
    expect(page.body.meta).toMatchObject({ total });
    expect(page.body.data[0].name).toBe('Page Three');
    const found = await call('GET /visitors/?q=page%20two&page=1&page_size=50');
    expect(found.body.data.map((v: any) => v.name)).toEqual(['Page Two']);
    const one = await call(`GET /visitor/${found.body.data[0].id}/`);
    expect(one.body.data).toMatchObject({ name: 'Page Two', address: '12 MG Road, Mysuru' });
  });
});

describe('who may keep the book', () => {
  it('is the office: teachers, parents, the watchman (no screens of their own) and read-only admins are refused writes', async () => {
    for (const role of ['1', '2', '5', '6', '7']) {
      expect((await call('GET /visitors/active/', undefined, s.tokens[role])).status, role).toBe(403);
      expect((await call('PUT /visitors/', visitor(), s.tokens[role])).status, role).toBe(403);
    }
    expect((await call('GET /visitors/', undefined, s.tokens['admin-read'])).status).toBe(200);
    expect((await call('PUT /visitors/', visitor(), s.tokens['admin-read'])).status).toBe(403);
    expect((await call('PUT /visitors/', visitor(), s.tokens['3'])).status).toBe(200);
  });
});
