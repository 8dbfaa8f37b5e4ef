/**
 * Generated from the declarations: every declared call (a resource's `calls`) refuses each role
 * its declaration refuses, refuses payloads with its schema's messages, keeps a parent to their
 * own children's rows, and refuses another school's token. The spec's role tables are still
 * tested by hand (students.test.ts, promotion.test.ts, fees.test.ts), since these hold only
 * when the declarations are right.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORE_MODULES, RESOURCES, resourceByName } from '../../src/shared/registry.js';
import { callRoles } from '../../src/shared/access.js';
import { parseCall, type CallDef, type JsonSchema, type ResourceDef } from '../../src/shared/resource.js';
import { type as typeWord } from '../../src/shared/schema.js';
import { PASSWORD, testApp, type TestApp, type TestSchool } from '../support/app.js';
import { createRecord } from '../support/samples.js';
import { guestPass } from '../support/guests.js';

let t: TestApp;
let s: TestSchool;
let other: TestSchool;

beforeAll(async () => {
  t = await testApp();
  s = await t.school();
  other = await t.school();
});
afterAll(() => t?.close());

const DECLARED = RESOURCES.flatMap((r) => Object.entries(r.calls ?? {}).map(([key, def]) => ({ id: `${r.name}.${key}`, r, def })));

/** Path values no record has: ids, and texts of the right shape. */
const TEXT_SAMPLE: Record<string, string> = { date: '2001-01-01', reason: '1', text: 'zz', n: 'X-0' };
function path(def: CallDef, values: Record<string, unknown> = {}) {
  const { method, path: p } = parseCall(def.call);
  return `${method} ${p.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? TEXT_SAMPLE[k] ?? '999999999'))}`;
}
const hasBody = (def: CallDef) => !['GET', 'DELETE'].includes(parseCall(def.call).method);
/** The role that tries what every admitted role could: the super admin when admitted, else the first; a guest pass for a call only guests make. */
const tokenOf = async (r: ResourceDef, def: CallDef) => {
  const roles = callRoles(r, def);
  if (!roles.length && def.guest) return guestPass(t, s, def.guest);
  return s.tokens[roles.includes(4) ? '4' : String(roles[0])]!;
};

const titleOf = (p: JsonSchema, key: string) => p.title ?? key;
/** The message a missing required field gets: the schema's own, else '<title> is required'. */
const requiredMessage = (schema: JsonSchema, key: string) => schema.errorMessage?.required?.[key] ?? `${titleOf(schema.properties[key], key)} is required`;
/** A value of a type the property does not take, and the message it gets. */
function wrongType(p: JsonSchema, key: string): { value: unknown; message: string } | null {
  const types = ([] as string[]).concat(p.type ?? []);
  if (!types.length) return null;
  const value = !types.includes('boolean') ? true : 'x';
  // The field's own message stands for it: its type message, or its enum message when the value is no choice either.
  const own = typeof p.errorMessage === 'string' ? p.errorMessage
    : p.errorMessage?.type ?? (p.enum ? p.errorMessage?.enum : undefined) ?? ('const' in p ? p.errorMessage?.const : undefined);
  return { value, message: own ?? `${titleOf(p, key)} must be ${typeWord(p.type)}` };
}
const messagesOf = (body: { error: string | null; errors?: string[] }) => body.errors ?? [body.error];

