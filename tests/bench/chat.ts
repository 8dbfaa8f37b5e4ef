/**
 * Chat delivery (spec 4 §7 chat on the socket), next to a bare socket.io relay in the same run.
 * STAFF staff logins each hold a socket; RATE messages a second for SECONDS seconds go from a random
 * person to another through the `post` event; each message's delivery time runs from just before
 * its post to the recipient's `message_received`. On one server (everyone on server A) and across
 * two (senders on A, recipients on B, through the Redis adapter). Afterwards the receipts are
 * counted (lost: never received; doubled: received more than once), and for the app also the rows
 * stored. The bare relay (tests/bench/realtime-bare.ts) has no authentication, no database and no
 * checks: it forwards each post to the recipient's room. Goals: app p95 under 100 ms on one server
 * and under 300 ms across two, 0 lost and 0 doubled.
 * Needs PostgreSQL and Redis on 127.0.0.1 (as tests/cluster). Section 19 of `npm run bench`
 * (BENCH_ONLY=chat: only this); alone: `node --import tsx tests/bench/chat.ts`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { REDIS_URL, startCluster, type Cluster } from '../support/cluster.js';
import { ROOT } from '../support/process.js';
import { startSession } from '../../src/server/framework/sessions.js';
import { percentile } from './load.js';

const STAFF = Number(process.env.BENCH_CHAT_STAFF ?? 200);
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 10);
const GOAL = { one: 100, two: 300 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Result { sent: number; received: number; lost: number; doubled: number; p50: number; p95: number; max: number; stored?: number }

function startBare(prefix: string): Promise<{ proc: ChildProcess; base: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/realtime-bare.ts'], {
    cwd: ROOT, env: { ...process.env, REDIS_URL, REDIS_PREFIX: prefix }, stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    proc.stdout!.on('data', (d) => {
      out += d;
      const m = out.match(/BARE_READY (\d+)/);
      if (m) resolve({ proc, base: `http://127.0.0.1:${m[1]}` });
    });
    proc.on('close', () => reject(new Error(`bare server ended: ${out}`)));
  });
}

/** Connects each person's socket to `baseOf(i)`; resolves once every one is authenticated. */
async function connectAll(n: number, baseOf: (i: number) => string, auth: (i: number) => Record<string, string>, appAuth: boolean): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let start = 0; start < n; start += 50) {
    await Promise.all(Array.from({ length: Math.min(50, n - start) }, (_, k) => new Promise<void>((resolve, reject) => {
      const i = start + k;
      const s = io(baseOf(i), { path: '/socket.io/', transports: ['websocket'], auth: auth(i), forceNew: true, reconnection: false });
      sockets[i] = s;
      s.once('authenticate', (a: { success: boolean }) => (a.success ? resolve() : reject(new Error('not authenticated'))));
      s.once('connect_error', reject);
      if (appAuth) s.once('connect', () => s.emit('authenticate', { token: auth(i).token }));
    })));
  }
  return sockets;
}

