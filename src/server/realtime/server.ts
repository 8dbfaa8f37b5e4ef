/**
 * The socket.io server on the app's own HTTP server (same port, path /socket.io/). A socket
 * says which school it is for (handshake `auth.school`) and authenticates with the API's bearer
 * token (spec 4's `authenticate` event, or `auth.token` in the handshake); one that has not within
 * AUTH_WINDOW_MS is dropped. An authenticated socket joins its school's, person's, role's, classes'
 * and session's rooms (rooms.ts) and may send the events modules declare (declared.ts). With the
 * shared Redis, socket.io's Redis adapter carries pushes and closes between servers.
 */
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { decide, switchedModule, ACCESS_MESSAGES } from '../../shared/access.js';
import { RESOURCES } from '../../shared/registry.js';
import type { Shared } from '../cluster/redis.js';
import { requireDecisionFor } from '../framework/access.js';
import type { Ctx } from '../framework/context.js';
import { AppError } from '../framework/errors.js';
import { contributed } from '../framework/extensions.js';
import { sha256 } from '../framework/passwords.js';
import type { RouteEnv } from '../framework/route.js';
import type { SchoolDirectory } from '../framework/schools.js';
import { sessionForToken } from '../framework/sessions.js';
import { assertValid } from '../framework/validation.js';
import type { Database } from '../db/index.js';
import { SERVER_MODULES } from '../installed.js';
import { matchSocketHandlers, RESERVED, type SocketCtx } from './declared.js';
import { registerServer, unregisterServer } from './hub.js';
import { rooms } from './rooms.js';

