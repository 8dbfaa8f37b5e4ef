/**
 * No file of one server module imports a value from another module's files: a module reaches
 * another through its events (src/server/framework/events.ts), a declared service
 * (src/server/framework/services.ts) or a contribution to the other's page, and what several
 * modules need and none owns lives in src/shared, src/server/framework or src/server/platform.
 * Type-only imports are erased by the compiler and stay free (a service's type, a section's rows).
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../../src/build/paths.js';
import { tsFilesUnder, valueImports, withTree } from '../support/import-graph.js';

const MODULES = path.join(ROOT, 'src/server/modules');

/** Each value import from one module's file into another's, as `<file> -> <file>` under `modules`. */
function crossModuleImports(modules: string): string[] {
  const moduleOf = (file: string) => (file.startsWith(modules + path.sep) ? path.relative(modules, file).split(path.sep)[0]! : null);
  const out: string[] = [];
  for (const file of tsFilesUnder(modules)) {
    for (const target of valueImports(file)) {
      const to = moduleOf(target);
      if (to && to !== moduleOf(file)) out.push(`${path.relative(modules, file)} -> ${path.relative(modules, target)}`);
    }
  }
  return out.sort();
}

it('no server module imports a value from another module\'s files', () => {
  expect(tsFilesUnder(MODULES).length).toBeGreaterThan(100);
  expect(crossModuleImports(MODULES)).toEqual([]);
});

it('sees a value import into another module and lets a type-only one and one inside the module pass', () => {
  const found = withTree({
    'a/x.ts': "import { y } from '../b/y.js';\nimport type { Z } from '../b/z.js';\nimport { w } from './w.js';\nexport const x = () => import('../b/z.js');\n",
    'a/w.ts': 'export const w = 1;\n',
    'b/y.ts': 'export const y = 1;\n',
    'b/z.ts': 'export type Z = number;\n',
  }, crossModuleImports);
  expect(found).toEqual([`${path.join('a', 'x.ts')} -> ${path.join('b', 'y.ts')}`, `${path.join('a', 'x.ts')} -> ${path.join('b', 'z.ts')}`]);
});
