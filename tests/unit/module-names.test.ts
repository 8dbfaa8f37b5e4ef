/**
 * A module's folders carry its stored key (docs/modules.md, "Names"): every resource file sits in
 * the folder of the module it declares, and a module's server and page folders, when it has them,
 * are named by its key too, so a name found in a school's stored switches leads to its code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../../src/build/paths.js';
import { MODULES, RESOURCES } from '../../src/shared/registry.js';

/** Resources whose permission is another module's, with why. */
const ELSEWHERE: Record<string, string> = {
  // A student's years are the students' data (admission and import write them); the screen that
  // changes them, promotion, is in the academics menu, so academics permissions govern it.
  'resources/students/student-year.ts': 'academics',
};

const dirs = (rel: string) => fs.readdirSync(path.join(ROOT, rel), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

it('declares each resource in the folder of its module', () => {
  const misplaced: string[] = [];
  for (const folder of dirs('resources')) {
    for (const file of fs.readdirSync(path.join(ROOT, 'resources', folder))) {
      const text = fs.readFileSync(path.join(ROOT, 'resources', folder, file), 'utf8');
      for (const m of text.matchAll(/\bmodule: '([\w-]+)'|defineModule\(\{ key: '([\w-]+)'/g)) {
        const key = m[1] ?? m[2];
        if (key !== folder && ELSEWHERE[`resources/${folder}/${file}`] !== key) misplaced.push(`resources/${folder}/${file}: ${key}`);
      }
    }
  }
  expect(misplaced).toEqual([]);
  expect(new Set(RESOURCES.map((r) => r.module)).size).toBeGreaterThan(20);
});

it('names every module folder by a module key, and a platform folder by what it holds', () => {
  const keys = new Set([...MODULES.map((m) => m.key), ...RESOURCES.map((r) => r.module)]);
  const platform = { 'src/server/modules': ['backup'], 'src/client/pages': ['dashboard', 'reports', 'settings'], schemas: ['_shared'] } as Record<string, string[]>;
  const strays = ['resources', 'schemas', 'src/server/modules', 'src/client/pages']
    .flatMap((root) => dirs(root).filter((d) => !keys.has(d) && !(platform[root] ?? []).includes(d)).map((d) => `${root}/${d}`));
  expect(strays).toEqual([]);
});
