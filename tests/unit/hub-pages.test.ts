/**
 * The Settings page and the staff dashboard are the platform's: a module adds a tab or a card in
 * its own src/client/pages/<module>/contributes.ts, so neither page imports a module's screens.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../../src/build/paths.js';
import { valueImports } from '../support/import-graph.js';
import { DASHBOARD_CARDS, SETTINGS_TABS } from '../../src/client/framework/contributed.js';

const PAGES = path.join(ROOT, 'src/client/pages');
const HUBS = ['settings/SettingsPage.tsx', 'dashboard/StaffDashboard.tsx'];

it.each(HUBS)('%s imports no page of another folder', (hub) => {
  const own = path.dirname(path.join(PAGES, hub));
  const others = valueImports(path.join(PAGES, hub)).filter((f) => f.startsWith(PAGES + path.sep) && path.dirname(f) !== own);
  expect(others.map((f) => path.relative(ROOT, f))).toEqual([]);
});

it('collects the tabs and cards the modules contribute, in their order', () => {
  expect(SETTINGS_TABS.map((t) => t.key)).toEqual(['admissions', 'library', 'fees']);
  expect(DASHBOARD_CARDS.map((c) => c.key)).toEqual(['teacher-week', 'library']);
});
