/**
 * Events a module publishes inside its transaction for other modules to react to, so that no
 * module imports another's files to learn that something happened. Subscribers (declared in a
 * module's contributes.ts, `on`) run after the transaction commits, on the committed data, and
 * never when it rolls back; the caller waits for them. A subscriber's failure is logged: the
 * write it follows has happened.
 */
import { afterCommit } from '../db/index.js';
import type { Ctx } from './context.js';

/**
 * Every event's name and payload. The publishing module declares its events in its
 * contributes.ts by adding to this interface:
 *   declare module '../../framework/events.js' { interface Events { 'fees.bill.created': { bill_id: number } } }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Events {}
export type EventName = keyof Events;
export type Subscriber<E extends EventName> = (ctx: Ctx, payload: Events[E]) => Promise<void> | void;

let SUBSCRIBERS = new Map<EventName, Array<Subscriber<any>>>();

/** Installs the modules' subscribers (src/server/installed.ts, once). */
export function installSubscribers(list: Array<{ event: EventName; run: Subscriber<any> }>) {
  SUBSCRIBERS = new Map();
  for (const s of list) SUBSCRIBERS.set(s.event, [...(SUBSCRIBERS.get(s.event) ?? []), s.run]);
}

/**
 * Publishes an event of the write in `ctx.db`'s transaction (one opened by inTransaction or
 * withTransaction); outside a transaction the write has committed already and subscribers run now.
 */
export async function publish<E extends EventName>(ctx: Ctx, name: E, payload: Events[E]): Promise<void> {
  // Nobody listens: nothing to hold until the commit.
  if (!SUBSCRIBERS.has(name)) return;
  if (!ctx.db.isTransaction) return deliver(ctx, name, payload);
  afterCommit((db) => deliver({ ...ctx, db: db.withSchema(ctx.school.schema) }, name, payload));
}

async function deliver<E extends EventName>(ctx: Ctx, name: E, payload: Events[E]) {
  for (const run of SUBSCRIBERS.get(name) ?? []) {
    try {
      await run(ctx, payload);
    } catch (e) {
      console.error(`${name}: a subscriber failed: ${(e as Error).message}`);
    }
  }
}
