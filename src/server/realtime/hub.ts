/**
 * What the rest of the server uses of real time: pushing to people and closing a session's
 * sockets. The socket servers of this process register here (server.ts); through socket.io's
 * Redis adapter a push or a close reaches the sockets of every server. A process without a socket
 * server (the command line) pushes nothing.
 */
import type { Server } from 'socket.io';
import type { Kysely } from 'kysely';
import { afterCommitOrNow } from '../db/index.js';
import type { Ctx } from '../framework/context.js';
import { rooms } from './rooms.js';

/**
 * What the server pushes, by event name. A module pushing an event adds it here (declaration
 * merging, as for events): declare module '../../realtime/hub.js' { interface PushEvents { … } }
 */
export interface PushEvents {
  /** A header notification (announcements, messages, replies, homework corrections). */
  notification: { id: number; title: string; body: string; timestamp: string };
}
export type PushEvent = keyof PushEvents;

const servers = new Set<Server>();
export const registerServer = (io: Server) => servers.add(io);
export const unregisterServer = (io: Server) => servers.delete(io);

/** Runs `fn` once the transaction `db` is in commits (now when it is none): a push never tells of a write that rolled back. */
const whenCommitted = (db: Kysely<any>, fn: () => void) => void afterCommitOrNow(db, async () => fn());

function emit(to: string[], event: string, data: unknown) {
  if (!to.length) return;
  for (const io of servers) io.to(to).emit(event, data);
}

export interface Push {
  toUser<E extends PushEvent>(userId: number, event: E, data: PushEvents[E]): void;
  toUsers<E extends PushEvent>(userIds: readonly number[], event: E, data: PushEvents[E]): void;
  toRole<E extends PushEvent>(role: number, event: E, data: PushEvents[E]): void;
  toClass<E extends PushEvent>(classId: number, event: E, data: PushEvents[E]): void;
  toSchool<E extends PushEvent>(event: E, data: PushEvents[E]): void;
  /** The sockets a module's handler put in a named room (SocketCtx.join). */
  toRoom<E extends PushEvent>(room: string, event: E, data: PushEvents[E]): void;
  /** One socket by id (a WebRTC offer to one student); its school is checked by the sender's handler. */
  toSocket<E extends PushEvent>(socketId: string, event: E, data: PushEvents[E]): void;
}

/** Pushes within the school of `ctx`, once its transaction (if any) has committed. */
export function push(ctx: Pick<Ctx, 'db' | 'school'>): Push {
  const schema = ctx.school.schema;
  const send = (to: string[], event: string, data: unknown) => whenCommitted(ctx.db, () => emit(to, event, data));
  return {
    toUser: (id, event, data) => send([rooms.user(schema, id)], event, data),
    toUsers: (ids, event, data) => send([...new Set(ids)].map((id) => rooms.user(schema, id)), event, data),
    toRole: (role, event, data) => send([rooms.role(schema, role)], event, data),
    toClass: (id, event, data) => send([rooms.klass(schema, id)], event, data),
    toSchool: (event, data) => send([rooms.school(schema)], event, data),
    toRoom: (room, event, data) => send([rooms.named(schema, room)], event, data),
    // socket.io puts every socket in a room named by its id.
    toSocket: (socketId, event, data) => send([socketId], event, data),
  };
}

/**
 * Closes the sockets of an ended session (its token), or of every session of a person but one, on
 * every server, once the transaction that ended them has committed (a socket that reconnected
 * before would find its session still there).
 */
export function closeSockets(db: Kysely<any>, which: { tokenHash: string } | { schema: string; userId: number; keepTokenHash?: string }) {
  whenCommitted(db, () => {
    for (const io of servers) {
      const target = 'tokenHash' in which
        ? io.in(rooms.token(which.tokenHash))
        : io.in(rooms.user(which.schema, which.userId)).except(which.keepTokenHash ? [rooms.token(which.keepTokenHash)] : []);
      target.disconnectSockets(true);
    }
  });
}
