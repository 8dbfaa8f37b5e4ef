/**
 * Real server and command processes for tests about what only a process can show:
 * signals, kill -9, the store lock, the school command.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const dirs: string[] = [];

/** A fresh temporary directory, removed by cleanTempDirs(). */
export function tempDir(prefix = 'school-proc-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

export function cleanTempDirs() {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
}

/**
 * The environment of a child process. `embedded: true` drops DATABASE_URL so the
 * child uses PGlite in DATA_DIR even when the tests run against PostgreSQL.
 */
export function childEnv(vars: Record<string, string | undefined>, opts: { embedded?: boolean } = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, AUTH_RATE_LIMIT: '1000', LOG_REQUESTS: '0' };
  if (opts.embedded) delete env.DATABASE_URL;
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  proc: ChildProcess;
  port: number;
  base: string;
  dataDir: string;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  exited: Promise<Exit>;
  /** Resolves once the output matches; rejects if the process ends first. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** Resolves once GET /schools/ answers; rejects if the process ends first. */
  ready(timeoutMs?: number): Promise<void>;
  /** Sends a signal and waits for the exit; kills it hard if it has not exited after `timeoutMs`. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<Exit & { ms: number }>;
}

const running = new Set<ServerProcess>();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ServerOptions {
  dataDir: string;
  env?: Record<string, string | undefined>;
  /** Use PGlite in dataDir even when DATABASE_URL is set. */
  embedded?: boolean;
  /** SEED_DEMO (default on: a first start creates the demo school DEMO01). */
  seedDemo?: boolean;
  timeoutMs?: number;
}

/** Starts `node --import tsx src/server/main.ts` and waits until GET /schools/ answers. */
export async function startServer(opts: ServerOptions): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const server = await spawnServer(opts);
    try {
      await server.ready(opts.timeoutMs);
      return server;
    } catch (e) {
      // Someone took the free port between our look and the server's listen: another one.
      if (attempt < 3 && /EADDRINUSE/.test(server.output())) continue;
      throw e;
    }
  }
}

/** Spawns the server on a free port without waiting for it. */
export async function spawnServer(opts: ServerOptions): Promise<ServerProcess> {
  const port = await freePort();
  const env = childEnv({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: opts.dataDir, SEED_DEMO: opts.seedDemo === false ? '0' : '1', ...opts.env }, { embedded: opts.embedded });
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  // 'close' comes after the exit and after the output pipes are drained.
  const exited = new Promise<Exit>((resolve) => proc.on('close', (code, signal) => resolve({ code, signal })));
  let gone: Exit | null = null;
  void exited.then((e) => {
    gone = e;
    running.delete(server);
  });
  const base = `http://127.0.0.1:${port}`;

  /** Polls `check` until it is true; fails when the process ends or time runs out. */
  async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (await check()) return;
      if (gone) throw new Error(`The server exited (${JSON.stringify(gone)}) before ${what}:\n${out}`);
      if (Date.now() > deadline) {
        await server.stop('SIGKILL');
        throw new Error(`The server did not get to ${what} within ${timeoutMs} ms:\n${out}`);
      }
      await sleep(50);
    }
  }

  const server: ServerProcess = {
    proc, port, base, dataDir: opts.dataDir, exited,
    output: () => out,
    waitForOutput: (pattern, timeoutMs = 60_000) => until(`printing ${pattern}`, () => pattern.test(out), timeoutMs),
    ready: (timeoutMs = 60_000) => until('answering GET /schools/', async () => {
      try {
        return (await fetch(`${base}/schools/`, { signal: AbortSignal.timeout(2000) })).ok;
      } catch {
        return false; // not listening yet
      }
    }, timeoutMs),
    async stop(signal = 'SIGTERM', timeoutMs = 10_000) {
      const t0 = Date.now();
      if (!gone) proc.kill(signal);
      const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
      const e = await exited;
      clearTimeout(timer);
      running.delete(server);
      return { ...e, ms: Date.now() - t0 };
    },
  };
  running.add(server);
  return server;
}

/** Stops every server still running (afterAll safety net). */
export async function stopAllServers() {
  await Promise.all([...running].map((s) => s.stop('SIGTERM', 5000)));
}

export interface CliResult extends Exit {
  stdout: string;
  stderr: string;
}

/** Runs `node --import tsx src/server/cli.ts …args` to its end. */
export function runCli(args: string[], opts: { dataDir: string; env?: Record<string, string | undefined>; embedded?: boolean; timeoutMs?: number }): Promise<CliResult> {
  const env = childEnv({ DATA_DIR: opts.dataDir, ...opts.env }, { embedded: opts.embedded });
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  proc.stdout!.on('data', (d) => (stdout += d));
  proc.stderr!.on('data', (d) => (stderr += d));
  return new Promise((resolve) => {
    const timer = setTimeout(() => proc.kill('SIGKILL'), opts.timeoutMs ?? 60_000);
    proc.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** JSON over HTTP against a running server; answers status and parsed body, never throws on a status. */
export async function api<T = any>(base: string, call: string, body?: unknown, token?: string): Promise<{ status: number; body: { success: boolean; data: T; error: string | null; message?: string } }> {
  const [method, url] = call.split(' ') as [string, string];
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: any;
  try { parsed = JSON.parse(text); } catch { parsed = { raw: text }; }
  return { status: res.status, body: parsed };
}
