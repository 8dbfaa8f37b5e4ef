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
import { SCOPE_KINDS } from '../../src/shared/access.js';
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

it('names only kinds of reach that exist, each built from declared resources and columns', () => {
  const columnsOf = (name: string) => {
    const r = RESOURCES.find((x) => x.name === name);
    expect(r, `resource ${name}`).toBeDefined();
    return new Set(['id', ...Object.keys(r!.schema.properties ?? {})]);
  };
  for (const r of RESOURCES) {
    for (const [role, kinds] of Object.entries(r.scope ?? {})) {
      for (const [kind, column] of Object.entries(kinds ?? {})) {
        expect(SCOPE_KINDS[kind], `${r.name}: ${role} scope ${kind}`).toBeDefined();
        expect(columnsOf(r.name).has(column), `${r.name}.${column}`).toBe(true);
      }
    }
  }
  for (const [name, k] of Object.entries(SCOPE_KINDS)) {
    if ('owner' in k) { expect(columnsOf(k.resource).has(k.owner), `${name}: ${k.resource}.${k.owner}`).toBe(true); continue; }
    for (const p of k.any) {
      expect(SCOPE_KINDS[p.from], `${name} from ${p.from}`).toBeDefined();
      expect(columnsOf(p.resource).has(p.by), `${name}: ${p.resource}.${p.by}`).toBe(true);
      expect(columnsOf(p.resource).has(p.pick ?? 'id'), `${name}: ${p.resource}.${p.pick}`).toBe(true);
    }
  }
});
