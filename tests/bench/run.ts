/**
 * `npm run bench`: the main workloads of the app on a freshly seeded large school, each next to
 * a baseline measured in the same run, so overheads are ratios that hold on a noisy machine.
 *
 * 1. Throughput and latency, 10 concurrent keep-alive clients, 1 s warm-up then 5 s, of
 *    GET /api/<CODE>/classes-list/ and GET /api/<CODE>/subjects/{class_id}/ (class ids in turn)
 *    (measured in two halves, bare-app-app-bare, each half after its own warm-up)
 *    through the real app with a real super-admin token, against a bare Fastify in the same
 *    server process running the very same SQL (compiled once from selectRecords + applySort)
 *    through the same Kysely handle and answering the same JSON (checked byte for byte).
 *    app/bare req/s is the framework's overhead (goal >= 0.7). Also GET /subjects/?page=N&page_size=50,
 *    what a generated list screen asks (the 2,000 subjects' 40 pages in turn, with meta.total), next to
 *    a bare route running the same two queries (the page, the count) with the same envelope (goal >= 0.8,
 *    printed as the SUMMARY line). BENCH_ONLY=lists measures only these lists and stops. The server (tests/bench/server.ts)
 *    runs in a child process, the load generator (tests/bench/load.ts, node:http) in this one,
 *    so on 2 cores each has its own. GET /ping on the bare server shows the generator's ceiling.
 *    Also GET /students-list/{class_id}/{ac_year_id}/ (the 40 classes with students in turn) and
 *    GET /search/students/?q= (a few names, numbers and admission numbers in turn), against the
 *    SQL of src/server/modules/students/lists.ts on the bare server.
 *    School: 200 classes, 2,000 subjects, 60 teachers, an enabled year with 10,000 students in
 *    40 of the classes (each with its year row), inserted with multi-row inserts.
 * 2. Login: p50/p99 of 30 sequential POST /api/<CODE>/login/ (AUTH_RATE_LIMIT raised).
 * 3. Cold start: spawn of the built dist/server/main.js (as `npm start` runs it) to the first answered
 *    GET /schools/, on an existing data directory (SEED_DEMO=0; median of 3), and, separately,
 *    the first-ever start on an empty PGlite data directory (initdb + demo school).
 * 4. Login screen JavaScript: gzip -9 size of the entry script of dist/client/index.html, its
 *    modulepreload links and their static imports (lazy import() not followed; listed apart).
 * 5. Students: the export of all current students (GET /export/students/, median of 3); a
 *    5,000-row CSV import (POST /upload/ then PUT /import/students/, rows per second, goal 2,000;
 *    4,000 new family logins, a brother or sister on every fifth row) next to, in the same run, plain
 *    multi-row inserts of the same students and the argon2 hashing of 200 of the logins (the import
 *    stores "password is the username" instead, so it makes none); and,
 *    while the import runs, p50/p99 of a light call (GET /acyears/, 2 clients, 10 ms between calls) next to
 *    the same call on an idle server.
 *
 * 6. Fees, on 10 bills a student (100,000 bills, 200,000 lines, 200,000 installments of which
 *    10,000 refunds, over the last 150 days): GET /reports/fees/{class_id}/{ac_year_id}/?type=card
 *    (the four cards, the 40 classes in turn), GET /reports/fees/items/?class_id&ac_year_id and
 *    the same for the whole school (?ac_year_id only), each next to the same SQL on the bare
 *    server (same JSON checked); and billing throughput, PUT /fees/pay/ (two lines paid in full,
 *    students of the whole school in turn) with 10 concurrent clients, next to the ledger's own
 *    createBill + addInstallment behind a bare route; then a check that every bill's paid amount
 *    is still the sum of its installments and no receipt number was given twice. The three
 *    reports again with one client, one request after another (p50/p99, goals 150 ms for a
 *    class and 500 ms for the whole school), through the app, its SQL on the bare server and
 *    the previous release's SQL (tests/bench/naive-fees.ts), all three first checked to answer
 *    the same JSON for every class.
 *
 * 7. A parent's first visit on a phone over 3G (tests/bench/slow-network.ts): Chromium emulating
 *    DevTools' Fast 3G, a CPU 4x slower and a 390x844 screen, on the built app and the demo school:
 *    time to a usable login form and from the Login click to the parent's home, and the bytes of each.
 *
 * 8. Backups and durable commits (tests/bench/backup.ts): a backup of the bench school and its
 *    restore (into a scratch schema, counts compared), once the server has stopped; and the
 *    embedded store's single-row commit rate with durable commits next to PGlite's own
 *    settings (fsync off). Alone and small: `node --import tsx tests/bench/backup.ts`.
 *
 * 9. Marks (tests/bench/marks.ts): saving one subject's marks for a class of 60 and the viewer's
 *    60 x 8 grid, each next to its raw SQL, on a school of its own.
 * 10. Report cards (tests/bench/report-cards.ts): one class's cards as one PDF, 60 students, through
 *    the app on its own embedded database: seconds and pages per second. Alone:
 *    `node --import tsx tests/bench/report-cards.ts`.
 * 11. Attendance (tests/bench/attendance.ts): taking a class of 60 for a day (PUT /attendance/students/)
 *    next to one raw multi-row upsert of the same rows, p50/p95, on a school of its own. Alone:
 *    `node --import tsx tests/bench/attendance.ts`.
 * 12. Admin dashboard (tests/bench/dashboard.ts): GET /dashboard/admin/ on a school of 10,000
 *    students and 1,00,000 bills, next to its figures as plain SQL statements. Alone:
 *    `node --import tsx tests/bench/dashboard.ts`.
 * 13. Payroll (tests/bench/payroll.ts): a month's payroll for 300 employees through the app
 *    (PUT /simple/payroll/, entries per second) next to the same work as raw SQL. Alone:
 *    `node --import tsx tests/bench/payroll.ts`.
 * 14. Finance reports (tests/bench/finance.ts): the finance dashboard and the expense report by
 *    category on a year of 50,000 expense transactions, each next to the raw SQL of its sums.
 *    Alone: `node --import tsx tests/bench/finance.ts`.
 * 15. Admission leads (tests/bench/leads.ts): GET /admissions/leads/ on 50,000 leads through the
 *    list contract (first page, a deep page, a search by name, by mobile), each next to its raw
 *    SQL. Alone: `node --import tsx tests/bench/leads.ts`.
 * 16. Library (tests/bench/library.ts): the search by code (GET /library/book/search/{code}/) on
 *    1,00,000 books next to its raw select by code. Alone: `node --import tsx tests/bench/library.ts`.
 * 17. Real time (tests/bench/realtime.ts): 2,000 sockets held by one app server (time to connect and
 *    authenticate, memory per socket), a push to all of them on one server and across two through
 *    Redis (p50/p95), and a list through two servers next to one, each next to a bare socket.io
 *    server (or one server) in the same run; needs PostgreSQL and Redis on 127.0.0.1 (real server
 *    processes on a database of their own). BENCH_ONLY=realtime measures only this and stops.
 *    Alone: `node --import tsx tests/bench/realtime.ts`.
 * 18. Online tests (tests/bench/online-tests.ts): 1,000 students start one test within 10 s, save
 *    an answer every 10 s for five minutes and submit together, through the app next to the same
 *    writes as raw SQL, on PGlite and on PostgreSQL; every acknowledged save is then looked for in
 *    the database. BENCH_ONLY=online-tests measures only this and stops.
 *    Alone: `node --import tsx tests/bench/online-tests.ts`.
 * 19. Chat (tests/bench/chat.ts): 200 staff connected, 50 messages a second, delivery p50/p95 on one
 *    server and across two through Redis, each next to a bare socket.io relay in the same run, then
 *    the messages lost or doubled counted; needs PostgreSQL and Redis on 127.0.0.1.
 *    BENCH_ONLY=chat measures only this and stops. Alone: `node --import tsx tests/bench/chat.ts`.
 *
 * Database: PGlite in a temp directory, or PostgreSQL when DATABASE_URL is set (a unique school
 * code; its schema and directory entry are dropped at the end). Prints a table and writes the
 * figures to .tmp/bench.json. Knobs: BENCH_DURATION_MS, BENCH_WARMUP_MS, BENCH_CLIENTS, BENCH_IMPORT_ROWS,
 * BENCH_BILLS_PER_STUDENT, BENCH_SINGLE_MS.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureBundle, type BundleReport } from './bundle.js';
import { CPU_SLOWDOWN, FAST_3G, formatSlowNetwork, measureSlowNetwork, SLOW_GOALS, VIEWPORT, type SlowNetworkReport } from './slow-network.js';
import http from 'node:http';
import { percentile, request, runLoad, summarize, type LoadResult, type LoadRun } from './load.js';
import { formatINR } from '../../src/shared/money.js';
import { formatBackupBench, measureBackup, measureWriteThroughput, type BackupBench } from './backup.js';
import { formatMarksBench, measureMarks, type MarksBench } from './marks.js';
import { formatReportCardBench, measureReportCards, type ReportCardBench } from './report-cards.js';
import { formatAttendanceBench, measureAttendance, type AttendanceBench } from './attendance.js';
import { formatDashboardBench, measureDashboard, type DashboardBench } from './dashboard.js';
import { formatPayrollBench, measurePayroll, type PayrollBench } from './payroll.js';
import { formatFinanceBench, measureFinance, type FinanceBench } from './finance.js';
import { formatLibraryBench, measureLibrary, type LibraryBench } from './library.js';
import { formatLeadsBench, measureLeads, type LeadsBench } from './leads.js';
import { formatRealtimeBench, measureRealtime, stopRealtime, type RealtimeBench } from './realtime.js';
import { formatOnlineTestBench, measureOnlineTests, type OnlineTestBench } from './online-tests.js';
import { measureChat } from './chat.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DATABASE_URL = process.env.DATABASE_URL || '';
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 1000);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const LOGINS = 30;
/** What people type into the student search: names, part of a mobile, an admission number, a father's name. */
const SEARCHES = ['sharma', 'Ananya', 'rao 1', '97000', 'A12', 'Meera Iyer', 'Ramesh'];
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5000);
/** The import's goal, family logins included. */
const IMPORT_GOAL_ROWS_PER_S = 2000;
/** Logins hashed for the hashing baseline: a sample, as the import itself no longer hashes them. */
const HASH_SAMPLE = 200;
const EXPORT_RUNS = 3;
/** The light call's clients wait this long between calls: other people using the app, not a flood. */
const LIGHT_THINK_MS = 10;
const COLD_RUNS = 3;
const RATIO_GOAL = 0.7;
const BUNDLE_GOAL_KB = 300;
const OUT = path.join(ROOT, '.tmp', 'bench.json');
/** One client at a time: measured time per target (two halves), and each half's warm-up. */
const SINGLE_MS = Number(process.env.BENCH_SINGLE_MS ?? 4000);
const SINGLE_MIN_REQUESTS = 15;
/** The fee reports' single-client goals (app p50): a class's cards and fee items, the whole school's fee items. */
const SINGLE_GOAL_MS = { class: 150, school: 500 };

