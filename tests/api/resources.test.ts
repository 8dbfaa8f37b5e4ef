/**
 * Generated from the declarations: every declared call of every resource, its
 * messages, its role rules and its answers to bad input. A new resource is
 * tested here the day it is declared.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../src/shared/registry.js';
import { listCalls, parseCall, roleAllows, type Permission, type ResourceDef } from '../../src/shared/resource.js';
import { testApp, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { callFor, createBody, createRecord, sample } from '../support/samples.js';

let t: TestApp;
let s: TestSchool;
let other: TestSchool;

beforeAll(async () => {
  t = await testApp();
  s = await t.school();
  other = await t.school();
});
afterAll(() => t?.close());

const count = async (r: ResourceDef) =>
  Number((await schoolDb(t, s).selectFrom(r.table!).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** Who may use a permission: role rule, and for role 3 the per-admin module access of the test school. */
const expectAllowed = (r: ResourceDef, who: string, perm: Permission) => {
  if (who === 'admin-none') return false;
  if (who === 'admin-read') return perm === 'read' && roleAllows(r, 3, perm);
  return roleAllows(r, Number(who), perm);
};
const WHO = ['1', '2', '3', '4', '5', '6', '7', 'admin-none', 'admin-read'];

const tested = RESOURCES.filter((r) => r.table && r.api.create);

