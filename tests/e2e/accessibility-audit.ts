/**
 * WCAG 2.1 AA on every screen in a demo role's menu, on a desktop and on a 390×844 phone:
 * each opens with no call refused, axe-core finds no serious or critical failure, each screen has one h1, and the keyboard
 * reaches a skip link first and the menu toggle on the phone. The menu's screens are opened from
 * the menu, as a person does, from the foot of the screen before: each opens at its top, the
 * menu has at most its current group open, and no screen is wider than the phone.
 * The roles are audited in files of their own (accessibility-*.test.ts), so they run side by side.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RESOURCES } from '../../src/shared/registry.js';
import { roleAllows } from '../../src/shared/resource.js';
import { DEMO, accessibilityProblems, openFromMenu, signIn, startE2E, type E2E, PHONE } from './support.js';

const DESKTOP = { width: 1280, height: 900 };

let e: E2E;

/** The demo roles: name, login and role number. */
export const ROLES = {
  admin: [DEMO.admin, 4],
  office: [DEMO.office, 3],
  teacher: [DEMO.teacher, 2],
  librarian: [DEMO.librarian, 7],
  parent: [DEMO.parentMobile, 1],
} as const satisfies Record<string, readonly [string, number]>;

/** Signs in and records every call the server refuses, and every error notification shown. */
async function signedIn(user: string, viewport = DESKTOP) {
  const context = await e.browser.newContext({ baseURL: e.url, viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/') && (r.status() === 403 || r.status() === 401)) refused.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  await signIn(page, DEMO.code, user);
  return { context, page, refused };
}

const errorToasts = (page: Page) => page.locator('.ant-notification-notice-error').allTextContents();

/** Every screen the side menu links to, the add form of each list the role may add to, home, profile and settings. */
async function menuScreens(page: Page, role: number): Promise<{ screens: string[]; links: string[] }> {
  await page.locator('.ant-layout-sider a[href]').first().waitFor();
  const links = await page.locator('.ant-layout-sider a[href]').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  const forms = RESOURCES
    .filter((r) => r.routes?.list && links.includes(r.routes.list) && r.routes.create && !r.routes.create.includes(':') && roleAllows(r, role, 'create'))
    .map((r) => r.routes!.create!);
  return { screens: [...new Set(['/', ...links, ...forms, '/profile', '/settings'])], links };
}

/** Where the screen stands once opened: scrolled, its heading's top, its width, the menu's open groups. */
const standing = (page: Page) => page.evaluate(() => ({
  scrollY: window.scrollY,
  headingTop: document.querySelector('main h1')?.getBoundingClientRect().top ?? -1,
  width: document.documentElement.scrollWidth,
  openGroups: document.querySelectorAll('.ant-layout-sider .ant-menu-submenu-open').length,
}));

/**
 * Opens each screen (from the side menu when it has an entry there, else by its address) and
 * lists what axe-core and the screen's standing show, so one run names every failing screen.
 */
async function audit(page: Page, screens: string[], links: string[], label: string, viewport: { width: number; height: number }) {
  const failures: string[] = [];
  for (const [i, path] of screens.entries()) {
    const fromMenu = i > 0 && links.includes(path);
    if (fromMenu) {
      // From the foot of the screen before: a long page's scroll must not carry over.
      const before = new URL(page.url()).pathname;
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await openFromMenu(page, { href: path });
      if (path !== before) {
        await page.waitForURL((u) => u.pathname !== before, { timeout: 30_000 })
          .catch((e: Error) => { throw new Error(`${label}: the menu's ${path} left the screen at ${before}: ${e.message}`); });
      }
    } else {
      await page.goto(path);
    }
    await page.locator('main h1').first().waitFor({ state: 'attached', timeout: 5_000 }).catch(() => {});
    await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
    await page.waitForTimeout(300);
    const at = await standing(page);
    if (fromMenu && (at.scrollY !== 0 || at.headingTop < 0 || at.headingTop > viewport.height)) {
      failures.push(`${label} ${path} opens scrolled to ${at.scrollY} px, its heading at ${Math.round(at.headingTop)} px`);
    }
    if (at.width > viewport.width) failures.push(`${label} ${path} is ${at.width} px wide`);
    if (at.openGroups > 1) failures.push(`${label} ${path} has ${at.openGroups} menu groups open`);
    for (const p of await accessibilityProblems(page)) {
      failures.push(`${label} ${path} ${p.id} (${p.impact}): ${p.targets.slice(0, 3).join(' | ')}${p.targets.length > 3 ? ` … ${p.targets.length} elements` : ''}`);
    }
  }
  return failures;
}

/** One test a role: its every menu screen, desktop then phone. */
export function auditRoles(...roles: Array<keyof typeof ROLES>) {
  beforeAll(async () => { e = await startE2E(); });
  afterAll(() => e?.close());
  for (const role of roles) {
    const [user, roleId] = ROLES[role];
    it(`opens the ${role}'s screens with no call refused and no serious accessibility failure, desktop and phone`, async () => {
      const desk = await signedIn(user);
      const { screens, links } = await menuScreens(desk.page, roleId);
      expect(screens.length).toBeGreaterThan(3);
      const failures = await audit(desk.page, screens, links, 'desktop', DESKTOP);
      // A screen in the role's menu works for it: no call refused, no error shown.
      expect(desk.refused).toEqual([]);
      expect(await errorToasts(desk.page)).toEqual([]);
      await desk.context.close();
      const phone = await signedIn(user, PHONE);
      failures.push(...await audit(phone.page, screens, links, 'phone', PHONE));
      expect(phone.refused).toEqual([]);
      await phone.context.close();
      expect(failures).toEqual([]);
    }, 600_000);
  }
}

/** The skip link and the phone's menu toggle, from the keyboard; in a file that audits a role, whose server and browser it uses. */
export function keyboardTest() {
  it('lets the keyboard skip to the content and open the menu on a phone', async () => {
    const { context, page } = await signedIn(DEMO.admin, PHONE);
    // The signed-in screen, not the login form it replaces in the same page.
    await page.locator('.skip-link').waitFor({ state: 'attached' });
    await page.locator('main h1').first().waitFor({ state: 'attached' });
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    // Visible while focused, not hidden off screen.
    const box = await skip.boundingBox();
    expect(box && box.x >= 0 && box.y >= 0 && box.width > 0).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    // A link reached by the keyboard shows a ring.
    await page.keyboard.press('Tab');
    await page.locator('main a[href]').first().focus();
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe('none');
  
    // The menu toggle is a named button in the tab order; Enter opens the menu.
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Close menu' }).waitFor();
    const dashboard = page.locator('.ant-layout-sider a[href]', { hasText: 'Dashboard' }).first();
    await dashboard.waitFor({ state: 'visible' });
    // So does a menu entry.
    await dashboard.focus();
    expect(await dashboard.evaluate((a) => getComputedStyle(a).outlineStyle)).not.toBe('none');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    await context.close();
  });
}