/** The paged generated list's goal: its req/s next to a bare route running the same SQL. */
const LIST_RATIO_GOAL = 0.8;
/** The pages of the 2,000 subjects a paged list screen asks for, 50 rows each. */
const SUBJECT_PAGES = Array.from({ length: 40 }, (_, i) => i + 1);
/** BENCH_ONLY=lists: only the generated lists of 1. (plain and paged) next to their bare routes, then stop. */
const ONLY_LISTS = process.env.BENCH_ONLY === 'lists';
/** BENCH_ONLY=import: only the students' export and CSV import of 5. with their baselines, then stop (BENCH_BILLS_PER_STUDENT=1 seeds faster). */
const ONLY_IMPORT = process.env.BENCH_ONLY === 'import';
/** BENCH_ONLY=realtime: only the real-time figures of 17. (sockets, pushes, two servers), then stop. */
const ONLY_REALTIME = process.env.BENCH_ONLY === 'realtime';
/** BENCH_ONLY=online-tests: only the online tests' figures of 18., then stop. */
const ONLY_ONLINE_TESTS = process.env.BENCH_ONLY === 'online-tests';
/** BENCH_ONLY=chat: only the chat delivery figures of 19., then stop. */
const ONLY_CHAT = process.env.BENCH_ONLY === 'chat';

const rowOf = (label: string, r: LoadResult) =>
  `${pad(label, 44)}${lpad(f0(r.rps), 9)}${lpad(f2(r.p50), 9)}${lpad(f2(r.p99), 9)}${lpad(f1(r.max), 9)}${lpad(f1(r.kbPerResponse), 9)}  ${r.sockets}` +
  (r.errors || r.non2xx ? `  (${r.errors} errors, ${r.non2xx} non-2xx)` : '');

/** One endpoint's lines of the report: the app, its bare twin, their ratio against its goal. */
function pairLines(p: Pair, bareLabel = '    bare Fastify, same SQL, same handle'): string[] {
  return [
    `  ${p.endpoint}`,
    rowOf('    app (auth, access, builder, envelope)', p.app),
    rowOf(bareLabel, p.bare),
    `    app/bare req/s = ${f2(p.ratio)}  (goal >= ${p.goal}: ${p.ratio >= p.goal ? 'met' : 'NOT met'})` +
      (p.sameJson === null ? '' : `;  same JSON: ${p.sameJson ? 'yes' : 'NO'}`),
  ];
}

/** The summary line of the paged generated list. */
function listSummary(pairs: Pair[]): string {
  const p = pairs.find((x) => x.goal === LIST_RATIO_GOAL);
  if (!p) return '  paged generated list: not measured';
  return `  SUMMARY paged generated list: app ${f0(p.app.rps)} req/s, bare ${f0(p.bare.rps)} req/s, generated/bare = ${f2(p.ratio)}` +
    ` (goal >= ${LIST_RATIO_GOAL}: ${p.ratio >= LIST_RATIO_GOAL ? 'met' : 'NOT met'}; same JSON: ${p.sameJson ? 'yes' : 'NO'})`;
}

// ---------------------------------------------------------------- children and clean-up

interface Child { cp: ChildProcess; output: string[]; exited: Promise<number | null> }
const children = new Set<Child>();
const tempDirs: string[] = [];
let pgSchoolToDrop: { code: string; schema: string } | null = null;
let interrupted = false;

/** What `npm start` runs: the built server (npm run bench builds first), else the sources. */
const SERVER_ENTRY = fs.existsSync(path.join(ROOT, 'dist/server/main.js')) ? 'dist/server/main.js' : 'src/server/main.ts';

