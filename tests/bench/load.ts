import http from 'node:http';

/** A closed-loop HTTP load generator: N clients, each on its own keep-alive socket. */
export interface LoadOptions {
  port: number;
  /** Several servers behind no balancer: request i of client k goes to ports[(k + i) % ports.length] (port unused). */
  ports?: number[];
  /** Paths to request; client k's i-th request uses paths[(k + i * clients) % paths.length]. */
  paths: string[];
  headers?: Record<string, string>;
  clients: number;
  warmupMs: number;
  durationMs: number;
  /** GET unless said; a method with a body (PUT /fees/pay/) takes client k's i-th body from `body`. */
  method?: string;
  body?: (k: number, i: number) => unknown;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  mean: number;
  max: number;
  errors: number;
  non2xx: number;
  sockets: number;
  kbPerResponse: number;
}

/** The raw figures of one run; several runs of the same target are summarised together. */
export interface LoadRun { samples: Float64Array; durationMs: number; errors: number; non2xx: number; bytes: number; sockets: number }

export interface Reply { status: number; body: string; ms: number }

/** One request; the body is read whole. */
export function request(port: number, method: string, path: string, opts: { agent?: http.Agent | false; headers?: Record<string, string>; body?: unknown; onSocket?: (s: unknown) => void } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const t0 = performance.now();
    const req = http.request({
      host: '127.0.0.1', port, method, path, agent: opts.agent ?? false,
      headers: { ...opts.headers, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
    }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8'), ms: performance.now() - t0 }));
      res.on('error', reject);
    });
    if (opts.onSocket) req.on('socket', opts.onSocket);
    req.on('error', reject);
    req.end(payload);
  });
}

export const percentile = (sorted: ArrayLike<number>, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : NaN;

export async function runLoad(o: LoadOptions): Promise<LoadRun> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.clients, maxFreeSockets: o.clients });
  const sockets = new Set<unknown>();
  const start = performance.now();
  const measureFrom = start + o.warmupMs;
  const endAt = measureFrom + o.durationMs;
  let lat = new Float64Array(1 << 16);
  let n = 0;
  let errors = 0;
  let non2xx = 0;
  let bytes = 0;

  async function client(k: number) {
    for (let i = 0; performance.now() < endAt; i++) {
      const path = o.paths[(k + i * o.clients) % o.paths.length]!;
      const port = o.ports?.length ? o.ports[(k + i) % o.ports.length]! : o.port;
      try {
        const r = await request(port, o.method ?? 'GET', path, { agent, headers: o.headers, body: o.body?.(k, i), onSocket: (s) => sockets.add(s) });
        const done = performance.now();
        if (done < measureFrom || done > endAt) continue;
        if (r.status < 200 || r.status >= 300) non2xx++;
        if (n === lat.length) { const bigger = new Float64Array(lat.length * 2); bigger.set(lat); lat = bigger; }
        lat[n++] = r.ms;
        bytes += r.body.length;
      } catch {
        errors++;
        await new Promise((r) => setTimeout(r, 10));
      }
    }
  }
  await Promise.all(Array.from({ length: o.clients }, (_, k) => client(k)));
  agent.destroy();
  return { samples: lat.slice(0, n), durationMs: o.durationMs, errors, non2xx, bytes, sockets: sockets.size };
}

/** Requests per second over the runs' measured time, latency percentiles over all their samples. */
export function summarize(runs: LoadRun[]): LoadResult {
  const n = runs.reduce((s, r) => s + r.samples.length, 0);
  const sorted = new Float64Array(n);
  let at = 0;
  for (const r of runs) { sorted.set(r.samples, at); at += r.samples.length; }
  sorted.sort();
  let sum = 0;
  for (let i = 0; i < n; i++) sum += sorted[i]!;
  const seconds = runs.reduce((s, r) => s + r.durationMs, 0) / 1000;
  return {
    requests: n,
    rps: n / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    mean: n ? sum / n : NaN,
    max: n ? sorted[n - 1]! : NaN,
    errors: runs.reduce((s, r) => s + r.errors, 0),
    non2xx: runs.reduce((s, r) => s + r.non2xx, 0),
    sockets: Math.max(...runs.map((r) => r.sockets)),
    kbPerResponse: n ? runs.reduce((s, r) => s + r.bytes, 0) / n / 1024 : 0,
  };
}
