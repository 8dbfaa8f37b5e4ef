/**
 * A screen a role may open, and every button shown on it, works for that role: generated from
 * the declarations (src/shared/screens.ts). For each person (every role, and admins with full,
 * read-only and no module access), each screen the browser's own access rule lets them open
 * must be allowed every call it makes, and each button the browser shows them must be allowed
 * its call, while each button it hides that writes must be refused. Calls are made with ids no record has
 * and empty bodies, so they are answered 404 or 400 when allowed and change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../src/shared/registry.js';
import { parseCall, type Call } from '../../src/shared/resource.js';
import { screensOf, type Screen } from '../../src/shared/screens.js';
import { can, type AccessContext } from '../../src/client/framework/access.js';
import { openTestSchool, type TestApp, type TestSchool } from '../support/app.js';

let t: TestApp;
let s: TestSchool;

const PEOPLE: Array<{ key: string; role: number }> = [
  { key: '1', role: 1 }, { key: '2', role: 2 }, { key: '3', role: 3 }, { key: '4', role: 4 },
  { key: '5', role: 5 }, { key: '6', role: 6 }, { key: '7', role: 7 },
  { key: 'admin-read', role: 3 }, { key: 'admin-none', role: 3 },
];

/** Path parameters filled with values no record has: ids, dates and texts. */
const NO_RECORD: Record<string, string> = { date: '2001-01-01', text: 'zz', reason: 'duplicate', n: 'X-0' };
const filled = (call: Call) => {
  const { method, path } = parseCall(call);
  return `${method} ${path.replace(/\{(\w+)\}/g, (_, k: string) => NO_RECORD[k] ?? '999999999')}`;
};
const bodyFor = (call: Call, body?: Record<string, unknown>) => (parseCall(call).method === 'GET' || parseCall(call).method === 'DELETE' ? undefined : body ?? {});

/** What the browser knows of this person: the school's modules and, for admins, their module access. */
async function accessFor(token: string, role: number): Promise<AccessContext> {
  const school = await t.call(s.code, 'GET /about/school/', undefined, token);
  const admin = role === 3 || role === 4 ? await t.call(s.code, 'GET /admin/modules/', undefined, token) : null;
  return { role, schoolModules: school.body.data.modules ?? [], adminModules: admin?.body.data ?? null };
}

/** The browser's rule for opening a screen: the route guard's. */
const opens = (ctx: AccessContext, screen: Screen) => screen.roles.includes(ctx.role) && can(ctx, screen.resource, screen.permission);

const refused = (status: number) => status === 401 || status === 403;

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
});
afterAll(async () => { await t?.close(); });

const SCREENS = screensOf(RESOURCES);

describe('screens and their buttons work for every role that sees them', () => {
  it('declares screens for every hand-written page and generated route', () => {
    expect(SCREENS.length).toBeGreaterThan(30);
    const undeclared = SCREENS.filter((x) => x.key.includes(':page:') && x.calls.length === 0).map((x) => x.key);
    expect(undeclared).toEqual([]);
  });

  for (const person of PEOPLE) {
    it(`${person.key === String(person.role) ? `role ${person.role}` : person.key}: every call of every screen it opens, every button as shown`, async () => {
      const token = s.tokens[person.key]!;
      const ctx = await accessFor(token, person.role);
      const problems: string[] = [];
      for (const screen of SCREENS) {
        if (!opens(ctx, screen)) continue;
        for (const { call, roles } of screen.calls) {
          if (roles && !roles.includes(person.role)) continue;
          const r = await t.call(s.code, filled(call), bodyFor(call), token);
          if (refused(r.status)) problems.push(`${screen.route} makes ${call}: refused ${r.status} ${r.body.error ?? ''}`);
        }
        for (const b of screen.buttons) {
          const shown = can(ctx, b.resource, b.permission, b.roles);
          const r = await t.call(s.code, filled(b.call), bodyFor(b.call, b.body), token);
          if (shown && refused(r.status)) problems.push(`${screen.route} shows ${b.name} but ${b.call} is refused ${r.status} ${r.body.error ?? ''}`);
          // A hidden write the server still allows would let a role do by hand what its screen withholds.
          if (!shown && parseCall(b.call).method !== 'GET' && !refused(r.status)) problems.push(`${screen.route} hides ${b.name} though ${b.call} is allowed (${r.status})`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