function spawnNode(script: string, env: Record<string, string>): Child {
  // Built JavaScript runs as is; TypeScript sources go through tsx.
  const args = script.endsWith('.ts') ? ['--import', 'tsx', script] : [script];
  const cp = spawn(process.execPath, args, {
    cwd: ROOT, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  cp.stdout!.on('data', keep);
  cp.stderr!.on('data', keep);
  const child: Child = { cp, output, exited: new Promise((resolve) => cp.on('exit', (code) => { children.delete(child); resolve(code); })) };
  children.add(child);
  return child;
}

/** SIGTERM (the server closes its database cleanly), SIGKILL if it has not gone in time. */
async function stop(child: Child, graceMs = 15_000) {
  if (child.cp.exitCode !== null || child.cp.signalCode !== null) return;
  child.cp.kill('SIGTERM');
  const gone = await Promise.race([child.exited.then(() => true), sleep(graceMs).then(() => false)]);
  if (!gone) { child.cp.kill('SIGKILL'); await child.exited; }
}

async function dropPgSchool() {
  if (!pgSchoolToDrop || !DATABASE_URL) return;
  const { code, schema } = pgSchoolToDrop;
  pgSchoolToDrop = null;
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: DATABASE_URL });
  try {
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.query('delete from platform.school where code = $1', [code]).catch(() => undefined);
  } finally {
    await client.end().catch(() => undefined);
  }
}

function removeTempDirs() {
  for (const d of tempDirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
}

async function cleanup() {
  await Promise.all([...children].map((c) => stop(c, 5000)));
  await stopRealtime().catch((e) => console.error(`Could not stop the real-time bench's servers: ${e.message}`));
  await dropPgSchool().catch((e) => console.error(`Could not drop the bench school's schema: ${e.message}`));
  removeTempDirs();
}

process.on('exit', () => {
  for (const c of children) c.cp.kill('SIGKILL');
  removeTempDirs();
});
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${sig}: stopping the bench`);
    void cleanup().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------- helpers

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function failWith(what: string, child: Child): never {
  throw new Error(`${what}\n--- last output of the child process ---\n${child.output.slice(-40).map((l) => (l.length > 300 ? `${l.slice(0, 300)}…` : l)).join('\n')}`);
}

async function waitForLine(child: Child, prefix: string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const line = child.output.find((l) => l.startsWith(prefix));
    if (line) return line.slice(prefix.length);
    if (child.cp.exitCode !== null) failWith(`The bench server exited (code ${child.cp.exitCode}) before it was ready`, child);
    if (Date.now() > deadline) failWith(`The bench server was not ready within ${timeoutMs / 1000} s`, child);
    await sleep(20);
  }
}

/** Spawns main.ts and times it to the first 200 answer of GET /schools/. */
async function timeStart(env: Record<string, string>): Promise<{ ms: number; readyInMs: number | null }> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawnNode(SERVER_ENTRY, { HOST: '127.0.0.1', PORT: String(port), ...env });
  try {
    for (;;) {
      if (child.cp.exitCode !== null) failWith(`main.ts exited (code ${child.cp.exitCode}) before answering`, child);
      if (performance.now() - t0 > 120_000) failWith('main.ts did not answer GET /schools/ within 120 s', child);
      const r = await request(port, 'GET', '/schools/').catch(() => null);
      if (r?.status === 200) break;
      await sleep(r ? 50 : 10);
    }
    const ms = performance.now() - t0;
    const ready = child.output.map((l) => l.match(/ready in (\d+) ms/)).find(Boolean);
    return { ms, readyInMs: ready ? Number(ready[1]) : null };
  } finally {
    await stop(child);
  }
}

/** POST of one file as multipart/form-data (field `file`), as the browser's upload does. */
function uploadFile(port: number, path: string, headers: Record<string, string>, name: string, bytes: Buffer): Promise<{ status: number; body: string; ms: number }> {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`),
    bytes, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request({
      host: '127.0.0.1', port, method: 'POST', path, agent: false,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': payload.length },
    }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8'), ms: performance.now() - t0 }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** `clients` loops of one GET, `thinkMs` apart, until `until` settles (or for `until` ms); the latencies, sorted. */
async function lightLoop(port: number, path: string, headers: Record<string, string>, clients: number, until: Promise<unknown> | number, thinkMs = LIGHT_THINK_MS): Promise<{ sorted: number[]; errors: number }> {
  let done = false;
  const stopAt = typeof until === 'number' ? performance.now() + until : Infinity;
  if (typeof until !== 'number') void until.finally(() => { done = true; });
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const lat: number[] = [];
  let errors = 0;
  await Promise.all(Array.from({ length: clients }, async () => {
    while (!done && performance.now() < stopAt) {
      const r = await request(port, 'GET', path, { agent, headers }).catch(() => null);
      if (!r || r.status !== 200) errors++;
      else lat.push(r.ms);
      await sleep(thinkMs);
    }
  }));
  agent.destroy();
  return { sorted: lat.sort((a, b) => a - b), errors };
}

/** One client, one request after another (the paths in turn): two unmeasured, then for at least `ms` and SINGLE_MIN_REQUESTS requests. */
async function sequential(port: number, paths: string[], headers: Record<string, string> | undefined, ms: number): Promise<LoadRun> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const samples: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let bytes = 0;
  const t0 = performance.now();
  for (let i = 0; i < 2 + SINGLE_MIN_REQUESTS || performance.now() - t0 < ms; i++) {
    const r = await request(port, 'GET', paths[i % paths.length]!, { agent, headers }).catch(() => null);
    if (i < 2) continue;
    if (!r) { errors++; continue; }
    if (r.status < 200 || r.status >= 300) non2xx++;
    samples.push(r.ms);
    bytes += r.body.length;
  }
  agent.destroy();
  return { samples: Float64Array.from(samples), durationMs: samples.reduce((x, y) => x + y, 0), errors, non2xx, bytes, sockets: 1 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const f0 = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : '-');
const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '-');
const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '-');
const pad = (s: string, n: number) => s.padEnd(n);
const lpad = (s: string, n: number) => s.padStart(n);
const kB = (bytes: number) => bytes / 1000;

// ---------------------------------------------------------------- the run

/** A write's method and client k's i-th body (i = -1 for the unmeasured first call). */
interface Write { method: string; body: (k: number, i: number) => unknown }
interface Endpoint { name: string; app: string[]; bare: string[]; write?: Write; describe?: (data: any) => string; goal?: number }
interface Pair { endpoint: string; app: LoadResult; bare: LoadResult; ratio: number; sameJson: boolean | null; goal: number }
interface SingleEndpoint { name: string; goalMs: number; app: string[]; bare: string[]; naive: string[] }
/** One client: the app, the same SQL on the bare server, the previous release's SQL; how many paths answered the same JSON in all three. */
interface Single { endpoint: string; goalMs: number; app: LoadResult; bare: LoadResult; naive: LoadResult; sameJson: string }