/** How long a socket may stay without authenticating. */
export const AUTH_WINDOW_MS = 5000;
/** The longest timer Node keeps (about 24.8 days); a longer session is closed at its expiry by a later check. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface SocketSession { ctx: Ctx; tokenHash: string; expiry: NodeJS.Timeout }
type AppSocket = Socket & { data: { session?: SocketSession; leaving?: Map<string, () => Promise<void>> } };

export interface RealtimeOptions { database: Database; directory: SchoolDirectory; env: RouteEnv; shared: Shared | null }

export function attachRealtime(app: FastifyInstance, opts: RealtimeOptions): Server {
  const events = matchSocketHandlers(RESOURCES, SERVER_MODULES.sockets);
  // Payloads are small JSON: a chat line, an offer; files go through the upload call.
  const io = new Server(app.server, { path: '/socket.io/', serveClient: false, maxHttpBufferSize: 256 * 1024 });
  const adapterClients = opts.shared ? [opts.shared.redis.duplicate(), opts.shared.redis.duplicate()] : [];
  if (opts.shared) io.adapter(createAdapter(adapterClients[0]!, adapterClients[1]!, { key: opts.shared.key('socket.io') }));
  registerServer(io);
  // Disconnect callbacks under way (a room's presence ending): the server waits for them before it closes the store.
  const leavingNow = new Set<Promise<void>>();

  /** An `error` event for a refused event: its name and a message a person can read. */
  const refuse = (socket: Socket, event: string, message: string, ack?: (answer: unknown) => void) => {
    socket.emit('error', { event, message });
    ack?.({ success: false, error: message });
  };

  async function authenticate(socket: AppSocket, payload: unknown, ack?: (answer: unknown) => void) {
    const p = (payload && typeof payload === 'object' ? payload : {}) as { token?: unknown; school?: unknown };
    const code = String(p.school ?? socket.handshake.auth?.school ?? '');
    const token = typeof p.token === 'string' ? p.token : typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '';
    const school = code && token && token.length < 300 ? await opts.directory.find(code) : undefined;
    const tokenHash = sha256(token);
    const db = school ? opts.database.db.withSchema(school.schema) : null;
    const found = db && school ? await sessionForToken(db, tokenHash, school.schema) : null;
    if (!found || !school || !db) {
      const answer = { success: false, error: ACCESS_MESSAGES.signedOut };
      socket.emit('authenticate', answer);
      ack?.(answer);
      socket.disconnect(true);
      return;
    }
    if (socket.data.session) clearTimeout(socket.data.session.expiry);
    const ctx: Ctx = { db, school, user: found.user, config: opts.env.config, integrations: opts.env.integrations };
    // Closed when the session expires; a logout or a revocation closes it through its token's room.
    const expiry = setTimeout(() => socket.disconnect(true), Math.min(MAX_TIMER_MS, Math.max(0, found.expiresAt.getTime() - Date.now())));
    expiry.unref();
    socket.data.session = { ctx, tokenHash, expiry };
    const classes = (await Promise.all(contributed('classesOf').map((of) => of(ctx)))).flat();
    await socket.join([
      rooms.school(school.schema), rooms.user(school.schema, found.user.id), rooms.role(school.schema, found.user.role),
      rooms.token(tokenHash), ...[...new Set(classes)].map((id) => rooms.klass(school.schema, id)),
    ]);
    const answer = { success: true, data: { id: found.user.id, name: found.user.name, role: found.user.role, sid: socket.id } };
    socket.emit('authenticate', answer);
    ack?.(answer);
  }

  async function dispatch(socket: AppSocket, event: string, payload: unknown, ack?: (answer: unknown) => void) {
    const session = socket.data.session;
    if (!session) return refuse(socket, event, ACCESS_MESSAGES.signedOut, ack);
    const declared = events.get(event);
    if (!declared || RESERVED.has(event)) return refuse(socket, event, `Unknown event '${event.slice(0, 50)}'`, ack);
    const { resource, def, handler, validate } = declared;
    try {
      await requireDecisionFor(session.ctx, switchedModule(resource), (f) => decide(f, resource, def.permission, def.roles));
      if (validate) assertValid(validate, def.payload!, payload);
      const ctx: SocketCtx = {
        ...session.ctx, tokenHash: session.tokenHash, socketId: socket.id,
        fail: (code) => {
          const text = def.errors?.[code];
          if (!text) throw new Error(`${resource.name}.${declared.key} declares no error ${code}`);
          return new AppError(400, text);
        },
        join: (room) => Promise.resolve(socket.join(rooms.named(session.ctx.school.schema, room))),
        leave: (room) => Promise.resolve(socket.leave(rooms.named(session.ctx.school.schema, room))),
        onDisconnect: (key, fn) => { (socket.data.leaving ??= new Map()).set(key, fn); },
        offDisconnect: (key) => { socket.data.leaving?.delete(key); },
      };
      const data = await handler(ctx, payload ?? {});
      if (def.reply) socket.emit(def.reply, data);
      ack?.({ success: true, data: data ?? null });
    } catch (e) {
      if (e instanceof AppError) return refuse(socket, event, e.message, ack);
      console.error(`socket event ${event}: ${(e as Error).message}`);
      refuse(socket, event, 'Something went wrong', ack);
    }
  }

  io.on('connection', (raw) => {
    const socket = raw as AppSocket;
    const window = setTimeout(() => {
      if (!socket.data.session) refuse(socket, 'authenticate', ACCESS_MESSAGES.signedOut);
      if (!socket.data.session) socket.disconnect(true);
    }, AUTH_WINDOW_MS);
    window.unref();
    // Events are taken one at a time per socket, in the order sent (a chat's lines stay in order).
    let queue: Promise<void> = Promise.resolve();
    socket.on('disconnect', () => {
      clearTimeout(window);
      if (socket.data.session) clearTimeout(socket.data.session.expiry);
      // What handlers asked to run when the socket goes (a class's presence ends), after its queued events.
      const leaving = [...(socket.data.leaving?.values() ?? [])];
      socket.data.leaving?.clear();
      if (leaving.length) {
        const done = queue.then(async () => {
          for (const fn of leaving) await fn().catch((e: Error) => console.error(`socket disconnect: ${e.message}`));
        });
        leavingNow.add(done);
        void done.finally(() => leavingNow.delete(done));
        queue = done;
      }
    });
    socket.onAny((event: unknown, ...args: unknown[]) => {
      const ack = typeof args[args.length - 1] === 'function' ? (args.pop() as (answer: unknown) => void) : undefined;
      const name = typeof event === 'string' ? event : '';
      queue = queue.then(() => (name === 'authenticate' ? authenticate(socket, args[0], ack) : dispatch(socket, name, args[0], ack)))
        .catch((e: Error) => console.error(`socket: ${e.message}`));
    });
    if (socket.handshake.auth?.token) queue = queue.then(() => authenticate(socket, {}, undefined)).catch((e: Error) => console.error(`socket: ${e.message}`));
  });

  // Before the HTTP server closes: this server's sockets only (a broadcast would close other servers' too).
  app.addHook('preClose', async () => {
    unregisterServer(io);
    io.local.disconnectSockets(true);
    io.engine.close();
    await Promise.allSettled([...leavingNow]);
  });
  app.addHook('onClose', async () => {
    await Promise.allSettled(adapterClients.map((c) => c.quit()));
  });
  return io;
}