async function run(sockets: Socket[], userIds: number[], pair: () => [number, number], tag: string): Promise<Result> {
  const sentAt = new Map<string, number>();
  const times = new Map<string, number[]>();
  sockets.forEach((s) => s.on('message_received', (m: { client_id: string }) => {
    const t0 = sentAt.get(m.client_id);
    if (t0 === undefined) return;
    const list = times.get(m.client_id) ?? [];
    list.push(performance.now() - t0);
    times.set(m.client_id, list);
  }));
  const total = RATE * SECONDS;
  const begin = performance.now();
  for (let k = 0; k < total; k++) {
    const due = begin + (k * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const [from, to] = pair();
    const id = `${tag}-${k}-${crypto.randomBytes(4).toString('hex')}`;
    sentAt.set(id, performance.now());
    sockets[from]!.emit('post', { id, user_id: userIds[to], message: `Bench line ${k}` });
  }
  await sleep(3000);
  const firsts = [...times.values()].map((l) => l[0]!).sort((a, b) => a - b);
  for (const s of sockets) s.off('message_received');
  return {
    sent: total, received: firsts.length, lost: total - firsts.length,
    doubled: [...times.values()].filter((l) => l.length > 1).length,
    p50: percentile(firsts, 50), p95: percentile(firsts, 95), max: firsts.at(-1) ?? 0,
  };
}

const line = (label: string, r: Result) =>
  `  ${label.padEnd(34)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  max ${r.max.toFixed(0).padStart(5)} ms  ` +
  `sent ${r.sent}, received ${r.received}, lost ${r.lost}, doubled ${r.doubled}${r.stored !== undefined ? `, stored ${r.stored}` : ''}`;

/** The section's lines: each delivery figure next to the bare relay's, and the goals. */
export async function measureChat(): Promise<string[]> {
  let c: Cluster | null = null;
  const bares: ChildProcess[] = [];
  const all: Socket[] = [];
  try {
    c = await startCluster();
    const db = c.database.db.withSchema(c.school.schema);
    const people = await db.insertInto('user').values(Array.from({ length: STAFF }, (_, i) => ({
      name: `Bench Teacher ${i + 1}`, email: `bench${i + 1}@${c!.school.code.toLowerCase()}.test`, role: 2, password_hash: 'x',
    }))).returning('id').execute();
    const ids = people.map((p) => p.id);
    const tokens = await Promise.all(ids.map((id) => startSession(db, id, true)));
    const prefix = `${c.prefix}-bare`;
    const [bareA, bareB] = await Promise.all([startBare(prefix), startBare(prefix)]);
    bares.push(bareA!.proc, bareB!.proc);
    const [a, b] = [c.servers[0]!.base, c.servers[1]!.base];
    const appAuth = (i: number) => ({ school: c!.school.code, token: tokens[i]! });
    const bareAuth = (i: number) => ({ user: String(ids[i]) });
    const anyPair = (): [number, number] => {
      const from = Math.floor(Math.random() * STAFF);
      let to = Math.floor(Math.random() * (STAFF - 1));
      if (to >= from) to++;
      return [from, to];
    };
    // Across two servers: even people on A send, odd people on B receive.
    const crossPair = (): [number, number] => [2 * Math.floor(Math.random() * (STAFF / 2)), 2 * Math.floor(Math.random() * (STAFF / 2)) + 1];
    const results: Record<string, Result> = {};
    const stored = async (tag: string) => Number((await db.selectFrom('chat_message').select((eb) => eb.fn.countAll<string>().as('n')).where('client_id', 'like', `${tag}-%`).executeTakeFirstOrThrow()).n);

    let sockets = await connectAll(STAFF, () => a, appAuth, true);
    all.push(...sockets);
    results.appOne = { ...(await run(sockets, ids, anyPair, 'one')), stored: await stored('one') };
    for (const s of sockets) s.disconnect();
    sockets = await connectAll(STAFF, () => bareA!.base, bareAuth, false);
    all.push(...sockets);
    results.bareOne = await run(sockets, ids, anyPair, 'bone');
    for (const s of sockets) s.disconnect();

    sockets = await connectAll(STAFF, (i) => (i % 2 ? b : a), appAuth, true);
    all.push(...sockets);
    results.appTwo = { ...(await run(sockets, ids, crossPair, 'two')), stored: await stored('two') };
    for (const s of sockets) s.disconnect();
    sockets = await connectAll(STAFF, (i) => (i % 2 ? bareB!.base : bareA!.base), bareAuth, false);
    all.push(...sockets);
    results.bareTwo = await run(sockets, ids, crossPair, 'btwo');

    return [
      `19. Chat: ${STAFF} staff connected, ${RATE} messages a second for ${SECONDS} s, delivery from the post to the recipient's message_received:`,
      line('one server, app', results.appOne!), line('one server, bare socket.io', results.bareOne!),
      line('two servers (A to B), app', results.appTwo!), line('two servers (A to B), bare socket.io', results.bareTwo!),
      `  goals: app p95 < ${GOAL.one} ms on one server (${results.appOne!.p95 < GOAL.one ? 'met' : 'missed'}), < ${GOAL.two} ms across two (${results.appTwo!.p95 < GOAL.two ? 'met' : 'missed'}); ` +
      `0 lost and 0 doubled (${[results.appOne!, results.appTwo!].every((r) => !r.lost && !r.doubled && r.stored === r.sent) ? 'met' : 'missed'})`,
    ];
  } finally {
    for (const s of all) s.disconnect();
    for (const p of bares) p.kill('SIGTERM');
    await c?.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(['', ...await measureChat()].join('\n'));
}
