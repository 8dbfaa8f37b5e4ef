import { describe, expect, it } from 'vitest';
import { matchSocketHandlers, defineSocketHandlers } from '../../src/server/realtime/declared.js';
import { RESOURCES } from '../../src/shared/registry.js';
import { SERVER_MODULES } from '../../src/generated/server.js';
import type { ResourceDef } from '../../src/shared/resource.js';

const resource = (name: string, sockets: ResourceDef['sockets']) =>
  ({ name, module: 'm', schema: { type: 'object', properties: {} }, label: name, api: {}, access: { read: ['staff'] }, messages: {}, sockets }) as unknown as ResourceDef;
const noop = async () => null;

describe('declared socket events', () => {
  it('pairs every declared event of the modules with its handler', () => {
    const events = matchSocketHandlers(RESOURCES, SERVER_MODULES.sockets);
    expect(events.get('notifications')).toMatchObject({ key: 'notifications', def: { reply: 'notifications' } });
  });

  it('stops the start for an event without a handler, a handler without an event, a name declared twice or the platform\'s own', () => {
    expect(() => matchSocketHandlers([resource('a', { post: { event: 'post', permission: 'read' } })], []))
      .toThrow('a.post is declared but has no handler');
    expect(() => matchSocketHandlers([resource('a', {})], [defineSocketHandlers('a', { post: noop })]))
      .toThrow('a socket handler for a.post, which no resource declares');
    expect(() => matchSocketHandlers(
      [resource('a', { post: { event: 'post', permission: 'read' } }), resource('b', { send: { event: 'post', permission: 'read' } })],
      [defineSocketHandlers('a', { post: noop }), defineSocketHandlers('b', { send: noop })],
    )).toThrow("the socket event 'post' (b.send) is declared twice or is the platform's");
    expect(() => matchSocketHandlers([resource('a', { auth: { event: 'authenticate', permission: 'read' } })], [defineSocketHandlers('a', { auth: noop })]))
      .toThrow("'authenticate'");
  });
});
