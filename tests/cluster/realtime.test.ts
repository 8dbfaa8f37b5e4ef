/**
 * Real time across two servers on one PostgreSQL and one Redis: a push through one server
 * reaches a person connected to the other, a logout on one is refused on the other at once and
 * closes the sockets there, and when a server dies its browsers reconnect to the other and miss
 * nothing. The browser side is the app's own live connection (src/client/live/).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openLive, type Live } from '../../src/client/live/connection.js';
import { followNotifications, type Note } from '../../src/client/live/notifications.js';
import { startCluster, type Cluster } from '../support/cluster.js';
import { connectSocket, within, type TestSocket } from '../support/sockets.js';
import { tcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

let c: Cluster;
let proxy: TcpProxy | null = null;
const sockets: TestSocket[] = [];
const lives: Live[] = [];
const announce = async (server: number, title: string) => {
  const r = await c.call(server, 'PUT /announcements/', { title, message: `About ${title}`, to: 0, class_ids: [], files: [] });
  expect(r.body.success, r.body.error ?? '').toBe(true);
};
const connect = async (server: number, token: string) => {
  const s = await connectSocket(c.servers[server]!.base, c.school.code, { token });
  sockets.push(s);
  return s;
};
const until = async (check: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
  return true;
};

beforeAll(async () => { c = await startCluster(); });
afterAll(async () => {
  for (const s of sockets) s.close();
  for (const l of lives) l.close();
  await proxy?.close();
  await c?.stop();
});

test('a push sent through server A reaches a person connected to server B', async () => {
  const onB = await connect(1, c.school.tokens['1']);
  const onA = await connect(0, c.school.tokens['2']);
  await announce(0, 'Through A');
  expect(await onB.next('notification')).toMatchObject({ title: 'Through A' });
  expect(await onA.next('notification')).toMatchObject({ title: 'Through A' });
  await announce(1, 'Through B');
  expect(await onA.next('notification')).toMatchObject({ title: 'Through B' });
});

test('a logout on A is refused on B at once and closes the socket on B within 2 s', async () => {
  const token = await c.login(c.servers[0]!, `librarian@${c.school.code.toLowerCase()}.test`);
  // B has seen the session (and keeps it in its memory) before the logout.
  expect((await c.call(1, 'GET /auth/', undefined, token)).status).toBe(200);
  const onB = await connect(1, token);
  const other = await connect(1, c.school.tokens['7']);
  expect((await c.call(0, 'POST /logout/', undefined, token)).status).toBe(200);
  const refused = await c.call(1, 'GET /auth/', undefined, token);
  expect(refused.status).toBe(401);
  expect(await within(onB.closed, 2000)).toBe(true);
  expect(other.socket.connected).toBe(true);
});

test('when server A dies, the browser reconnects to B and misses nothing', async () => {
  const [a, b] = c.servers as [typeof c.servers[0], typeof c.servers[0]];
  let alive = [a.port, b.port];
  proxy = await tcpProxy(() => alive);
  const statuses: string[] = [];
  const live = openLive({ base: proxy.url, school: c.school.code, token: c.school.tokens['1'] });
  lives.push(live);
  live.onStatus((s) => statuses.push(s));
  let notes: Note[] = [];
  followNotifications(live, () => [], (n) => { notes = n; });
  expect(await until(() => live.status() === 'live', 10_000)).toBe(true);
  await announce(1, 'Before the crash');
  expect(await until(() => notes.some((n) => n.title === 'Before the crash'), 5000)).toBe(true);

  a.proc.kill('SIGKILL');
  await a.exited;
  alive = [b.port];
  c.servers.splice(0, 1);
  // Sent while the browser has no connection at all.
  await announce(0, 'While it was down');
  expect(await until(() => live.status() === 'live' && notes.some((n) => n.title === 'While it was down'), 20_000)).toBe(true);
  expect(statuses).toContain('reconnecting');
  // And live again through B.
  await announce(0, 'After the reconnect');
  expect(await until(() => notes.some((n) => n.title === 'After the reconnect'), 5000)).toBe(true);
  expect(notes.map((n) => n.title).filter((t) => ['Before the crash', 'While it was down', 'After the reconnect'].includes(t)))
    .toEqual(['After the reconnect', 'While it was down', 'Before the crash']);
});
