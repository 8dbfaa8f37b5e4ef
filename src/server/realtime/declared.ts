/**
 * Declared socket events (a resource's `sockets`) and their handlers, found by name like calls'
 * handlers: the default exports of `src/server/modules/<module>/*.sockets.ts`, made with
 * defineSocketHandlers. An event without a handler, a handler without an event, or two
 * declarations of one event name stop the start.
 */
import type { ValidateFunction } from 'ajv';
import type { ResourceDef, SocketEventDef } from '../../shared/resource.js';
import type { AppError } from '../framework/errors.js';
import type { Ctx } from '../framework/context.js';
import { compile } from '../framework/validation.js';

/** What a socket event's handler works with: the sender's context and the event's declared errors. */
export interface SocketCtx extends Ctx {
  /** The sender's session (hashed token). */
  tokenHash: string;
  /** The socket's id (spec 4's `sid`). */
  socketId: string;
  /** The declared error `code` of the event, to throw: `throw ctx.fail('reason')`. */
  fail(code: string): AppError;
  /** Puts the sender's socket in one of its school's named rooms (a class's live room), reached by `push(ctx).toRoom`. */
  join(room: string): Promise<void>;
  /** Takes the sender's socket out of a named room. */
  leave(room: string): Promise<void>;
  /** Runs once when the sender's socket disconnects (a closed tab, a dropped network): a room's presence ends. */
  onDisconnect(key: string, fn: () => Promise<void>): void;
  /** Drops a disconnect callback set with the same key (the person left on purpose). */
  offDisconnect(key: string): void;
}

export type SocketHandler = (ctx: SocketCtx, payload: any) => Promise<unknown>;
export interface SocketHandlerSet { resource: string; handlers: Record<string, SocketHandler> }

/** Handlers of a resource's declared socket events, by key. */
export function defineSocketHandlers<R extends string>(resource: R, handlers: Record<string, SocketHandler>): SocketHandlerSet {
  return { resource, handlers };
}

export interface DeclaredSocketEvent {
  resource: ResourceDef;
  key: string;
  def: SocketEventDef;
  handler: SocketHandler;
  validate: ValidateFunction | null;
}

/** Every declared event by its name on the wire, each with its handler. */
export function matchSocketHandlers(resources: readonly ResourceDef[], sets: readonly SocketHandlerSet[]): Map<string, DeclaredSocketEvent> {
  const byId = new Map<string, SocketHandler>();
  for (const set of sets) for (const [key, h] of Object.entries(set.handlers)) byId.set(`${set.resource}.${key}`, h);
  const events = new Map<string, DeclaredSocketEvent>();
  const problems: string[] = [];
  for (const r of resources) {
    for (const [key, def] of Object.entries(r.sockets ?? {})) {
      const id = `${r.name}.${key}`;
      const handler = byId.get(id);
      byId.delete(id);
      if (!handler) problems.push(`${id} is declared but has no handler (defineSocketHandlers in src/server/modules/<module>/*.sockets.ts)`);
      else if (events.has(def.event) || RESERVED.has(def.event)) problems.push(`the socket event '${def.event}' (${id}) is declared twice or is the platform's`);
      else events.set(def.event, { resource: r, key, def, handler, validate: def.payload ? compile(def.payload) : null });
    }
  }
  for (const id of byId.keys()) problems.push(`a socket handler for ${id}, which no resource declares`);
  if (problems.length) throw new Error(`Declared socket events: ${problems.join('; ')}`);
  return events;
}

/** Events the platform itself answers. */
export const RESERVED = new Set(['authenticate', 'error', 'connect', 'disconnect', 'disconnecting', 'connect_error']);
