import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterEach, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase, type Database } from '../../src/server/db/index.js';
import { DEMO } from '../../src/server/db/seed-demo.js';
import { SCHOOL_TZ, schoolToday } from '../../src/server/framework/periods.js';
import { schemaFor } from '../../src/server/framework/schools.js';
import { openDemoStore } from '../support/demo-store.js';

export { DEMO };

/** The phone parents and students are designed for first. */
export const PHONE = { width: 390, height: 844 };

export interface E2E {
  url: string;
  app: FastifyInstance;
  database: Database;
  /** The demo school's database handle, for reading the outbox and adding people. */
  demoDb: Database['db'];
  browser: Browser;
  /** A page of its own (a fresh context): a desktop window, or a phone's touch screen (PHONE). */
  newPage(opts?: { phone?: boolean }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/**
 * The real server with the built browser app, on a fresh embedded database holding
 * the demo school, and Debian's Chromium. The server runs in this process so a test
 * can read the e-mail outbox and add people the screens cannot add yet. `chromiumArgs` adds
 * switches for one test file's browser (a fake camera).
 */
export async function startE2E(opts: { chromiumArgs?: string[] } = {}): Promise<E2E> {
  // E2E_CLIENT_DIR: a build elsewhere than dist/client (parallel work on one checkout).
  const clientDir = path.resolve(process.env.E2E_CLIENT_DIR ?? 'dist/client');
  if (!fs.existsSync(path.join(clientDir, 'index.html'))) throw new Error('Build the app first (npm run build)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-e2e-'));
  const base = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: undefined });
  const database = await demoStore(dataDir);
  const config = { ...base, clientDir, authRateLimit: 1000 };
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  config.publicUrl = url;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...(opts.chromiumArgs ?? [])],
    // The school's people are in India: in the evening UTC, a browser on UTC would still be on yesterday.
    env: { ...process.env, TZ: SCHOOL_TZ },
  });
  return {
    url, app, database, browser,
    demoDb: database.db.withSchema(schemaFor(DEMO.code)),
    async newPage(opts = {}) {
      const context = await browser.newContext(opts.phone
        ? { baseURL: url, viewport: PHONE, isMobile: true, hasTouch: true }
        : { baseURL: url, viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      openPages.add(page);
      return { context, page };
    },
    async close() {
      await browser.close().catch(() => {});
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A copy of the run's seeded demo store (tests/support/e2e-setup.ts), or a new one once the school's day has turned. */
async function demoStore(dataDir: string): Promise<Database> {
  const template = inject('demoStore');
  if (template?.day === schoolToday()) {
    fs.cpSync(template.dir, dataDir, { recursive: true });
    return openDatabase({ dataDir, databaseUrl: undefined });
  }
  return (await openDemoStore(dataDir)).database;
}

/** Fills the login form: institution code, email or mobile, password. */
export async function logIn(page: Page, code: string, user: string, password = DEMO.password) {
  await page.goto('/login');
  await page.getByLabel(/institution code/i).fill(code);
  await page.getByLabel(/email or mobile/i).fill(user);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /log ?in|sign in/i }).click();
}

/** Logs in and waits until the app has left the login screen. */
export async function signIn(page: Page, code: string, user: string, password = DEMO.password) {
  await logIn(page, code, user, password);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

/** The usual start of a staff screen test: the server, and one page signed in as the demo school's super admin. */
export async function startSignedIn(code: string = DEMO.code): Promise<{ e: E2E; page: Page }> {
  const e = await startE2E();
  const { page } = await e.newPage();
  await signIn(page, code, DEMO.admin);
  return { e, page };
}

/**
 * Picks an option of an antd Select found by its form label. The input is covered, so the
 * wrapper is clicked; typing narrows the (virtualised) option list before the click.
 */
export async function pick(page: Page, label: RegExp | string, option: string) {
  const item = page.locator('.ant-form-item, span:has(> label)', { has: page.getByText(label, { exact: typeof label === 'string' }) }).last();
  await item.locator('.ant-select').first().click();
  await page.keyboard.type(option);
  const exact = new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const wanted = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: exact }).first();
  await wanted.waitFor();
  // Keyboard choice is immune to the list re-rendering under the pointer; click when it is not the active one.
  const active = await page.locator('.ant-select-dropdown:visible .ant-select-item-option-active').first().textContent().catch(() => null);
  if (active?.trim() === option) await page.keyboard.press('Enter');
  else await wanted.click();
  await item.locator('.ant-select-selection-item', { hasText: exact }).first().waitFor();
}

/**
 * Opens a side-menu entry as a person does: the menu first when it is closed (a phone), then
 * the entry's module group when another one is open (one group is open at a time). The entry
 * is named by its text (a string matches it whole) or by its link's path.
 */
export async function openFromMenu(page: Page, entry: string | RegExp | { href: string }) {
  const toggle = page.locator('button[aria-controls="side-menu"]');
  await toggle.waitFor();
  if (await toggle.getAttribute('aria-expanded') === 'false') await toggle.click();
  // A menu still sliding in shows its links as hidden, which would read as a closed group.
  await settled(page);
  const sider = page.locator('.ant-layout-sider');
  // Relative to whatever holds it: the sider, or the group it sits in.
  const anchor = typeof entry === 'object' && 'href' in entry
    ? page.locator(`a[href="${entry.href}"]`)
    : page.locator('a').filter({ hasText: typeof entry === 'string' ? new RegExp(`^${entry.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : entry });
  const link = sider.locator(anchor);
  await link.first().waitFor({ state: 'attached' });
  // A group is opened only when closed: a click on an open group's title closes it.
  const group = sider.locator('.ant-menu-submenu').filter({ has: anchor }).first();
  if (await group.count() > 0 && !/\bant-menu-submenu-open\b/.test(await group.getAttribute('class') ?? '')) {
    await group.locator('.ant-menu-submenu-title').first().click();
    await settled(page);
  }
  await link.first().click();
}

/** The form on the page (lists and forms share labels such as Name). */
export const form = (page: Page) => page.locator('form').first();

/** A call on the demo school's API, for what a test sets up without the screens: the answer's data; a refusal throws, naming the call. */
export async function demoApi<T = any>(e: E2E, method: string, path: string, body?: unknown, bearer?: string): Promise<T> {
  const res = await e.app.inject({
    method: method as any, url: `/api/${DEMO.code}${path}`, payload: body as any,
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
  });
  const json = res.json();
  if (!json.success) throw new Error(`${method} ${path}: ${res.statusCode} ${json.error}`);
  return json.data as T;
}

/** The demo admin's bearer token, for demoApi. */
export const adminToken = async (e: E2E) =>
  (await demoApi<{ token: string }>(e, 'POST', '/login/', { email: DEMO.admin, password: DEMO.password })).token;

/** The notification that says `text`. */
export const toast = (page: Page, text: string) => page.locator('.ant-notification-notice').filter({ hasText: text }).first();

/**
 * Dialogs and pop-overs done opening: a screenshot shows them as a person does, and a click
 * lands on a button that has stopped moving (a loaded machine can stretch the animation).
 */
export const settled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 3_000 }).catch(() => {});

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0/2.1 A and AA rules, and the best practices the app keeps (one h1, landmarks). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** Best-practice rules held as strictly as the serious WCAG failures. */
const KEPT_PRACTICES = ['page-has-heading-one', 'landmark-one-main', 'bypass'];

export interface AxeFinding { id: string; impact: string | null; help: string; targets: string[] }

/** The serious and critical accessibility failures axe-core finds on the page as it stands. */
export async function accessibilityProblems(page: Page): Promise<AxeFinding[]> {
  // The screen's data in: a button that is disabled until its rows arrive is not caught changing.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
  // Colours caught mid-transition (a button leaving its disabled look) are not what anyone reads.
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined, { timeout: 3_000 },
  ).catch(() => {});
  // Evaluated rather than added as a script tag, so a Content-Security-Policy cannot block it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async ({ tags, kept }) => {
    const axe = (window as any).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return (result.violations as any[])
      .filter((v) => v.impact === 'serious' || v.impact === 'critical' || kept.includes(v.id))
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n: any) => [n.target.join(' '), n.any?.[0]?.message ?? ''].join(' : ')) }));
  }, { tags: AXE_TAGS, kept: KEPT_PRACTICES });
}

/** Fails, naming each rule and element, when the page has serious or critical accessibility failures. */
export async function expectAccessible(page: Page, where = '') {
  // Let the screen settle: no spinner left, nothing mid-animation.
  await page.waitForLoadState('load').catch(() => {});
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout: 5_000 }).catch(() => {});
  await page.waitForTimeout(300);
  const problems = await accessibilityProblems(page);
  if (problems.length === 0) return;
  const lines = problems.map((p) => `  ${p.id} (${p.impact}): ${p.help}\n${p.targets.slice(0, 8).map((t) => `    ${t}`).join('\n')}${p.targets.length > 8 ? `\n    … ${p.targets.length - 8} more` : ''}`);
  throw new Error(`Accessibility failures on ${where || page.url()}:\n${lines.join('\n')}`);
}

/** Pages opened through newPage(): each test ends with a check of the screen every open one shows. */
const openPages = new Set<Page>();
afterEach(async () => {
  for (const page of openPages) {
    if (page.isClosed()) { openPages.delete(page); continue; }
    if (page.url().startsWith('http')) await expectAccessible(page);
  }
});