for (const r of tested) {
  describe(`${r.label} (${r.name})`, () => {
    const calls: Array<[Permission, string]> = [
      ...listCalls(r).map((c) => ['read', c] as [Permission, string]),
      ...(r.api.one ? [['read', r.api.one] as [Permission, string]] : []),
      ...(r.api.update ? [['update', r.api.update] as [Permission, string]] : []),
      ...(r.api.remove ? [['remove', r.api.remove] as [Permission, string]] : []),
    ];

    it(`creates through ${r.api.create} with '${r.messages.created}'`, async () => {
      const row = await sample(t, s, r.name);
      const before = await count(r);
      const res = await t.call(s.code, callFor(r.api.create!, row), createBody(r, row), s.tokens['4']);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, error: null, message: r.messages.created });
      const created = Array.isArray(res.body.data) ? res.body.data[0] : res.body.data;
      expect(created.id).toBeGreaterThan(0);
      for (const [k, v] of Object.entries(row)) if (!r.schema.properties[k]?.writeOnly && typeof v !== 'object') expect(created[k]).toEqual(k === 'email' ? String(v).toLowerCase() : v);
      expect(await count(r)).toBe(before + 1);
    });

    for (const call of listCalls(r)) {
      it(`lists through ${call}`, async () => {
        const rec = await createRecord(t, s, r.name);
        const res = await t.call(s.code, callFor(call, rec), undefined, s.tokens['4']);
        expect(res.status).toBe(200);
        expect(res.body.success).toBe(true);
        expect(res.body.data.map((x: any) => x.id)).toContain(rec.id);
        for (const p of parseCall(call as any).params) expect(res.body.data.every((x: any) => x[p] === rec[p])).toBe(true);
        // Every relation but a record's child rows, which only the answer about one record carries.
        for (const [rel, def] of Object.entries(r.relations ?? {})) {
          if (def.rows) expect(res.body.data[0]).not.toHaveProperty(rel);
          else expect(res.body.data[0]).toHaveProperty(rel);
        }
      });
    }

    if (r.api.one) {
      it(`reads one through ${r.api.one}, 404 when missing`, async () => {
        const rec = await createRecord(t, s, r.name);
        const res = await t.call(s.code, callFor(r.api.one!, rec), undefined, s.tokens['4']);
        expect(res.body).toMatchObject({ success: true, data: { id: rec.id } });
        const missing = await t.call(s.code, callFor(r.api.one!, { ...rec, id: 999999 }), undefined, s.tokens['4']);
        expect(missing.status).toBe(404);
        expect(missing.body).toMatchObject({ success: false, data: null });
        expect(missing.body.error).toMatch(/not found/);
      });
    }

    if (r.api.update) {
      it(`updates through ${r.api.update} with '${r.messages.updated}'`, async () => {
        const rec = await createRecord(t, s, r.name);
        const changed = `Changed ${rec.id}`;
        // A text field the changed value fits (its pattern and length), else a number.
        const fits = (p: any) => p.type === 'string' && (!p.pattern || new RegExp(p.pattern).test(changed)) && changed.length <= (p.maxLength ?? Infinity);
        const editable = Object.entries<any>(r.schema.properties).filter(([k, p]) => !p.readOnly && !p.writeOnly && (!p.format || p.format === 'money') && !(r.form?.fixedAfterCreate ?? []).includes(k));
        const [field, prop] = editable.find(([, p]) => fits(p)) ?? editable.find(([, p]) => [p.type].flat().includes('number') && !p.pattern)!;
        const value = prop.type === 'string' ? changed : Number(rec[field]) + 1;
        const res = await t.call(s.code, callFor(r.api.update!, rec), { [field]: value }, s.tokens['4']);
        expect(res.body).toMatchObject({ success: true, message: r.messages.updated });
        expect(res.body.data[field]).toBe(value);
      });
    }

    // A field with a default is never missing: a create that leaves it out takes the default (below).
    const defaulted = Object.keys(r.schema.properties).filter((k) => 'default' in r.schema.properties[k] && !r.schema.properties[k].readOnly);

    it('answers every missing required field with its own message and writes nothing', async () => {
      const row = createBody(r, await sample(t, s, r.name));
      const schema = r.schema;
      const required: string[] = (schema.required ?? []).filter((k: string) => !schema.properties[k].readOnly && !defaulted.includes(k));
      const before = await count(r);
      for (const key of required) {
        const body = JSON.parse(JSON.stringify(row));
        const target = r.batch && !r.batch.shared.includes(key) ? body[r.batch.rows][0] : body;
        delete target[key];
        const res = await t.call(s.code, callFor(r.api.create!, row), body, s.tokens['4']);
        expect(res.status, key).toBe(400);
        const expected = schema.errorMessage?.required?.[key];
        if (expected) expect([res.body.error, ...(res.body.errors ?? [])]).toContain(expected);
        if (schema.properties[key].type === 'string') {
          const blank = JSON.parse(JSON.stringify(row));
          (r.batch && !r.batch.shared.includes(key) ? blank[r.batch.rows][0] : blank)[key] = '';
          const res2 = await t.call(s.code, callFor(r.api.create!, row), blank, s.tokens['4']);
          expect(res2.status, `${key} empty`).toBe(400);
          if (expected && schema.properties[key].minLength) expect(res2.body.error).toBe(expected);
        }
      }
      expect(await count(r)).toBe(before);
    });

    if (defaulted.length) {
      it(`takes the schema's default of each field left out of ${r.api.create} (${defaulted.join(', ')})`, async () => {
        const row = await sample(t, s, r.name);
        // Left out: what the sample leaves out or sets to the default anyway (another value may be what makes the sample valid).
        const left = defaulted.filter((k) => !(k in row) || JSON.stringify(row[k]) === JSON.stringify(r.schema.properties[k].default));
        const body = createBody(r, row);
        for (const key of left) delete (r.batch && !r.batch.shared.includes(key) ? (body[r.batch.rows] as Array<Record<string, unknown>>)[0]! : body)[key];
        const res = await t.call(s.code, callFor(r.api.create!, row), body, s.tokens['4']);
        expect(res.status, res.body.error ?? '').toBe(200);
        const created = Array.isArray(res.body.data) ? res.body.data[0] : res.body.data;
        for (const key of left) expect(created[key], key).toEqual(r.schema.properties[key].default);
      });
    }

    it('refuses junk bodies with 400 and the envelope, and writes nothing', async () => {
      const row = createBody(r, await sample(t, s, r.name));
      const before = await count(r);
      const junk: unknown[] = [[], [row], 'not json at all', '"a string"', '42', 'null', '{"unterminated": ', { ...row, unknown_field: 1 }];
      const typeJunk: Record<string, unknown> = {};
      for (const [k, p] of Object.entries<any>(r.schema.properties)) {
        if (p.readOnly || (r.batch && !r.batch.shared.includes(k))) continue;
        const types = [].concat(p.type ?? []);
        if (types.includes('string' as never)) { junk.push({ ...row, [k]: 'x'.repeat(100_000) }); junk.push({ ...row, [k]: 12345 }); }
        if (types.includes('integer' as never)) { junk.push({ ...row, [k]: 'seven' }); junk.push({ ...row, [k]: 1.5 }); junk.push({ ...row, [k]: 99999999999 }); typeJunk[k] = true; }
        if (types.includes('object' as never)) junk.push({ ...row, [k]: 'text' });
      }
      for (const body of junk) {
        const res = await t.call(s.code, callFor(r.api.create!, row), body, s.tokens['4']);
        expect(res.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.body.success).toBe(false);
        expect(typeof res.body.error).toBe('string');
        expect(JSON.stringify(res.body)).not.toMatch(/\bat \w+ \(|node_modules|stack/);
      }
      expect(await count(r)).toBe(before);
      const unknown = await t.call(s.code, callFor(r.api.create!, row), { ...row, unknown_field: 1 }, s.tokens['4']);
      expect(unknown.body.error).toBe('Unknown field: unknown_field');
    });

    it('refuses ids that are not record numbers', async () => {
      for (const [, call] of calls.filter(([, c]) => c.includes('{id}'))) {
        for (const bad of ['abc', '0', '-1', '1.5', '99999999999', '1%20OR%201=1']) {
          const res = await t.call(s.code, call.replace('{id}', bad).replace(/\{\w+\}/g, '1'), call.startsWith('POST') ? {} : undefined, s.tokens['4']);
          expect(res.status, `${call} ${bad}`).toBe(400);
          expect(res.body.success).toBe(false);
        }
      }
    });

    it('lets each role do exactly what the declaration allows', async () => {
      for (const who of WHO) {
        const rec = await createRecord(t, s, r.name);
        const row = createBody(r, await sample(t, s, r.name));
        const attempts: Array<[Permission, string, unknown]> = [
          ['create', callFor(r.api.create!, row), row],
          ...calls.filter(([p]) => p !== 'remove').map(([p, c]) => [p, callFor(c, rec), p === 'update' ? {} : undefined] as [Permission, string, unknown]),
          ...calls.filter(([p]) => p === 'remove').map(([p, c]) => [p, callFor(c, rec), undefined] as [Permission, string, unknown]),
        ];
        for (const [perm, call, body] of attempts) {
          const res = await t.call(s.code, call, body, s.tokens[who]);
          if (expectAllowed(r, who, perm)) expect(res.status, `${who} ${call}`).toBeLessThan(300);
          else {
            expect(res.status, `${who} ${call}`).toBe(403);
            expect(res.body.success).toBe(false);
          }
        }
      }
    });

    it('refuses calls without a token, with a dead token and with another school\'s token', async () => {
      const rec = await createRecord(t, s, r.name);
      const made = createBody(r, await sample(t, s, r.name));
      const all: Array<[string, unknown]> = [[callFor(r.api.create!, made), made], ...calls.map(([, c]) => [callFor(c, rec), undefined] as [string, unknown])];
      for (const [call, body] of all) {
        for (const token of [undefined, 'not-a-token', other.tokens['4']]) {
          const res = await t.call(s.code, call, body, token);
          expect(res.status, `${call} ${token}`).toBe(401);
          expect(res.body.success).toBe(false);
        }
      }
      expect(await createRecord(t, s, r.name)).toBeTruthy();
    });

    if (r.api.remove) {
      it(`deletes through ${r.api.remove} with '${r.messages.removed}'`, async () => {
        const rec = await createRecord(t, s, r.name);
        const res = await t.call(s.code, callFor(r.api.remove!, rec), undefined, s.tokens['4']);
        expect(res.status).toBe(200);
        const expected = r.messages.removed!.replace(/\{(\w+)\}/g, (_, k) => rec[k]);
        expect(res.body).toMatchObject({ success: true, message: expected, data: { id: rec.id } });
        if (r.api.one) expect((await t.call(s.code, callFor(r.api.one, rec), undefined, s.tokens['4'])).status).toBe(404);
        expect((await t.call(s.code, callFor(r.api.remove!, rec), undefined, s.tokens['4'])).status).toBe(404);
      });
    }
  });
}
