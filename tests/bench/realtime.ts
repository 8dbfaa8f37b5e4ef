/**
 * Bench figures for real time (section 17 of `npm run bench`), each next to a bare socket.io server
 * measured in the same run. The servers are processes of their own on a fresh PostgreSQL database
 * and Redis (tests/support/cluster.ts: the app with a school and its logins; the bare one is
 * tests/bench/realtime-bare.ts, a plain `new Server(httpServer)` with the same adapter, no
 * authentication, every socket in one room); the sockets and the load are made in this process,
 * so its memory and time are not counted in theirs.
 * 1. SOCKETS sockets held by one server: connected and authenticated CONCURRENCY at a time
 *    (socket.io-client over websocket; the handshake carries the school and one of a few sessions
 *    of a parent), time for all; the server's memory per socket: heap with external (buffers) and
 *    RSS (/proc/PID/status), both after a garbage collection (tests/bench/memory-probe.ts,
 *    preloaded into the server; the app serves no figures), before and after, divided by the
 *    sockets (after a first round of CONCURRENCY sockets, closed again, so first-use code is not
 *    counted). The app's one server runs without REDIS_URL, as a school on one server does; the
 *    bare one without an adapter.
 * 2. A push to all of them: an announcement for everyone through the app's real path
 *    (PUT /announcements/: the notification row, the commit, the push to the school's room) next
 *    to the bare server's POST /push emitting to its room; from just before the call to each
 *    socket's receipt, p50/p95 of each push, then the median over PUSHES pushes (app and bare in
 *    turn, after an unmeasured one each). On one server (goal p95 < 200 ms) and on two through
 *    Redis, half the sockets on each and the call made to the first (goal p95 < 500 ms). The
 *    receipts are taken in this one process, so its event loop is part of both figures.
 * 3. GET /api/<CODE>/classes-list/ (40 classes), CLIENTS keep-alive clients: through the two
 *    servers (request by request in turn, no balancer) next to the first alone, halves in the
 *    order one, two, two, one, each after its warm-up; both servers with Redis.
 * Needs PostgreSQL on 127.0.0.1:5432 and Redis on 127.0.0.1:6379 (CLUSTER_PG, CLUSTER_REDIS); the
 * database, the Redis keys and the processes are removed at the end.
 * Run alone: `node --import tsx tests/bench/realtime.ts`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { REDIS_URL, startCluster, type Cluster } from '../support/cluster.js';
import { ROOT, type ServerProcess } from '../support/process.js';
import { percentile, request, runLoad, summarize, type LoadResult } from './load.js';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_SOCKET_CONCURRENCY ?? 50);
const PUSHES = Number(process.env.BENCH_PUSHES ?? 5);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 1000);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
/** Parent sessions the sockets share (several sockets a session, as several tabs are). */
const SESSIONS = 5;
const CLASSES = 40;
const GOAL_P95_MS = { one: 200, two: 500 };
const CONNECT_TIMEOUT_MS = 20_000;
const PUSH_TIMEOUT_MS = 30_000;
const PG_URL = `${process.env.CLUSTER_PG ?? 'postgres://postgres@127.0.0.1:5432'}/postgres`;
const PROBE = pathToFileURL(path.join(ROOT, 'tests/bench/memory-probe.ts')).href;
/** Every server of this bench gets the memory probe. */
const PROBE_ENV = { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import tsx --import ${PROBE}`.trim() };

/** heapKbPerSocket counts V8's heap and the memory outside it that objects hold (external: buffers). */
export interface Held { connectMs: number; perSecond: number; rssKbPerSocket: number; heapKbPerSocket: number; rssMbBefore: number; rssMbAfter: number }
/** Each push's p50 and p95 (ms) and the median of each; the trigger call's median time. */
export interface Pushes { p50s: number[]; p95s: number[]; p50: number; p95: number; max: number; callMs: number }
export interface RealtimeBench {
  sockets: number; concurrency: number; pushes: number; clients: number;
  held: { app: Held; bare: Held };
  one: { app: Pushes; bare: Pushes };
  two: { app: Pushes; bare: Pushes };
  list: { path: string; rows: number; one: LoadResult; two: LoadResult };
}

/** A server a socket connects to and a push is sent through. */
interface Target {
  label: string;
  pid: number;
  base: string;
  /** The handshake's `auth` of socket i. */
  auth(i: number): Record<string, string>;
  /** Has the server push a `notification` titled `title` to every socket; the call's ms. */
  push(title: string): Promise<number>;
  output(): string;
  exited(): boolean;
}

// ---------------------------------------------------------------- what is running, for the clean-up

interface Bare { proc: ChildProcess; port: number; output: () => string; stop(): Promise<void> }
const live = { cluster: null as Cluster | null, bares: new Set<Bare>(), sockets: new Set<Socket>() };

function closeSockets() {
  for (const s of live.sockets) s.disconnect();
  live.sockets.clear();
}

/** Stops everything this bench started: its sockets, the bare servers, the app servers, their database and Redis keys. */
export async function stopRealtime(): Promise<void> {
  closeSockets();
  await Promise.all([...live.bares].map((b) => b.stop()));
  const c = live.cluster;
  live.cluster = null;
  await c?.stop();
}

// ---------------------------------------------------------------- helpers

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const within = (p: Promise<unknown>, ms: number) => Promise.race([p.then(() => true), sleep(ms).then(() => false)]);

/** PostgreSQL and Redis answer, or a message saying which is missing and where it was looked for. */
async function preflight() {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (e) {
    throw new Error(`the real-time bench needs PostgreSQL at ${PG_URL} (CLUSTER_PG to point elsewhere): ${(e as Error).message}`, { cause: e });
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  // The connection's own error says why (refused, unknown host); the connect's rejection only that it closed.
  let why = '';
  redis.on('error', (e: Error) => { why ||= e.message; });
  try {
    await redis.connect();
    await redis.ping();
  } catch (e) {
    throw new Error(`the real-time bench needs Redis at ${REDIS_URL} (CLUSTER_REDIS to point elsewhere): ${why || (e as Error).message}`, { cause: e });
  } finally {
    redis.disconnect();
  }
}

/** A bare socket.io server process (tests/bench/realtime-bare.ts), listening. */
async function startBare(env: Record<string, string> = {}): Promise<Bare> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/realtime-bare.ts'], {
    cwd: ROOT, env: { ...process.env, ...PROBE_ENV, ...env }, stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => proc.on('close', () => resolve()));
  const bare: Bare = {
    proc, port: 0, output: () => out,
    async stop() {
      live.bares.delete(bare);
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      if (!(await within(exited, 5000))) { proc.kill('SIGKILL'); await exited; }
    },
  };
  live.bares.add(bare);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const m = out.match(/BARE_READY (\d+)/);
    if (m) { bare.port = Number(m[1]); return bare; }
    if (proc.exitCode !== null || Date.now() > deadline) {
      await bare.stop();
      throw new Error(`the bare socket.io server did not start:\n${out.slice(-2000)}`);
    }
    await sleep(20);
  }
}

function bareTarget(label: string, b: Bare): Target {
  return {
    label, pid: b.proc.pid!, base: `http://127.0.0.1:${b.port}`, auth: () => ({}), output: b.output,
    exited: () => b.proc.exitCode !== null,
    async push(title) {
      const r = await request(b.port, 'POST', '/push', { body: { title } });
      if (r.status !== 200) throw new Error(`${label}: POST /push answered ${r.status}`);
      return r.ms;
    },
  };
}