describe('declared calls', () => {
  it('are declared', () => {
    expect(DECLARED.length).toBeGreaterThan(0);
  });

  for (const { id, r, def } of DECLARED) {
    describe(`${id} (${def.call})`, () => {
      const allowed = callRoles(r, def);

      it(`refuses every role its declaration refuses (admits ${allowed.join(', ')})`, async () => {
        for (const role of [1, 2, 3, 4, 5, 6, 7].filter((x) => !allowed.includes(x))) {
          const res = await t.call(s.code, path(def), hasBody(def) ? {} : undefined, s.tokens[String(role)]);
          expect(res.status, `role ${role}`).toBe(403);
          expect(res.body).toMatchObject({ success: false, data: null });
        }
        if (allowed.includes(3) && !CORE_MODULES.has(r.module) && !def.public) {
          // An admin without the module's permission is refused too (a public call applies no access rule).
          const res = await t.call(s.code, path(def), hasBody(def) ? {} : undefined, s.tokens['admin-none']);
          expect(res.status, 'admin without module access').toBe(403);
        }
        if (allowed.includes(3) && CORE_MODULES.has(r.module)) {
          // The platform's own calls need no module permission (a session of its own: the call may be a log out).
          const login = await t.call(s.code, 'POST /login/', { email: `admin-none@${s.code.toLowerCase()}.test`, password: PASSWORD });
          const res = await t.call(s.code, path(def), hasBody(def) ? {} : undefined, login.body.data.token);
          expect(res.status, 'admin without module access').not.toBe(403);
          expect(res.status, 'admin without module access').not.toBe(401);
        }
      });

      if (def.public) {
        it('answers without a token', async () => {
          const res = await t.call(s.code, path(def), hasBody(def) ? {} : undefined);
          expect(res.status).not.toBe(401);
          expect(res.status).not.toBe(403);
        });
      } else it("refuses another school's token and no token with 401", async () => {
        const foreign = await t.call(s.code, path(def), hasBody(def) ? {} : undefined, other.tokens['4']);
        expect(foreign.status).toBe(401);
        expect(foreign.body.success).toBe(false);
        expect((await t.call(s.code, path(def), hasBody(def) ? {} : undefined)).status).toBe(401);
      });

      const schema = def.payload;
      if (schema) {
        it('answers every missing required field with its message', async () => {
          const res = await t.call(s.code, path(def), {}, await tokenOf(r, def));
          expect(res.status).toBe(400);
          for (const key of schema.required ?? []) expect(messagesOf(res.body), key).toContain(requiredMessage(schema, key));
        });

        it('answers a value of the wrong type with its message', async () => {
          for (const [key, p] of Object.entries<JsonSchema>(schema.properties ?? {})) {
            const wrong = wrongType(p, key);
            if (!wrong) continue;
            const res = await t.call(s.code, path(def), { [key]: wrong.value }, await tokenOf(r, def));
            expect(res.status, key).toBe(400);
            expect(messagesOf(res.body), key).toContain(wrong.message);
          }
        });

        it('refuses a body that is not an object and unknown fields', async () => {
          const junk = await t.call(s.code, path(def), '[1]', await tokenOf(r, def));
          expect(junk.status).toBe(400);
          const unknown = await t.call(s.code, path(def), { zz_unknown: 1 }, await tokenOf(r, def));
          expect(unknown.status).toBe(400);
          expect(messagesOf(unknown.body)).toContain('Unknown field: zz_unknown');
        });
      }

      // Row scope: a parent reaches only their own children; another family's answers 404 like a missing row.
      const scopedStudent = Object.entries(def.scope ?? {}).find(([, res]) => res === 'students');
      if (scopedStudent && allowed.includes(1) && resourceByName('students').scope?.parent) {
        it("answers a parent 404 for another family's student, and serves their own", async () => {
          const mine = await createRecord(t, s, 'students', { user_id: s.users['1'] });
          const theirs = await createRecord(t, s, 'students', { class_id: mine.class_id, ac_year_id: mine.ac_year_id });
          const [field] = scopedStudent;
          const values = (st: any) => ({ ...st, [field]: st.id, date: '2026-06-02' });
          const body = (st: any) => (hasBody(def) ? { [field]: st.id } : undefined);
          const own = await t.call(s.code, path(def, values(mine)), body(mine), s.tokens['1']);
          // Their own child passes the scope; the call may still refuse for a reason of its own (a card not yet published).
          const ownRefusal = own.status === 200 ? null : own.body.error;
          expect(own.status === 200 || Object.values(def.errors ?? {}).includes(ownRefusal!), JSON.stringify(own.body)).toBe(true);
          const res = await t.call(s.code, path(def, values(theirs)), body(theirs), s.tokens['1']);
          expect(res.status).toBe(404);
          expect(res.body).toMatchObject({ success: false, error: 'Student not found' });
          // Staff, when the call admits them, reach both.
          if (allowed.some((x) => x !== 1)) {
            const staff = await t.call(s.code, path(def, values(theirs)), body(theirs), await tokenOf(r, def));
            expect(staff.status === 200 ? null : staff.body.error).toBe(ownRefusal);
          }
        });
      }
    });
  }
});
