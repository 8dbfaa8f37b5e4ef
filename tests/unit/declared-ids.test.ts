/**
 * Every id a declaration names must exist: hand-written pages and row components (a file
 * src/client/pages/<folder>/<Id>.tsx), icons, form widgets. An unknown id fails here rather
 * than showing a person a blank screen.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../../src/build/paths.js';
import { MODULES, RESOURCES } from '../../src/shared/registry.js';
import { ICONS } from '../../src/client/framework/icons.js';
import { WIDGETS } from '../../src/client/framework/form/widgets/index.js';

const pagesDir = path.join(ROOT, 'src/client/pages');
const pageFiles = new Set(fs.readdirSync(pagesDir, { withFileTypes: true }).filter((d) => d.isDirectory())
  .flatMap((d) => fs.readdirSync(path.join(pagesDir, d.name)).filter((f) => f.endsWith('.tsx')).map((f) => f.slice(0, -4))));
// RJSF's own antd widgets.
const RJSF_WIDGETS = new Set(['hidden', 'radio', 'textarea', 'select', 'checkbox', 'checkboxes', 'password', 'email', 'uri', 'updown', 'range']);

function widgetsIn(ui: unknown, out: string[] = []): string[] {
  if (ui && typeof ui === 'object') {
    for (const [k, v] of Object.entries(ui)) {
      if (k === 'ui:widget' && typeof v === 'string') out.push(v);
      else widgetsIn(v, out);
    }
  }
  return out;
}

it('finds a screen file for every declared page and row component', () => {
  const ids = RESOURCES.flatMap((r) => [
    ...Object.values(r.pages ?? {}).map((p) => p.component),
    ...(r.list?.rowComponents ?? []).map((c) => (typeof c === 'string' ? c : c.component)),
  ]);
  expect(ids.length).toBeGreaterThan(10);
  expect(ids.filter((id) => !pageFiles.has(id))).toEqual([]);
});

it('knows every declared icon', () => {
  const icons = [...MODULES.map((m) => m.icon), ...RESOURCES.flatMap((r) => [
    r.icon, ...Object.values(r.actions ?? {}).map((a) => a.icon), ...(r.list?.links ?? []).map((l) => l.icon), ...(r.list?.headerLinks ?? []).map((l) => l.icon),
  ])].filter((x): x is string => !!x);
  expect(icons.filter((i) => !(i in ICONS))).toEqual([]);
});

it('knows every declared form widget', () => {
  const widgets = RESOURCES.flatMap((r) => widgetsIn(r.form?.uiSchema));
  expect(widgets.filter((w) => !(w in WIDGETS) && !RJSF_WIDGETS.has(w))).toEqual([]);
});