function appTarget(label: string, s: ServerProcess, code: string, admin: string, sessions: string[]): Target {
  return {
    label, pid: s.proc.pid!, base: s.base, output: s.output,
    exited: () => s.proc.exitCode !== null || s.proc.signalCode !== null,
    auth: (i) => ({ school: code, token: sessions[i % sessions.length]! }),
    async push(title) {
      const r = await request(s.port, 'PUT', `/api/${code}/announcements/`, {
        headers: { authorization: `Bearer ${admin}` }, body: { title, message: 'Bench push to the whole school', to: 0, class_ids: [], files: [] },
      });
      if (r.status !== 200 || !JSON.parse(r.body).success) throw new Error(`${label}: PUT /announcements/ answered ${r.status}: ${r.body.slice(0, 300)}`);
      return r.ms;
    },
  };
}

interface Memory { rssKb: number; heapUsed: number; external: number }

/** The server's memory after a garbage collection: heap from the preloaded probe, RSS as the system counts it. */
async function memoryOf(t: Target): Promise<Memory> {
  const readings = () => [...t.output().matchAll(/MEMORY_PROBE (\{[^\n]*\})/g)];
  const before = readings().length;
  process.kill(t.pid, 'SIGUSR2');
  const deadline = Date.now() + 10_000;
  while (readings().length <= before) {
    if (t.exited()) throw new Error(`${t.label} exited when asked for its memory (was the probe preloaded?):\n${t.output().slice(-2000)}`);
    if (Date.now() > deadline) throw new Error(`${t.label} printed no memory reading within 10 s`);
    await sleep(20);
  }
  const probe = JSON.parse(readings().at(-1)![1]!) as { heapUsed: number; external: number };
  return { rssKb: rssKbOf(t.pid), heapUsed: probe.heapUsed, external: probe.external };
}

