/**
 * The bare baseline of the real-time bench (tests/bench/realtime.ts), a process of its own: a plain
 * `new Server(httpServer)` of socket.io, with socket.io's Redis adapter when REDIS_URL is set (as
 * the app has with several servers), no authentication: a socket joins one room at once and is
 * told so with the `authenticate` answer the app's sockets get. POST /push {title} emits a
 * `notification` shaped like the app's to that room, as the app's announcement call does.
 * A socket whose handshake names `auth.user` also relays chat posts to that person's room.
 * Prints `BARE_READY <port>` once it listens; ends on SIGTERM or when its parent's pipe closes.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';

const ROOM = 'school';
let ids = 0;

const httpServer = http.createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/push') {
    res.writeHead(404).end();
    return;
  }
  const parts: Buffer[] = [];
  req.on('data', (c: Buffer) => parts.push(c));
  req.on('end', () => {
    const { title } = JSON.parse(Buffer.concat(parts).toString('utf8') || '{}') as { title?: string };
    io.to(ROOM).emit('notification', { id: ++ids, title: String(title ?? ''), body: 'Bare push', timestamp: new Date().toISOString() });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
  });
});
const io = new Server(httpServer);
const redis = process.env.REDIS_URL ? [new Redis(process.env.REDIS_URL), new Redis(process.env.REDIS_URL)] : [];
if (redis.length) io.adapter(createAdapter(redis[0]!, redis[1]!, { key: `${process.env.REDIS_PREFIX ?? 'bench'}:bare-socket.io` }));

io.on('connection', (socket) => {
  void socket.join(ROOM);
  // The chat bench's relay (tests/bench/chat.ts): a socket is person `auth.user`; a post goes to its recipient's room.
  const user = Number(socket.handshake.auth?.user);
  if (user) void socket.join(`u:${user}`);
  socket.on('post', (p: { id: string; user_id: number; message: string }, ack?: (a: unknown) => void) => {
    const m = { id: ++ids, client_id: p.id, from_user_id: user, to_user_id: p.user_id, message: p.message, timestamp: new Date().toISOString(), status: 1 };
    io.to(`u:${p.user_id}`).emit('message_received', m);
    ack?.({ success: true, data: m });
  });
  socket.emit('authenticate', { success: true, data: { sid: socket.id } });
});

httpServer.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`BARE_READY ${(httpServer.address() as AddressInfo).port}`);
});

function close() {
  io.close();
  for (const r of redis) r.disconnect();
  setTimeout(() => process.exit(0), 200).unref();
}
process.on('SIGTERM', close);
process.on('SIGINT', close);
process.stdin.on('end', close);
process.stdin.resume();
