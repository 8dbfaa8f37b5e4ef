/** The app is not built when a declared call has no handler, or a handler no declaration. */
import { expect, it } from 'vitest';
import { matchHandlers } from '../../src/server/framework/calls.js';
import type { ResourceDef } from '../../src/shared/resource.js';

const resource = {
  name: 'widgets', module: 'x', schema: {}, label: 'Widgets', api: {}, access: { read: ['admin'] }, messages: {},
  calls: { spin: { call: 'POST /widget/spin/', permission: 'read' } },
} as unknown as ResourceDef;
const handler = async () => ({ ok: true });

it('pairs each declared call with its handler', () => {
  expect([...matchHandlers([resource], [{ resource: 'widgets', handlers: { spin: handler } }]).keys()]).toEqual(['widgets.spin']);
});

it('refuses a declared call without a handler, naming it', () => {
  expect(() => matchHandlers([resource], [])).toThrow(/widgets\.spin is declared but has no handler/);
});

it('refuses a handler no resource declares, and two handlers for one call', () => {
  expect(() => matchHandlers([resource], [{ resource: 'widgets', handlers: { spin: handler, wobble: handler } }])).toThrow(/a handler for widgets\.wobble, which no resource declares/);
  expect(() => matchHandlers([resource], [{ resource: 'widgets', handlers: { spin: handler } }, { resource: 'widgets', handlers: { spin: handler } }])).toThrow(/two handlers for widgets\.spin/);
});