async function main() {
  const startedAt = new Date();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'school-bench-'));
  tempDirs.push(tmp);
  const dataDir = path.join(tmp, 'data');
  const code = DATABASE_URL ? `B${Math.random().toString(36).slice(2, 7).toUpperCase().padEnd(5, '0')}` : 'BENCH1';
  const backend = DATABASE_URL ? `PostgreSQL (DATABASE_URL, school ${code}, dropped at the end)` : 'PGlite (embedded, temp data directory)';
  console.log(`School app bench: node ${process.version}, ${os.cpus().length} cores, database ${backend}`);
  if (ONLY_REALTIME) {
    const realtime = await measureRealtime();
    console.log(['', `Real time only (BENCH_ONLY=realtime), ${startedAt.toISOString()}, ${os.cpus().length} cores:`, ...formatRealtimeBench(realtime)].join('\n'));
    return;
  }
  if (ONLY_CHAT) {
    console.log(['', `Chat only (BENCH_ONLY=chat), ${startedAt.toISOString()}, ${os.cpus().length} cores:`, ...await measureChat()].join('\n'));
    return;
  }
  if (ONLY_ONLINE_TESTS) {
    const onlineTests = await measureOnlineTests();
    console.log(['', `Online tests only (BENCH_ONLY=online-tests), ${startedAt.toISOString()}, ${os.cpus().length} cores:`, ...formatOnlineTestBench(onlineTests)].join('\n'));
    return;
  }

  // 4. Bundle first: it needs no server.
  const clientDir = path.join(ROOT, 'dist', 'client');
  let bundle: BundleReport | null = null;
  let bundleNote = '';
  if (fs.existsSync(path.join(clientDir, 'index.html'))) {
    try { bundle = measureBundle(clientDir); } catch (e) { bundleNote = `could not measure: ${(e as Error).message}`; }
  } else {
    bundleNote = 'dist/client does not exist (run `npm run build`): skipped';
  }

  // 3b. First-ever start: an empty PGlite data directory; creates the database and the demo school.
  console.log('… first start on an empty data directory');
  const firstStart = ONLY_LISTS || ONLY_IMPORT ? { ms: NaN, readyInMs: null } : await timeStart({ DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: '1' });

  // The bench server: a new school, seeded, the app and the bare baseline in one process.
  console.log('… seeding the bench school');
  const server = spawnNode('tests/bench/server.ts', {
    DATA_DIR: dataDir, DATABASE_URL, BENCH_CODE: code, AUTH_RATE_LIMIT: '1000000', SEED_DEMO: '0',
  });
  if (DATABASE_URL) pgSchoolToDrop = { code, schema: `school_${code.toLowerCase()}` };
  const info = JSON.parse(await waitForLine(server, 'BENCH_READY ', 180_000)) as {
    kind: string; code: string; schema: string; admin: { email: string; password: string };
    appPort: number; barePort: number; classIds: number[]; yearId: number; studentClassIds: number[];
    counts: { teachers: number; classes: number; subjects: number; students: number; studentClasses: number };
    timings: { openMs: number; createSchoolMs: number; seedMs: number; feesSeedMs: number };
    fees: { bills: number; lines: number; installments: number; refunds: number; items: Array<{ id: number; name: string; amount: number }>; studentIds: [number, number] };
  };
  const api = `/api/${info.code}`;

  // 2. Logins: 2 unmeasured, then LOGINS sequential ones; the last token is the bench's.
  console.log('… logins');
  const loginMs: number[] = [];
  let token = '';
  for (let i = 0; i < LOGINS + 2; i++) {
    const r = await request(info.appPort, 'POST', `${api}/login/`, { body: { email: info.admin.email, password: info.admin.password } });
    if (r.status !== 200) failWith(`Login answered ${r.status}: ${r.body.slice(0, 300)}`, server);
    if (i >= 2) loginMs.push(r.ms);
    token = JSON.parse(r.body).data.token;
  }
  loginMs.sort((a, b) => a - b);
  const auth = { authorization: `Bearer ${token}` };

  // 1. Throughput: the same JSON first, then bare and app in turn for each endpoint.
  const endpoints: Endpoint[] = [
    { name: 'GET classes-list/', app: [`${api}/classes-list/`], bare: ['/bare/classes-list/'] },
    {
      name: 'GET subjects/{class_id}/',
      app: info.classIds.map((id) => `${api}/subjects/${id}/`),
      bare: info.classIds.map((id) => `/bare/subjects/${id}/`),
    },
    {
      // What a generated list screen asks: one page of 50 with the total (the 2,000 subjects' 40 pages in turn).
      name: 'GET subjects/?page&page_size=50', goal: LIST_RATIO_GOAL,
      app: SUBJECT_PAGES.map((p) => `${api}/subjects/?page=${p}&page_size=50`),
      bare: SUBJECT_PAGES.map((p) => `/bare/subjects/?page=${p}&page_size=50`),
      describe: (data: any[]) => `${data.length} rows a page, pages 1-${SUBJECT_PAGES.length}`,
    },
    {
      name: 'GET students-list/{class_id}/{ac_year_id}/',
      app: info.studentClassIds.map((id) => `${api}/students-list/${id}/${info.yearId}/`),
      bare: info.studentClassIds.map((id) => `/bare/students-list/${id}/${info.yearId}/`),
    },
    {
      name: 'GET search/students/?q=',
      app: SEARCHES.map((q) => `${api}/search/students/?q=${encodeURIComponent(q)}`),
      bare: SEARCHES.map((q) => `/bare/search/students/?q=${encodeURIComponent(q)}`),
    },
  ];
  const load = (port: number, paths: string[], headers: Record<string, string> | undefined, duration: number, write?: Write) =>
    runLoad({ port, paths, headers, clients: CLIENTS, warmupMs: WARMUP_MS, durationMs: duration, method: write?.method, body: write?.body });

  /** One endpoint through the app and its bare twin: the same JSON first (reads), then ABBA halves. */
  async function measurePair(e: Endpoint): Promise<Pair> {
    const first = e.write?.body(0, -1);
    const a = await request(info.appPort, e.write?.method ?? 'GET', e.app[0]!, { headers: auth, body: first });
    const b = await request(info.barePort, e.write?.method ?? 'GET', e.bare[0]!, { body: first });
    if (a.status !== 200) failWith(`${e.app[0]} answered ${a.status}: ${a.body.slice(0, 300)}`, server);
    if (b.status !== 200) failWith(`${e.bare[0]} answered ${b.status}: ${b.body.slice(0, 300)}`, server);
    const sameJson = e.write ? null : a.body === b.body;
    const data = JSON.parse(a.body).data;
    const label = e.describe ? e.describe(data) : `${data.length} rows`;
    // ABBA order, so neither side gets the warmer or the quieter half of the machine's time.
    const half = DURATION_MS / 2;
    const bare1 = await load(info.barePort, e.bare, undefined, half, e.write);
    const app1 = await load(info.appPort, e.app, auth, half, e.write);
    const app2 = await load(info.appPort, e.app, auth, half, e.write);
    const bare2 = await load(info.barePort, e.bare, undefined, half, e.write);
    const app = summarize([app1, app2]);
    const bare = summarize([bare1, bare2]);
    return { endpoint: `${e.name} (${label})`, app, bare, ratio: app.rps / bare.rps, sameJson, goal: e.goal ?? RATIO_GOAL };
  }

  /** One endpoint with one client: the same JSON from all three for every path, then halves in the order bare, app, naive, naive, app, bare. */
  async function measureSingle(e: SingleEndpoint): Promise<Single> {
    let same = 0;
    for (let k = 0; k < e.app.length; k++) {
      const [a, b, n] = [await request(info.appPort, 'GET', e.app[k]!, { headers: auth }), await request(info.barePort, 'GET', e.bare[k]!), await request(info.barePort, 'GET', e.naive[k]!)];
      for (const r of [a, b, n]) if (r.status !== 200) failWith(`${e.name} answered ${r.status}: ${r.body.slice(0, 300)}`, server);
      if (a.body === b.body && a.body === n.body) same++;
    }
    const half = SINGLE_MS / 2;
    const one = (port: number, paths: string[], headers?: Record<string, string>) => sequential(port, paths, headers, half);
    const bare1 = await one(info.barePort, e.bare);
    const app1 = await one(info.appPort, e.app, auth);
    const naive1 = await one(info.barePort, e.naive);
    const naive2 = await one(info.barePort, e.naive);
    const app2 = await one(info.appPort, e.app, auth);
    const bare2 = await one(info.barePort, e.bare);
    return { endpoint: e.name, goalMs: e.goalMs, app: summarize([app1, app2]), bare: summarize([bare1, bare2]), naive: summarize([naive1, naive2]), sameJson: `${same}/${e.app.length}` };
  }

  console.log(`… load: ${CLIENTS} clients; per target ${DURATION_MS / 1000} s measured, in two halves run bare, app, app, bare, each after ${WARMUP_MS / 1000} s warm-up`);
  const ping = summarize([await load(info.barePort, ['/ping'], undefined, Math.min(DURATION_MS, 3000))]);
  const pairs: Pair[] = [];
  for (const e of ONLY_IMPORT ? [] : endpoints) if (!ONLY_LISTS || e.name.startsWith('GET classes') || e.name.startsWith('GET subjects')) pairs.push(await measurePair(e));
  if (ONLY_LISTS) {
    await cleanup();
    console.log(['', `Generated lists only (BENCH_ONLY=lists), ${startedAt.toISOString()}, ${os.cpus().length} cores, ${CLIENTS} clients, ${DURATION_MS / 1000} s per target:`, ...pairs.flatMap((p) => pairLines(p)), listSummary(pairs)].join('\n'));
    return;
  }

  // 6. Fees: the class report's cards and the fee items report next to their own SQL on the bare
  // server, then billing (PUT /fees/pay/, writes) next to the ledger's calls alone.
  console.log('… fees: the class report cards, the fee items report, billing');
  const classYear = info.studentClassIds.map((id) => `${id}/${info.yearId}/`);
  const cardsLabel = (d: any) => `today ${d.today.list.length}, week ${d.week.list.length}, month ${d.month.list.length}, total ${d.total.list.length} listed; total paid ${formatINR(d.total.paid)}`;
  const [item1, item2] = info.fees.items;
  const billAt = (k: number, i: number) => {
    // Client k's i-th bill: a student in turn from the whole school, two lines, paid in full in cash.
    const [lo, hi] = info.fees.studentIds;
    const student = lo + ((k * 7919 + (i + 1) * 104_729) % (hi - lo + 1));
    const paise = Math.round(item1!.amount * 100) + 2 * Math.round(item2!.amount * 100);
    const total = paise / 100;
    return {
      student_id: student, ac_year_id: info.yearId, name: 'Bench bill', amount_total: total, amount_paid: total,
      details: [{ fee_item_id: item1!.id, amount: item1!.amount, quantity: 1 }, { fee_item_id: item2!.id, amount: item2!.amount, quantity: 2 }],
      installments: [{ amount: total, mode: 'cash' }],
    };
  };
  // 6b. One person at a time: each report through the app, its SQL on the bare server and the
  // previous release's SQL, first checked to answer the same JSON for every class.
  console.log('… fees: one client at a time, next to the same SQL and the previous release\'s');
  const itemsQuery = (id?: number) => `?${id === undefined ? '' : `class_id=${id}&`}ac_year_id=${info.yearId}`;
  const singles: Single[] = [];
  if (!ONLY_IMPORT) for (const e of [
    {
      name: 'GET reports/fees/{class_id}/{ac_year_id}/?type=card', goalMs: SINGLE_GOAL_MS.class,
      app: classYear.map((p) => `${api}/reports/fees/${p}?type=card`), bare: classYear.map((p) => `/bare/reports/fees/${p}`), naive: classYear.map((p) => `/naive/reports/fees/${p}`),
    },
    {
      name: 'GET reports/fees/items/?class_id&ac_year_id', goalMs: SINGLE_GOAL_MS.class,
      app: info.studentClassIds.map((id) => `${api}/reports/fees/items/${itemsQuery(id)}`),
      bare: info.studentClassIds.map((id) => `/bare/reports/fees/items/${itemsQuery(id)}`),
      naive: info.studentClassIds.map((id) => `/naive/reports/fees/items/${itemsQuery(id)}`),
    },
    {
      name: 'GET reports/fees/items/?ac_year_id (whole school)', goalMs: SINGLE_GOAL_MS.school,
      app: [`${api}/reports/fees/items/${itemsQuery()}`], bare: [`/bare/reports/fees/items/${itemsQuery()}`], naive: [`/naive/reports/fees/items/${itemsQuery()}`],
    },
  ] satisfies SingleEndpoint[]) singles.push(await measureSingle(e));

  const feePairs: Pair[] = [];
  if (!ONLY_IMPORT) for (const e of [
    {
      name: 'GET reports/fees/{class_id}/{ac_year_id}/?type=card',
      app: classYear.map((p) => `${api}/reports/fees/${p}?type=card`), bare: classYear.map((p) => `/bare/reports/fees/${p}`), describe: cardsLabel,
    },
    {
      name: 'GET reports/fees/items/?class_id&ac_year_id',
      app: info.studentClassIds.map((id) => `${api}/reports/fees/items/?class_id=${id}&ac_year_id=${info.yearId}`),
      bare: info.studentClassIds.map((id) => `/bare/reports/fees/items/?class_id=${id}&ac_year_id=${info.yearId}`),
    },
    {
      name: 'GET reports/fees/items/?ac_year_id (whole school)',
      app: [`${api}/reports/fees/items/?ac_year_id=${info.yearId}`], bare: [`/bare/reports/fees/items/?ac_year_id=${info.yearId}`],
    },
    {
      name: 'PUT fees/pay/ (a bill of 2 lines paid in full)',
      app: [`${api}/fees/pay/`], bare: ['/bare/fees/pay/'], write: { method: 'PUT', body: billAt }, describe: () => 'writes',
    },
  ] satisfies Endpoint[]) feePairs.push(await measurePair(e));
  const feeCheck = ONLY_IMPORT ? { paid_mismatch: 0, receipt_duplicates: 0, installments: 0, bills: 0 } : JSON.parse((await request(info.barePort, 'GET', '/bare/fees/check/')).body) as { paid_mismatch: number; receipt_duplicates: number; installments: number; bills: number };

  // 5. Students: export, import with a light call running beside it, and the import's baselines.
  console.log('… students: export, then a CSV import with a light call beside it, then its baselines');
  const exportMs: number[] = [];
  let exportInfo = { count: 0, kB: 0 };
  for (let i = 0; i < EXPORT_RUNS; i++) {
    const r = await request(info.appPort, 'GET', `${api}/export/students/`, { headers: auth });
    if (r.status !== 200) failWith(`export answered ${r.status}: ${r.body.slice(0, 300)}`, server);
    exportMs.push(r.ms);
    const data = JSON.parse(r.body).data;
    const file = await request(info.appPort, 'GET', data.path);
    exportInfo = { count: data.count, kB: Buffer.byteLength(file.body) / 1000 };
  }
  const importClass = info.classIds[info.studentClassIds.length]!;
  const rawClass = info.classIds[info.studentClassIds.length + 1]!;
  const importRows = Array.from({ length: IMPORT_ROWS }, (_, i) => {
    const family = i - Math.floor((i + 4) / 5) + 1; // rows 5k and 5k+1 are brother and sister
    return {
      fullname: `Imported Student ${i + 1}`, mobile: `8${String(100000000 + family)}`, dob: `2015-0${1 + (i % 9)}-1${i % 10}`,
      admission_no: `I${i + 1}`, admission_date: '2026-06-01', roll_no: i + 1, father_name: `Father ${family}`, address: `${i + 1}, 2nd Cross, Mysuru`,
    };
  });
  const mobiles = [...new Set(importRows.map((r) => r.mobile))];
  const header = 'fullname,mobile,dob,admission_no,admission_date,roll_no,father_name,address';
  const csv = `\uFEFF${header}\r\n${importRows.map((r) => [r.fullname, r.mobile, r.dob, r.admission_no, r.admission_date, r.roll_no, r.father_name, `"${r.address}"`].join(',')).join('\r\n')}\r\n`;
  const light = `${api}/acyears/`;
  const idle = await lightLoop(info.appPort, light, auth, 2, 2000);
  const up = await uploadFile(info.appPort, `${api}/upload/?file_path=documents`, auth, 'students.csv', Buffer.from(csv, 'utf8'));
  if (up.status !== 200) failWith(`upload answered ${up.status}: ${up.body.slice(0, 300)}`, server);
  const importCall = request(info.appPort, 'PUT', `${api}/import/students/`, {
    headers: auth, body: { path: JSON.parse(up.body).data.path, class_id: importClass, ac_year_id: info.yearId },
  });
  const during = await lightLoop(info.appPort, light, auth, 2, importCall);
  const imp = await importCall;
  if (imp.status !== 200) failWith(`import answered ${imp.status}: ${imp.body.slice(0, 300)}`, server);
  const impData = JSON.parse(imp.body).data as { added: number; skipped: number; errors: unknown[] };
  const raw = await request(info.barePort, 'POST', '/bare/insert-students/', {
    body: { class_id: rawClass, rows: importRows.map(({ father_name, address, ...r }) => ({ ...r, admission_no: `R${r.admission_no}`, extras: JSON.stringify({ father_name, address }) })) },
  });
  if (raw.status !== 200) failWith(`raw insert answered ${raw.status}: ${raw.body.slice(0, 300)}`, server);
  const hashed = await request(info.barePort, 'POST', '/bare/hash/', { body: { mobiles: mobiles.slice(0, HASH_SAMPLE) } });
  const students = {
    export: { runsMs: exportMs, medianMs: median(exportMs), rows: exportInfo.count, kB: exportInfo.kB },
    import: {
      rows: IMPORT_ROWS, logins: mobiles.length, ms: imp.ms + up.ms, uploadMs: up.ms, importMs: imp.ms,
      rowsPerSecond: IMPORT_ROWS / ((imp.ms + up.ms) / 1000), added: impData.added, skipped: impData.skipped, errors: impData.errors.length,
    },
    rawInsert: { ms: raw.ms, rowsPerSecond: IMPORT_ROWS / (raw.ms / 1000) },
    hashes: { n: Math.min(HASH_SAMPLE, mobiles.length), ms: hashed.ms, perSecond: Math.min(HASH_SAMPLE, mobiles.length) / (hashed.ms / 1000), logins: mobiles.length },
    light: {
      path: 'GET /acyears/',
      idle: { n: idle.sorted.length, p50: percentile(idle.sorted, 50), p99: percentile(idle.sorted, 99), max: idle.sorted.at(-1) ?? NaN, errors: idle.errors },
      duringImport: { n: during.sorted.length, p50: percentile(during.sorted, 50), p99: percentile(during.sorted, 99), max: during.sorted.at(-1) ?? NaN, errors: during.errors },
    },
  };

  await stop(server);
  if (server.cp.exitCode !== 0) console.warn(`The bench server exited with code ${server.cp.exitCode}`);
  if (ONLY_IMPORT) {
    await cleanup();
    const i = students.import;
    console.log(['', `Students only (BENCH_ONLY=import), ${startedAt.toISOString()}, ${os.cpus().length} cores:`,
      `   CSV import, ${i.rows} rows (${i.logins} new logins): ${f1(i.ms / 1000)} s = ${f0(i.rowsPerSecond)} rows/s (added ${i.added}, skipped ${i.skipped}, errors ${i.errors})` +
      `  (goal >= ${IMPORT_GOAL_ROWS_PER_S} rows/s: ${i.rowsPerSecond >= IMPORT_GOAL_ROWS_PER_S ? 'met' : 'NOT met'})`,
      `   plain multi-row inserts of the same students + year rows: ${f0(students.rawInsert.rowsPerSecond)} rows/s (import/raw = ${f2(i.rowsPerSecond / students.rawInsert.rowsPerSecond)})`].join('\n'));
    return;
  }

  // 8. The bench school's backup and restore, with the server stopped (the embedded store has one owner).
  console.log('… backup and restore of the bench school, durable commits');
  let backup: BackupBench | null = null;
  let backupNote = '';
  try { backup = await measureBackup({ dataDir, databaseUrl: DATABASE_URL, code }); } catch (e) { backupNote = `could not measure: ${(e as Error).message}`; }
  const writes = await measureWriteThroughput();

  // 9. Marks, on a school of their own (a class of 60, a test of 8 subjects).
  console.log('… marks: saving a class\'s marks, the viewer');
  let marks: MarksBench | null = null;
  let marksNote = '';
  try { marks = await measureMarks(); } catch (e) { marksNote = `could not measure: ${(e as Error).message}`; }

  // 3a. Cold starts on the data directory the bench just used (two schools in it with PGlite).
  console.log('… cold starts');
  const cold: Array<{ ms: number; readyInMs: number | null }> = [];
  for (let i = 0; i < COLD_RUNS; i++) cold.push(await timeStart({ DATA_DIR: dataDir, DATABASE_URL, SEED_DEMO: '0' }));

  await cleanup();

  // 7. A parent's first visit over emulated 3G: its own server on the demo school, and Chromium.
  console.log('… first visit on a slow phone network');
  let slow: SlowNetworkReport | null = null;
  let slowNote = '';
  try { slow = await measureSlowNetwork(); } catch (e) { slowNote = `could not measure: ${(e as Error).message.split('\n')[0]}`; }

  // 10. A class's report cards as one PDF, on a school of its own.
  console.log('… report cards PDF');
  let reportCards: ReportCardBench | null = null;
  let reportCardsNote = '';
  try { reportCards = await measureReportCards(); } catch (e) { reportCardsNote = `could not measure: ${(e as Error).message.split('\n')[0]}`; }

  // 11. Taking a class's attendance, on a school of its own.
  console.log('… attendance: taking a class of 60');
  let attendance: AttendanceBench | null = null;
  let attendanceNote = '';
  try { attendance = await measureAttendance(); } catch (e) { attendanceNote = `could not measure: ${(e as Error).message.split('\n')[0]}`; }
  // 12. The admin dashboard on a big school of its own.
  console.log('… admin dashboard on 10,000 students and 1,00,000 bills');
  let dashboard: DashboardBench | null = null;
  let dashboardNote = '';
  try { dashboard = await measureDashboard(); } catch (e) { dashboardNote = `could not measure: ${(e as Error).message.split('\n')[0]}`; }

  // 13. A month's payroll on a school of its own.
  console.log('… payroll: a month for 300 employees');
  let payroll: PayrollBench | null = null;
  let payrollNote = '';
  try { payroll = await measurePayroll(); } catch (e) { payrollNote = `could not measure: ${(e as Error).message.split('\n')[0]}`; }

  // 14. The finance reports on a year of transactions, on a school of its own.
  console.log('… finance: the dashboard and the expense report on 50,000 transactions');
  let finance: FinanceBench | null = null;
  let financeNote = '';
  try { finance = await measureFinance(); } catch (e) { financeNote = `could not measure: ${(e as Error).message.split('\n')[0]}`; }

  // 15. The admission leads list through the list contract, on a school of its own.
  console.log('… leads: the list of 50,000 leads, paged and searched');
  let leads: LeadsBench | null = null;
  let leadsNote = '';
  try { leads = await measureLeads(); } catch (e) { leadsNote = `could not measure: ${(e as Error).message.split('\n')[0]}`; }

  // 16. The library's search by code on 1,00,000 books, on a school of its own.
  console.log('… library: the search by code on 1,00,000 books');
  let library: LibraryBench | null = null;
  let libraryNote = '';
  try { library = await measureLibrary(); } catch (e) { libraryNote = `could not measure: ${(e as Error).message.split('\n')[0]}`; }

  // 17. Real time: sockets, pushes and two servers, on real server processes of their own (PostgreSQL and Redis).
  let realtime: RealtimeBench | null = null;
  let realtimeNote = '';
  try { realtime = await measureRealtime(); } catch (e) { realtimeNote = `could not measure: ${(e as Error).message.split('\n')[0]}`; }

  // 18. Online tests: 1,000 students taking one test, on PGlite and PostgreSQL, each next to raw SQL.
  console.log('… online tests: 1,000 students start, save for five minutes and submit');
  let onlineTests: OnlineTestBench | null = null;
  let onlineTestsNote = '';
  try { onlineTests = await measureOnlineTests(); } catch (e) { onlineTestsNote = `could not measure: ${(e as Error).message.split('\n')[0]}`; }

  // 19. Chat: delivery on one server and across two, next to a bare socket.io relay.
  let chat: string[];
  try { chat = await measureChat(); } catch (e) { chat = [`19. Chat: could not measure: ${(e as Error).message.split('\n')[0]}`]; }

  // ---------------------------------------------------------------- report
  const line = '-'.repeat(92);
  const out: string[] = [];
  out.push('', line);
  out.push(`School app bench, ${startedAt.toISOString()}: node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'})`);
  out.push(`Database: ${backend}`);
  out.push(`Setup: server = app + bare Fastify in ONE child process (node --import tsx), same Kysely handle;`);
  out.push(`       load = node:http closed loop in the parent process, ${CLIENTS} keep-alive clients; ${DURATION_MS / 1000} s measured per target\n       (two halves, order bare-app-app-bare, each after ${WARMUP_MS / 1000} s warm-up).`);
  out.push(`School: ${info.counts.teachers} teachers, ${info.counts.classes} classes, ${info.counts.subjects} subjects, ${info.counts.students} students in ${info.counts.studentClasses} classes` +
    ` (database open ${f0(info.timings.openMs)} ms, createSchool ${f0(info.timings.createSchoolMs)} ms, bulk inserts ${f0(info.timings.seedMs)} ms)`);
  out.push(line);
  out.push(`${pad('1. Throughput', 44)}${lpad('req/s', 9)}${lpad('p50 ms', 9)}${lpad('p99 ms', 9)}${lpad('max ms', 9)}${lpad('kB/resp', 9)}  sockets`);
  const row = rowOf;
  const pushPair = (p: Pair, bareLabel?: string) => out.push(...pairLines(p, bareLabel));
  for (const p of pairs) pushPair(p);
  out.push(listSummary(pairs));
  out.push(row('  load generator ceiling: bare GET /ping', ping));
  out.push(line);
  out.push(`2. Login, ${LOGINS} sequential POST /login/:  p50 ${f1(percentile(loginMs, 50))} ms   p99 ${f1(percentile(loginMs, 99))} ms   ` +
    `mean ${f1(loginMs.reduce((s, x) => s + x, 0) / loginMs.length)} ms`);
  out.push(line);
  const coldMs = cold.map((c) => c.ms);
  out.push(`3. Cold start, spawn of ${SERVER_ENTRY} to first 200 of GET /schools/:`);
  out.push(`   existing data directory (${DATABASE_URL ? 'PostgreSQL' : 'PGlite, 2 schools'}), SEED_DEMO=0: median ${f0(median(coldMs))} ms` +
    `   [runs: ${coldMs.map(f0).join(', ')} ms; main.ts's own "ready in": ${cold.map((c) => c.readyInMs ?? '?').join(', ')} ms]`);
  out.push(`   first-ever start, empty PGlite data directory (initdb + demo school): ${f0(firstStart.ms)} ms   [main.ts's own "ready in": ${firstStart.readyInMs ?? '?'} ms]`);
  out.push(line);
  if (bundle) {
    out.push(`4. Login screen JavaScript (${path.relative(ROOT, bundle.dir)}/index.html entry + modulepreload + static imports, gzip -9):`);
    for (const f of bundle.files) out.push(`     ${pad(f.file, 50)}${lpad(f1(kB(f.bytes)), 9)} kB raw${lpad(f1(kB(f.gzip)), 9)} kB gzip`);
    // The login route renders the lazily loaded PublicApp chunk, so it is part of what the login screen loads.
    const publicApp = bundle.lazy.find((l) => /PublicApp/.test(l.file));
    const loginGzip = bundle.totalGzip + (publicApp?.addsGzip ?? 0);
    out.push(`   entry: ${f1(kB(bundle.totalGzip))} kB gzip, ${f1(kB(bundle.totalBytes))} kB raw`);
    for (const l of bundle.lazy) out.push(`   lazy chunk ${l.file}: ${f1(kB(l.addsGzip))} kB gzip in ${l.addsFiles.length} files${l === publicApp ? ' (the login, forgot and reset screens)' : ''}`);
    out.push(`   login screen = entry + ${publicApp ? publicApp.file : '(no PublicApp chunk found)'}: ${f1(kB(loginGzip))} kB gzip (goal < ${BUNDLE_GOAL_KB} kB: ${kB(loginGzip) < BUNDLE_GOAL_KB ? 'met' : 'NOT met'})`);
  } else {
    out.push(`4. Login screen JavaScript: ${bundleNote}`);
  }
  out.push(line);
  out.push(`5. Students`);
  out.push(`   export of all current students (${students.export.rows} rows, ${f0(students.export.kB)} kB CSV): median ${f0(students.export.medianMs)} ms` +
    `   [runs: ${students.export.runsMs.map(f0).join(', ')} ms]`);
  const imp5 = students.import;
  out.push(`   CSV import, ${imp5.rows} rows (${imp5.logins} new logins): ${f1(imp5.ms / 1000)} s = ${f0(imp5.rowsPerSecond)} rows/s` +
    `   [upload ${f0(imp5.uploadMs)} ms; added ${imp5.added}, skipped ${imp5.skipped}, errors ${imp5.errors}]` +
    `  (goal >= ${IMPORT_GOAL_ROWS_PER_S} rows/s: ${imp5.rowsPerSecond >= IMPORT_GOAL_ROWS_PER_S ? 'met' : 'NOT met'})`);
  out.push(`     baseline: multi-row inserts of the same ${imp5.rows} students + year rows: ${f0(students.rawInsert.ms)} ms = ${f0(students.rawInsert.rowsPerSecond)} rows/s` +
    `  (import/raw = ${f2(imp5.rowsPerSecond / students.rawInsert.rowsPerSecond)})`);
  // The family logins' password is their username until changed, so the import makes no hash; this is what hashing them would add.
  out.push(`     beside it: argon2 hashes of ${students.hashes.n} of the logins: ${f0(students.hashes.perSecond)} hashes/s, so hashing all ${students.hashes.logins}` +
    ` would take ${f1(students.hashes.logins / students.hashes.perSecond)} s (${f1(imp5.ms / 1000)} s for the whole import)`);
  const lt = students.light;
  out.push(`   light call ${lt.path} beside it (2 clients, ${LIGHT_THINK_MS} ms apart):  idle p50 ${f2(lt.idle.p50)} ms  p99 ${f2(lt.idle.p99)} ms  max ${f1(lt.idle.max)} ms;` +
    `  during the import p50 ${f2(lt.duringImport.p50)} ms  p99 ${f2(lt.duringImport.p99)} ms  max ${f1(lt.duringImport.max)} ms  (${lt.duringImport.n} calls, ${lt.duringImport.errors} errors)`);
  out.push(line);
  const fc = info.fees;
  out.push(`6. Fees: ${fc.bills.toLocaleString('en-IN')} bills (${fc.lines.toLocaleString('en-IN')} lines) and ${fc.installments.toLocaleString('en-IN')} installments (${fc.refunds.toLocaleString('en-IN')} refunds)` +
    ` for the ${info.counts.students.toLocaleString('en-IN')} students, INSERT ... SELECT in ${f0(info.timings.feesSeedMs)} ms; ${CLIENTS} clients as in 1.`);
  out.push(`${pad('', 44)}${lpad('req/s', 9)}${lpad('p50 ms', 9)}${lpad('p99 ms', 9)}${lpad('max ms', 9)}${lpad('kB/resp', 9)}  sockets`);
  for (const p of feePairs.slice(0, -1)) pushPair(p);
  out.push(`  One client, one request after another (at least ${SINGLE_MS / 1000} s and ${2 * SINGLE_MIN_REQUESTS} requests per target, in two halves run bare, app, previous, previous, app, bare):`);
  out.push(`${pad('', 44)}${lpad('req/s', 9)}${lpad('p50 ms', 9)}${lpad('p99 ms', 9)}${lpad('max ms', 9)}${lpad('kB/resp', 9)}  sockets`);
  for (const x of singles) {
    out.push(`  ${x.endpoint}`);
    out.push(row('    app, 1 client', x.app));
    out.push(row('    bare Fastify, same SQL, 1 client', x.bare));
    out.push(row('    previous release\'s SQL, 1 client', x.naive));
    out.push(`    app p50 ${f1(x.app.p50)} ms (goal < ${x.goalMs} ms: ${x.app.p50 < x.goalMs ? 'met' : 'NOT met'});  previous SQL p50 / this SQL p50 = ${f1(x.naive.p50 / x.bare.p50)}x;` +
      `  same JSON from all three: ${x.sameJson}`);
  }
  const billing = feePairs.at(-1)!;
  pushPair(billing, '    bare Fastify, ledger calls only');
  out.push(`    billing: ${f0(billing.app.rps)} bills/s through the app, ${f0(billing.bare.rps)} bills/s through the ledger alone` +
    ` (${billing.app.requests + billing.bare.requests} bills made while measured)`);
  out.push(`    ledger check after the runs: ${feeCheck.bills.toLocaleString('en-IN')} bills, ${feeCheck.installments.toLocaleString('en-IN')} installments;` +
    ` bills whose paid amount is not the sum of their installments: ${feeCheck.paid_mismatch}; repeated receipt numbers: ${feeCheck.receipt_duplicates}`);
  out.push(line);
  if (slow) out.push(...formatSlowNetwork(slow));
  else out.push(`7. Slow phone network: ${slowNote}`);
  out.push(line);
  out.push(...formatBackupBench(backup, writes, backupNote));
  out.push(line);
  out.push(...formatMarksBench(marks, marksNote));
  out.push(line);
  out.push(...formatReportCardBench(reportCards, reportCardsNote));
  out.push(line);
  out.push(...formatAttendanceBench(attendance, attendanceNote));
  out.push(line);
  out.push(...formatDashboardBench(dashboard, dashboardNote));
  out.push(line);
  out.push(...formatPayrollBench(payroll, payrollNote));
  out.push(line);
  out.push(...formatFinanceBench(finance, financeNote));
  out.push(line);
  out.push(...formatLeadsBench(leads, leadsNote));
  out.push(line);
  out.push(...formatLibraryBench(library, libraryNote));
  out.push(line);
  out.push(...formatRealtimeBench(realtime, realtimeNote));
  out.push(line);
  out.push(...formatOnlineTestBench(onlineTests, onlineTestsNote));
  out.push(line);
  out.push(...chat);
  out.push(line);
  console.log(out.join('\n'));

  const json = {
    at: startedAt.toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    database: DATABASE_URL ? 'postgres' : 'pglite',
    setup: { server: 'child process: app + bare Fastify, same Kysely handle', load: 'parent process, node:http keep-alive', clients: CLIENTS, warmupMs: WARMUP_MS, durationMs: DURATION_MS },
    school: { counts: info.counts, timings: info.timings },
    throughput: pairs.map((p) => ({ endpoint: p.endpoint, app: p.app, bare: p.bare, ratio: p.ratio, ratioGoal: p.goal, sameJson: p.sameJson })),
    loadGeneratorCeiling: ping,
    students,
    fees: { seeded: { ...info.fees, items: undefined, seedMs: info.timings.feesSeedMs }, throughput: feePairs.map((p) => ({ endpoint: p.endpoint, app: p.app, bare: p.bare, ratio: p.ratio, sameJson: p.sameJson })), singleClient: singles, check: feeCheck },
    login: { n: loginMs.length, p50: percentile(loginMs, 50), p99: percentile(loginMs, 99), samples: loginMs },
    coldStart: { existingDataDir: { medianMs: median(coldMs), runs: cold }, firstEverStart: firstStart },
    backup: backup ?? { skipped: backupNote },
    durableCommits: writes,
    marks: marks ?? { skipped: marksNote },
    reportCards: reportCards ?? { skipped: reportCardsNote },
    attendance: attendance ?? { skipped: attendanceNote },
    dashboard: dashboard ?? { skipped: dashboardNote },
    payroll: payroll ?? { skipped: payrollNote },
    finance: finance ?? { skipped: financeNote },
    library: library ?? { skipped: libraryNote },
    leads: leads ?? { skipped: leadsNote },
    realtime: realtime ?? { skipped: realtimeNote },
    onlineTests: onlineTests ?? { skipped: onlineTestsNote },
    slowNetwork: slow ? { ...slow, network: FAST_3G, cpuSlowdown: CPU_SLOWDOWN, viewport: VIEWPORT, goals: SLOW_GOALS } : { skipped: slowNote },
    bundle: bundle ? { ...bundle, dir: path.relative(ROOT, bundle.dir), entryGzipKb: kB(bundle.totalGzip), loginScreenGzipKb: kB(bundle.totalGzip + (bundle.lazy.find((l) => /PublicApp/.test(l.file))?.addsGzip ?? 0)), goalKb: BUNDLE_GOAL_KB } : { skipped: bundleNote },
  };
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`Figures written to ${path.relative(ROOT, OUT)}`);
}

main().then(
  () => process.exit(0),
  async (e) => {
    if (interrupted) return; // the signal handler cleans up and exits
    console.error(`Bench failed: ${e instanceof Error ? e.message : e}`);
    await cleanup().catch(() => undefined);
    process.exit(1);
  },
);