/** VmRSS of /proc/PID/status (Linux), else `ps -o rss=` (macOS). */
function rssKbOf(pid: number): number {
  try {
    const m = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    if (m) return Number(m[1]);
  } catch { /* no /proc: ps below */ }
  return Number(spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim());
}

// ---------------------------------------------------------------- sockets and pushes

/** The push being waited for: its title, when its call was made, each receipt's delay. */
let awaited: { title: string; t0: number; delays: number[]; want: number; all: () => void } | null = null;

function onNotification(data: { title?: string } | undefined) {
  const a = awaited;
  if (!a || data?.title !== a.title) return;
  a.delays.push(performance.now() - a.t0);
  if (a.delays.length === a.want) a.all();
}

/** One socket, connected and authenticated (the handshake carries the token; the server answers `authenticate`). */
function connectOne(t: Target, i: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(t.base, { path: '/socket.io/', transports: ['websocket'], auth: t.auth(i), reconnection: false, forceNew: true, timeout: CONNECT_TIMEOUT_MS });
    live.sockets.add(socket);
    const fail = (why: string) => {
      clearTimeout(timer);
      socket.disconnect();
      reject(new Error(`${t.label}, socket ${i + 1}: ${why}`));
    };
    const timer = setTimeout(() => fail(`no authenticate answer within ${CONNECT_TIMEOUT_MS / 1000} s`), CONNECT_TIMEOUT_MS);
    socket.once('connect_error', (e) => fail(`could not connect: ${e.message}`));
    socket.once('authenticate', (answer: { success?: boolean; error?: string } | undefined) => {
      if (!answer?.success) return fail(`authentication refused: ${answer?.error ?? 'no answer'}`);
      clearTimeout(timer);
      resolve(socket);
    });
    socket.on('notification', onNotification);
  });
}

/** `n` sockets to the target, CONCURRENCY being made at a time; the time for all. */
async function connectMany(t: Target, n: number, from = 0): Promise<{ sockets: Socket[]; ms: number }> {
  const sockets: Socket[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, n) }, async () => {
    while (next < n) sockets.push(await connectOne(t, from + next++));
  }));
  return { sockets, ms: performance.now() - t0 };
}

