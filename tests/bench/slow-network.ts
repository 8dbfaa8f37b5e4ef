/**
 * A parent's first visit on a budget phone over 3G: the built app (dist/server/main.js on a fresh
 * PGlite directory with the demo school) in Debian's Chromium emulating DevTools' "Fast 3G"
 * (562.5 ms latency, 1.44 Mbps down, 675 kbps up), a CPU 4x slower and a 390x844 screen, with an
 * empty cache. Measures
 *  - time from navigation to a usable login form (the Login button shown and enabled) and the
 *    bytes transferred until then;
 *  - time from the Login click to the parent's home (the first child's details shown) and the
 *    bytes transferred in between.
 * Median of SLOW_RUNS runs (3), each in a new browser context. `npm run bench` runs it; alone:
 * `node --import tsx tests/bench/slow-network.ts` after `npm run build`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type CDPSession } from 'playwright-core';
import { freePort } from '../support/process.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Chromium DevTools' "Fast 3G" preset (latency x3.75, throughput x0.9 of the nominal 150 ms, 1.6 Mbps, 750 kbps). */
export const FAST_3G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};
export const CPU_SLOWDOWN = 4;
export const VIEWPORT = { width: 390, height: 844 };
/** A person typing three fields on a phone takes at least this long. */
const TYPING_MS = 3000;
const DEMO = { code: 'DEMO01', mobile: '9800000001', password: 'Demo@1234', child: 'Aarav Kumar' };

export interface SlowRun { loginFormMs: number; loginFormBytes: number; typingBytes: number; homeMs: number; homeBytes: number }
export interface SlowNetworkReport { runs: SlowRun[]; median: SlowRun }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;


/** Counts the bytes received over the wire (headers and bodies, as encoded) since the last reset. */
async function byteCounter(cdp: CDPSession) {
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => { bytes += e.encodedDataLength; });
  await cdp.send('Network.enable');
  return { take() { const b = bytes; bytes = 0; return b; } };
}

async function oneRun(browser: Browser, url: string): Promise<SlowRun> {
  const context = await browser.newContext({ viewport: VIEWPORT, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    const cdp = await context.newCDPSession(page);
    const counter = await byteCounter(cdp);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    const t0 = performance.now();
    await page.goto(`${url}/login`, { waitUntil: 'commit' });
    const login = page.getByRole('button', { name: /^login$/i });
    await login.waitFor({ state: 'visible' });
    await page.waitForFunction(() => {
      const b = [...document.querySelectorAll('button')].find((x) => /^login$/i.test(x.textContent?.trim() ?? ''));
      return !!b && !(b as HTMLButtonElement).disabled && !!document.querySelector('input#login_password');
    });
    const loginFormMs = performance.now() - t0;
    const loginFormBytes = counter.take();
    // What the page goes on fetching while the person types is counted apart.
    await page.getByLabel(/institution code/i).fill(DEMO.code);
    await page.getByLabel(/email or mobile/i).fill(DEMO.mobile);
    await page.getByLabel(/^password/i).fill(DEMO.password);
    await sleep(TYPING_MS);
    const typingBytes = counter.take();

    const t1 = performance.now();
    await login.click();
    await page.getByText(DEMO.child, { exact: false }).first().waitFor({ state: 'visible' });
    await page.locator('.ant-descriptions-item-content', { hasText: DEMO.child }).first().waitFor({ state: 'visible' });
    const homeMs = performance.now() - t1;
    await sleep(500); // requests still in flight at that moment
    const homeBytes = counter.take();
    return { loginFormMs, loginFormBytes, typingBytes, homeMs, homeBytes };
  } finally {
    await context.close();
  }
}

/** Starts the built server on a fresh data directory, runs `runs` first visits, stops it. */
export async function measureSlowNetwork(runs = Number(process.env.SLOW_RUNS ?? 3)): Promise<SlowNetworkReport> {
  const entry = path.join(ROOT, 'dist/server/main.js');
  if (!fs.existsSync(entry)) throw new Error('Build the app first (npm run build)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-slow-'));
  const port = await freePort();
  const server = spawn(process.execPath, [entry], {
    cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: '1', AUTH_RATE_LIMIT: '1000' },
  });
  const output: string[] = [];
  server.stdout!.on('data', (c: Buffer) => output.push(c.toString()));
  server.stderr!.on('data', (c: Buffer) => output.push(c.toString()));
  let browser: Browser | null = null;
  try {
    const url = `http://127.0.0.1:${port}`;
    for (let t0 = Date.now(); ; await sleep(100)) {
      if (server.exitCode !== null) throw new Error(`The server exited: ${output.join('').slice(-2000)}`);
      if (Date.now() - t0 > 180_000) throw new Error('The server did not start within 180 s');
      const ok = await fetch(`${url}/login`).then((r) => r.ok, () => false);
      if (ok) break;
    }
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const all: SlowRun[] = [];
    for (let i = 0; i < runs; i++) all.push(await oneRun(browser, url));
    const pick = (k: keyof SlowRun) => median(all.map((r) => r[k]));
    return { runs: all, median: { loginFormMs: pick('loginFormMs'), loginFormBytes: pick('loginFormBytes'), typingBytes: pick('typingBytes'), homeMs: pick('homeMs'), homeBytes: pick('homeBytes') } };
  } finally {
    await browser?.close().catch(() => {});
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.on('exit', r)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export const SLOW_GOALS = { loginFormMs: 2500, homeMs: 3000 };

/** The report's lines. */
export function formatSlowNetwork(r: SlowNetworkReport): string[] {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const kb = (b: number) => `${(b / 1000).toFixed(0)} kB`;
  const m = r.median;
  return [
    `7. Slow phone network, first visit (Chromium: Fast 3G ${FAST_3G.latency} ms, CPU ${CPU_SLOWDOWN}x slower, ${VIEWPORT.width}x${VIEWPORT.height}; median of ${r.runs.length}):`,
    `   usable login form: ${s(m.loginFormMs)}, ${kb(m.loginFormBytes)} transferred (goal < ${s(SLOW_GOALS.loginFormMs)}: ${m.loginFormMs < SLOW_GOALS.loginFormMs ? 'met' : 'NOT met'})`,
    `   while the form is filled in (${TYPING_MS / 1000} s): ${kb(m.typingBytes)} transferred`,
    `   Login click to the parent's home: ${s(m.homeMs)}, ${kb(m.homeBytes)} transferred (goal < ${s(SLOW_GOALS.homeMs)}: ${m.homeMs < SLOW_GOALS.homeMs ? 'met' : 'NOT met'})`,
    `   [runs: ${r.runs.map((x) => `${s(x.loginFormMs)} / ${s(x.homeMs)}`).join(', ')}]`,
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  measureSlowNetwork().then(
    (r) => { console.log(formatSlowNetwork(r).join('\n')); process.exit(0); },
    (e) => { console.error(e); process.exit(1); },
  );
}
