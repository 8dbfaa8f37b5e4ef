/**
 * Admin actions (spec 3): the administrators list and adding one, each admin's module access
 * (enforced on the next call of every module, locked modules always on, nobody changing their
 * own or a super admin's), and the school's details with its logo.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { createRecord } from '../support/samples.js';
import { uploadAs } from '../support/upload.js';

let t: TestApp;
let s: TestSchool;
let klass: number;
let year: number;
beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  year = (await createRecord(t, s, 'acyears', { name: '2026-27' })).id;
  klass = (await createRecord(t, s, 'classes', { class: '7', section: 'A' })).id;
});
afterAll(() => t?.close());

const call = (c: string, body?: unknown, token = s.tokens['4']) => t.call(s.code, c, body, token);
const OTHERS = ['1', '2', '5', '6', '7'];
const FULL = { create: true, read: true, update: true, delete: true };
const NONE = { create: false, read: false, update: false, delete: false };
let seq = 0;

/** Adds an admin as the super admin and logs them in. */
async function newAdmin(name = `Office ${++seq}`) {
  const email = `office${seq}-${Math.random().toString(36).slice(2, 7)}@example.in`;
  const made = await call('PUT /admins/', { name, email, password: 'Secret12' });
  expect(made.body.error).toBeNull();
  const login = await call('POST /login/', { email, password: 'Secret12' });
  expect(login.body.success).toBe(true);
  return { id: made.body.data.id as number, email, token: login.body.data.token as string };
}