/** One push through `t`, to `want` sockets: each receipt's delay from just before the call, sorted; the call's ms. */
async function pushOnce(t: Target, want: number, n: number): Promise<{ delays: number[]; callMs: number }> {
  const title = `${t.label}: push ${n}`;
  let all!: () => void;
  const received = new Promise<void>((resolve) => (all = resolve));
  awaited = { title, t0: performance.now(), delays: [], want, all };
  const a = awaited;
  try {
    const callMs = await t.push(title);
    if (!(await within(received, PUSH_TIMEOUT_MS))) throw new Error(`${t.label}: ${a.delays.length} of ${want} sockets had the push within ${PUSH_TIMEOUT_MS / 1000} s`);
    return { delays: a.delays.sort((x, y) => x - y), callMs };
  } finally {
    awaited = null;
  }
}

/** PUSHES pushes through each of app and bare in turn (ABBA…), after an unmeasured one each. */
async function pushes(app: Target, bare: Target, want: number): Promise<{ app: Pushes; bare: Pushes }> {
  const runs = { app: [] as Array<{ delays: number[]; callMs: number }>, bare: [] as Array<{ delays: number[]; callMs: number }> };
  await pushOnce(bare, want, 0);
  await pushOnce(app, want, 0);
  for (let i = 1; i <= PUSHES; i++) {
    const order = i % 2 ? ['bare', 'app'] as const : ['app', 'bare'] as const;
    for (const k of order) {
      runs[k].push(await pushOnce(k === 'app' ? app : bare, want, i));
      await sleep(200); // the previous push's frames are gone before the next call
    }
  }
  const of = (rs: typeof runs.app): Pushes => {
    const p50s = rs.map((r) => percentile(r.delays, 50));
    const p95s = rs.map((r) => percentile(r.delays, 95));
    return { p50s, p95s, p50: median(p50s), p95: median(p95s), max: Math.max(...rs.map((r) => r.delays.at(-1)!)), callMs: median(rs.map((r) => r.callMs)) };
  };
  return { app: of(runs.app), bare: of(runs.bare) };
}

/** Memory, connect, memory: the time to hold SOCKETS sockets and the memory each costs the server. */
async function hold(t: Target): Promise<Held> {
  // A first round, closed again, so the code sockets first load and compile is not counted as theirs.
  for (const s of (await connectMany(t, CONCURRENCY)).sockets) {
    s.disconnect();
    live.sockets.delete(s);
  }
  await sleep(1000);
  const before = await memoryOf(t);
  const { ms } = await connectMany(t, SOCKETS);
  await sleep(1000);
  const after = await memoryOf(t);
  return {
    connectMs: ms, perSecond: SOCKETS / (ms / 1000),
    rssKbPerSocket: (after.rssKb - before.rssKb) / SOCKETS, heapKbPerSocket: (after.heapUsed + after.external - before.heapUsed - before.external) / 1024 / SOCKETS,
    rssMbBefore: before.rssKb / 1024, rssMbAfter: after.rssKb / 1024,
  };
}

// ---------------------------------------------------------------- the run

export async function measureRealtime(log: (line: string) => void = console.log): Promise<RealtimeBench> {
  await preflight();
  try {
    log(`… real time: two app servers on a fresh PostgreSQL database and Redis`);
    const c = await startCluster({ servers: 2, env: PROBE_ENV });
    live.cluster = c;
    const code = c.school.code;
    const admin = c.school.tokens['4']!;
    const parent = `parent@${code.toLowerCase()}.test`;
    const sessions = [c.school.tokens['1']!];
    while (sessions.length < SESSIONS) sessions.push(await c.login(c.servers[0]!, parent));

    // 1 and 2 on one server: the app as one server runs (no Redis), the bare server without an adapter.
    log(`… real time: ${SOCKETS} sockets held by one server, then pushes to all of them`);
    const single = await c.add({ REDIS_URL: '' });
    const bareOne = await startBare();
    const oneApp = appTarget('app, one server', single, code, admin, sessions);
    const oneBare = bareTarget('bare, one server', bareOne);
    const heldBare = await hold(oneBare);
    const heldApp = await hold(oneApp);
    const one = await pushes(oneApp, oneBare, SOCKETS);
    closeSockets();
    await bareOne.stop();
    await single.stop('SIGTERM', 10_000);

    // 2 across two servers through Redis: half the sockets on each, the push sent through the first.
    log(`… real time: pushes across two servers through Redis, ${SOCKETS / 2} sockets on each`);
    const bareEnv = { REDIS_URL, REDIS_PREFIX: c.prefix };
    const [bareA, bareB] = [await startBare(bareEnv), await startBare(bareEnv)];
    const half = Math.floor(SOCKETS / 2);
    const appA = appTarget('app, server A', c.servers[0]!, code, admin, sessions);
    const appB = appTarget('app, server B', c.servers[1]!, code, admin, sessions);
    const bareTA = bareTarget('bare, server A', bareA);
    const bareTB = bareTarget('bare, server B', bareB);
    await connectMany(bareTA, half);
    await connectMany(bareTB, SOCKETS - half, half);
    await connectMany(appA, half);
    await connectMany(appB, SOCKETS - half, half);
    const two = await pushes(appA, bareTA, SOCKETS);
    closeSockets();
    await Promise.all([bareA.stop(), bareB.stop()]);

    // 3. A cheap list through both servers in turn next to the first alone.
    log(`… real time: GET classes-list/ through one server and through two, ${CLIENTS} clients`);
    await c.database.db.withSchema(c.school.schema).insertInto('class')
      .values(Array.from({ length: CLASSES }, (_, i) => ({ class: String(1 + Math.floor(i / 4)), section: 'ABCD'[i % 4]! }))).execute();
    const listPath = `/api/${code}/classes-list/`;
    const headers = { authorization: `Bearer ${admin}` };
    const ports = c.servers.slice(0, 2).map((s) => s.port);
    const first = await request(ports[1]!, 'GET', listPath, { headers });
    if (first.status !== 200) throw new Error(`GET classes-list/ answered ${first.status}: ${first.body.slice(0, 300)}`);
    const rows = (JSON.parse(first.body).data as unknown[]).length;
    const load = (on: number[]) => runLoad({ port: on[0]!, ports: on, paths: [listPath], headers, clients: CLIENTS, warmupMs: WARMUP_MS, durationMs: DURATION_MS / 2 });
    const one1 = await load(ports.slice(0, 1));
    const two1 = await load(ports);
    const two2 = await load(ports);
    const one2 = await load(ports.slice(0, 1));

    return {
      sockets: SOCKETS, concurrency: CONCURRENCY, pushes: PUSHES, clients: CLIENTS,
      held: { app: heldApp, bare: heldBare }, one, two,
      list: { path: 'GET /api/<CODE>/classes-list/', rows, one: summarize([one1, one2]), two: summarize([two1, two2]) },
    };
  } finally {
    await stopRealtime();
  }
}

const f0 = (x: number) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-IN') : '-');
const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '-');
const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '-');
const met = (ok: boolean) => (ok ? 'met' : 'NOT met');