describe('administrators', () => {
  it('lists the school\'s admins and super admins, to admins only', async () => {
    const res = await call('GET /admins/', undefined, s.tokens['3']);
    expect(res.status).toBe(200);
    const roles = new Set(res.body.data.map((a: any) => a.role));
    expect([...roles].sort()).toEqual([3, 4]);
    expect(res.body.data.find((a: any) => a.id === s.users['3'])).toMatchObject({ name: 'admin', email: `admin@${s.code.toLowerCase()}.test`, role: 3 });
    expect(res.body.data[0]).not.toHaveProperty('password_hash');
    for (const who of OTHERS) expect((await call('GET /admins/', undefined, s.tokens[who])).status, who).toBe(403);
    expect((await call('GET /admins/', undefined, s.tokens['admin-none'])).body.error).toBe('You do not have access to this module');
  });

  it('adds an admin of role 3 who can log in, with the spec\'s messages', async () => {
    const res = await call('PUT /admins/', { name: 'Kavya Rao', email: 'Kavya.Rao@Example.in', password: 'Abcd1234' }, s.tokens['3']);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'New Admin Added', data: { name: 'Kavya Rao', email: 'kavya.rao@example.in', role: 3 } });
    const login = await call('POST /login/', { email: 'kavya.rao@example.in', password: 'Abcd1234' });
    expect(login.body.data.user).toMatchObject({ role: 3, name: 'Kavya Rao' });
    expect((await call('GET /admins/')).body.data.map((a: any) => a.email)).toContain('kavya.rao@example.in');
  });

  it('refuses a missing name or e-mail, a bad e-mail, a short password and a taken e-mail, storing nothing', async () => {
    const count = async () => Number((await schoolDb(t, s).selectFrom('user').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    for (const [body, error] of [
      [{ email: 'a@b.in', password: 'Abcd1234' }, 'Admin name is required'],
      [{ name: '  ', email: 'a@b.in', password: 'Abcd1234' }, 'Admin name is required'],
      [{ name: 'A', password: 'Abcd1234' }, 'Admin email is required'],
      [{ name: 'A', email: '', password: 'Abcd1234' }, 'Admin email is required'],
      [{ name: 'A', email: 'not-an-email', password: 'Abcd1234' }, 'Invalid email address'],
      [{ name: 'A', email: 'a@b.in' }, 'Password is required'],
      [{ name: 'A', email: 'a@b.in', password: 'short' }, 'Password must be at least 8 characters'],
    ] as const) {
      const res = await call('PUT /admins/', body);
      expect([res.status, res.body.error]).toEqual([400, error]);
    }
    const taken = await call('PUT /admins/', { name: 'Copy', email: `ADMIN@${s.code}.test`, password: 'Abcd1234' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe(`An account with the email admin@${s.code.toLowerCase()}.test already exists`);
    expect(await count()).toBe(before);
  });

  it('lets only a super admin add a super admin, and no other role add anyone', async () => {
    const body = { name: 'Head', email: `head-${s.code.toLowerCase()}@example.in`, password: 'Abcd1234', role: 4 };
    const refused = await call('PUT /admins/', body, s.tokens['3']);
    expect([refused.status, refused.body.error]).toEqual([403, 'Only a super admin can add a super admin']);
    expect((await call('PUT /admins/', body)).body.data.role).toBe(4);
    for (const who of [...OTHERS, 'admin-read', 'admin-none']) {
      expect((await call('PUT /admins/', { ...body, email: `x${who}@example.in`, role: 3 }, s.tokens[who])).status, who).toBe(403);
    }
  });
});

describe('module access', () => {
  it('starts a new admin with only the modules that cannot be taken away', async () => {
    const a = await newAdmin();
    const res = await call(`GET /admin/modules/${a.id}/`);
    expect(res.body.data.admin).toMatchObject({ id: a.id, role: 3 });
    const byKey = Object.fromEntries(res.body.data.modules.map((m: any) => [m.module_key, m]));
    expect(byKey.academics).toMatchObject({ module_name: 'Academics', can_disable: false, ...FULL });
    expect(byKey.admin_actions).toMatchObject({ can_disable: false, ...FULL });
    expect(byKey.fees).toMatchObject({ can_disable: true, ...NONE });
    expect(byKey.marks).toMatchObject(NONE);
    expect((await call('GET /fees/items/', undefined, a.token)).status).toBe(403);
    expect((await call('GET /classes-list/', undefined, a.token)).status).toBe(200);
  });

  it('is enforced on the admin\'s next call of every module, and their own module list follows', async () => {
    const a = await newAdmin();
    const probes = {
      fees: 'GET /fees/items/',
      marks: `GET /report-cards/${klass}/${year}/`,
      teachers: 'GET /teachers/',
      announcements: 'GET /announcements/',
    };
    for (const [mod, c] of Object.entries(probes)) {
      const res = await call(c, undefined, a.token);
      expect([mod, res.status, res.body.error]).toEqual([mod, 403, 'You do not have access to this module']);
    }
    const saved = await call('POST /admin/modules/', {
      user_id: a.id,
      data: [
        { module_key: 'fees', ...NONE, read: true },
        { module_key: 'marks', ...FULL },
        { module_key: 'teachers', ...FULL },
        // A locked module stays on whatever is sent.
        { module_key: 'academics', ...NONE },
      ],
    });
    expect(saved.body).toMatchObject({ success: true, message: 'Modules Access Saved' });
    expect(saved.body.data.modules.find((m: any) => m.module_key === 'academics')).toMatchObject(FULL);
    expect((await call(probes.fees, undefined, a.token)).status).toBe(200);
    expect((await call('PUT /fees/items/', { name: 'Bus', amount: 100 }, a.token)).status).toBe(403);
    expect((await call(probes.marks, undefined, a.token)).status).not.toBe(403);
    expect((await call(probes.teachers, undefined, a.token)).status).toBe(200);
    expect((await call(probes.announcements, undefined, a.token)).status).toBe(403);
    expect((await call('GET /classes-list/', undefined, a.token)).status).toBe(200);
    const own = await call('GET /admin/modules/', undefined, a.token);
    expect(own.body.data.find((m: any) => m.module_key === 'fees')).toMatchObject({ read: true, create: false });
    expect(own.body.data.find((m: any) => m.module_key === 'announcements')).toMatchObject({ read: false });

    // Taken away again: the same session is refused at once.
    await call('POST /admin/modules/', { user_id: a.id, data: [{ module_key: 'fees', ...NONE }, { module_key: 'teachers', ...NONE }] });
    expect((await call(probes.fees, undefined, a.token)).status).toBe(403);
    expect((await call(probes.teachers, undefined, a.token)).status).toBe(403);
    // Modules not named keep what they had.
    expect((await call(probes.marks, undefined, a.token)).status).not.toBe(403);
  });

  it('lets nobody change their own access or a super admin\'s, and only admins with the module change anyone\'s', async () => {
    const a = await newAdmin();
    const b = await newAdmin();
    await call('POST /admin/modules/', { user_id: a.id, data: [{ module_key: 'fees', ...FULL }] });
    const own = await call('POST /admin/modules/', { user_id: a.id, data: [{ module_key: 'teachers', ...FULL }] }, a.token);
    expect([own.status, own.body.error]).toEqual([403, 'You cannot change your own module access']);
    const sup = await call('POST /admin/modules/', { user_id: s.users['4'], data: [] }, a.token);
    expect([sup.status, sup.body.error]).toEqual([403, 'A super admin has every module; their access cannot be changed']);
    // An admin changes another admin's.
    expect((await call('POST /admin/modules/', { user_id: b.id, data: [{ module_key: 'teachers', ...FULL }] }, a.token)).body.message).toBe('Modules Access Saved');
    for (const who of [...OTHERS, 'admin-none']) {
      expect((await call('POST /admin/modules/', { user_id: b.id, data: [] }, s.tokens[who])).status, who).toBe(403);
      expect((await call(`GET /admin/modules/${b.id}/`, undefined, s.tokens[who])).status, who).toBe(403);
    }
    // Reading is not changing.
    expect((await call('POST /admin/modules/', { user_id: b.id, data: [] }, s.tokens['admin-read'])).status).toBe(403);
    expect((await call(`GET /admin/modules/${b.id}/`, undefined, s.tokens['admin-read'])).status).toBe(200);
  });

  it('answers a super admin with every module, and refuses unknown modules, a module twice and non-admins, changing nothing', async () => {
    const sup = await call(`GET /admin/modules/${s.users['4']}/`);
    expect(sup.body.data.modules.every((m: any) => m.create && m.read && m.update && m.delete)).toBe(true);
    const a = await newAdmin();
    await call('POST /admin/modules/', { user_id: a.id, data: [{ module_key: 'fees', ...FULL }] });
    const unknown = await call('POST /admin/modules/', { user_id: a.id, data: [{ module_key: 'fees', ...NONE }, { module_key: 'spaceships', ...FULL }] });
    expect([unknown.status, unknown.body.error]).toEqual([400, 'Unknown module spaceships']);
    const twice = await call('POST /admin/modules/', { user_id: a.id, data: [{ module_key: 'fees', ...NONE }, { module_key: 'fees', ...FULL }] });
    expect([twice.status, twice.body.error]).toEqual([400, 'Fees is given twice']);
    expect((await call('GET /fees/items/', undefined, a.token)).status).toBe(200);
    for (const id of [999999, s.users['2'], s.users['1']]) {
      expect((await call(`GET /admin/modules/${id}/`)).status).toBe(404);
      expect((await call('POST /admin/modules/', { user_id: id, data: [] })).body.error).toBe('No administrator with this id');
    }
    expect((await call('POST /admin/modules/', { user_id: a.id, data: [{ module_key: 'fees', read: 'yes' }] })).status).toBe(400);
  });
});

describe('school details', () => {
  const DETAILS = { school_name: 'Sunrise Public School', school_short_name: 'SPS', phone_number: '08023456789', school_address: '4th Cross, Jayanagar, Bengaluru' };

  it('saves the details for everyone to read, the header\'s name and short name', async () => {
    const res = await call('POST /about/school/', DETAILS, s.tokens['3']);
    expect(res.body).toMatchObject({ success: true, message: 'Updated School Details' });
    const about = await t.call(s.code, 'GET /about/school/');
    expect(about.body.data).toMatchObject({ ...DETAILS, short_name: 'SPS', school_logo: '' });
  });

  it('refuses missing fields and a phone that is not digits, with the spec\'s messages, changing nothing', async () => {
    await call('POST /about/school/', DETAILS);
    for (const [body, error] of [
      [{ ...DETAILS, school_name: '' }, 'School name is required'],
      [{ ...DETAILS, school_short_name: undefined }, 'Short name is required'],
      [{ ...DETAILS, school_address: ' ' }, 'Address is required'],
      [{ ...DETAILS, phone_number: '080-2345 6789' }, 'Please enter valid phone number'],
      [{ ...DETAILS, phone_number: '' }, 'Please enter valid phone number'],
      [{ ...DETAILS, phone_number: undefined }, 'Please enter valid phone number'],
    ] as const) {
      const res = await call('POST /about/school/', JSON.parse(JSON.stringify(body)));
      expect([res.status, res.body.error]).toEqual([400, error]);
    }
    expect((await call('POST /about/school/', { ...DETAILS, maintenance_mode: '1' })).status).toBe(400);
    expect((await t.call(s.code, 'GET /about/school/')).body.data).toMatchObject(DETAILS);
  });

  it('takes a logo uploaded as a school logo (jpg, jpeg, png, gif) and no other file', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const up = await uploadAs(t, s, s.tokens['3'], 'school-logo', 'logo.png', png);
    expect(up.status).toBe(200);
    const saved = await call('POST /about/school/', { ...DETAILS, school_logo: up.body.data.path }, s.tokens['3']);
    expect(saved.body.success).toBe(true);
    const about = await t.call(s.code, 'GET /about/school/');
    expect(about.body.data.school_logo).toBe(up.body.data.path);
    const img = await t.app.inject({ method: 'GET', url: up.body.data.path });
    expect([img.statusCode, img.headers['content-type']]).toEqual([200, 'image/png']);

    const pdf = await uploadAs(t, s, s.tokens['3'], 'school-logo', 'logo.pdf', Buffer.from('%PDF-1.4\n'));
    expect([pdf.status, pdf.body.error]).toEqual([400, 'logo.pdf file upload failed.']);
    const fake = await uploadAs(t, s, s.tokens['3'], 'school-logo', 'logo.gif', Buffer.from('not a gif'));
    expect(fake.status).toBe(400);
    for (const who of ['1', '2', '7', 'admin-read']) expect((await uploadAs(t, s, s.tokens[who], 'school-logo', 'logo.png', png)).status, who).toBe(403);
    const elsewhere = await call('POST /about/school/', { ...DETAILS, school_logo: `/api/${s.code}/files/${'A'.repeat(32)}/x.png` });
    expect([elsewhere.status, elsewhere.body.error]).toEqual([400, 'The logo must be an image uploaded as a school logo']);
  });

  it('is changed by admins holding the module only', async () => {
    for (const who of [...OTHERS, 'admin-none', 'admin-read']) expect((await call('POST /about/school/', DETAILS, s.tokens[who])).status, who).toBe(403);
  });
});