export function formatRealtimeBench(b: RealtimeBench | null, note = ''): string[] {
  if (!b) return [`17. Real time: ${note}`];
  const { app, bare } = b.held;
  const pushLine = (label: string, p: { app: Pushes; bare: Pushes }, goal: number) => [
    `   ${label}:`,
    `     app  p50 ${f1(p.app.p50)} ms  p95 ${f1(p.app.p95)} ms  (pushes' p95s ${p.app.p95s.map(f0).join(', ')}; max ${f0(p.app.max)} ms; announcement call ${f1(p.app.callMs)} ms)`,
    `     bare p50 ${f1(p.bare.p50)} ms  p95 ${f1(p.bare.p95)} ms  (pushes' p95s ${p.bare.p95s.map(f0).join(', ')}; max ${f0(p.bare.max)} ms; POST /push ${f1(p.bare.callMs)} ms)`,
    `     app/bare p95 = ${f2(p.app.p95 / p.bare.p95)}x;  goal app p95 < ${goal} ms: ${met(p.app.p95 < goal)}`,
  ];
  const row = (label: string, r: LoadResult) => `     ${label.padEnd(34)}${f0(r.rps).padStart(8)} req/s  p50 ${f2(r.p50)} ms  p99 ${f2(r.p99)} ms` + (r.errors || r.non2xx ? `  (${r.errors} errors, ${r.non2xx} non-2xx)` : '');
  return [
    `17. Real time, ${f0(b.sockets)} sockets (socket.io-client over websocket from the bench's process, ${b.concurrency} connecting at a time); servers are processes of their own,`,
    `    the app on PostgreSQL, next to a bare socket.io server (plain new Server(httpServer), same adapter, no auth, one room) in the same run:`,
    `   held by one server: connect + authenticate all: app ${f1(app.connectMs / 1000)} s (${f0(app.perSecond)}/s), bare ${f1(bare.connectMs / 1000)} s (${f0(bare.perSecond)}/s); app/bare time = ${f2(app.connectMs / bare.connectMs)}x`,
    `     memory per socket after GC: heap + external app ${f1(app.heapKbPerSocket)} kB, bare ${f1(bare.heapKbPerSocket)} kB (app/bare = ${f2(app.heapKbPerSocket / bare.heapKbPerSocket)}x);` +
      ` RSS app ${f1(app.rssKbPerSocket)} kB, bare ${f1(bare.rssKbPerSocket)} kB`,
    // A process reuses pages it already holds before asking for more, so RSS grows by less than the heap where start-up left room.
    `       (RSS app ${f0(app.rssMbBefore)} -> ${f0(app.rssMbAfter)} MB, bare ${f0(bare.rssMbBefore)} -> ${f0(bare.rssMbAfter)} MB; RSS grows less than the heap where the process already held free pages)`,
    ...pushLine(`push to all ${f0(b.sockets)}, one server (app without Redis), from just before the call to each receipt, median of ${b.pushes} pushes`, b.one, GOAL_P95_MS.one),
    ...pushLine(`push across two servers through Redis (${f0(b.sockets / 2)} sockets on each, the call to the first), median of ${b.pushes}`, b.two, GOAL_P95_MS.two),
    `   ${b.list.path} (${b.list.rows} rows), ${b.clients} clients, halves one, two, two, one; both servers with Redis:`,
    row('one server', b.list.one),
    row('two servers, requests in turn', b.list.two),
    `     two/one req/s = ${f2(b.list.two.rps / b.list.one.rps)}`,
    `  SUMMARY real time: ${f0(b.sockets)} sockets on one server ${f1(app.heapKbPerSocket)} kB of heap each (bare ${f1(bare.heapKbPerSocket)}), connected in ${f1(app.connectMs / 1000)} s (bare ${f1(bare.connectMs / 1000)});` +
      ` push p95 one server ${f0(b.one.app.p95)} ms (bare ${f0(b.one.bare.p95)}; goal < ${GOAL_P95_MS.one}: ${met(b.one.app.p95 < GOAL_P95_MS.one)}),` +
      ` two servers ${f0(b.two.app.p95)} ms (bare ${f0(b.two.bare.p95)}; goal < ${GOAL_P95_MS.two}: ${met(b.two.app.p95 < GOAL_P95_MS.two)});` +
      ` list two/one servers = ${f2(b.list.two.rps / b.list.one.rps)}`,
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.once(sig, () => {
      console.error(`\n${sig}: stopping the real-time bench`);
      void stopRealtime().finally(() => process.exit(130));
    });
  }
  try {
    console.log(formatRealtimeBench(await measureRealtime()).join('\n'));
    process.exit(0);
  } catch (e) {
    console.error(`Real-time bench failed: ${(e as Error).message}`);
    process.exit(1);
  }
}
