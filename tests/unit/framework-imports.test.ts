/**
 * The framework does not import the modules: src/server/framework/** imports values only from
 * itself, src/shared, the store's infrastructure (src/server/db) and packages. Modules hand
 * their hooks and handlers over when the app is built (src/generated/server.ts), so there is no
 * import cycle between the framework and the modules. Type-only imports are free.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../../src/build/paths.js';

const FRAMEWORK = path.join(ROOT, 'src/server/framework');
const ALLOWED = [FRAMEWORK, path.join(ROOT, 'src/shared'), path.join(ROOT, 'src/server/db')];

/** Every `import ... from '...'` and `export ... from '...'` statement of a file, type-only ones marked. */
function importsOf(text: string): Array<{ from: string; typeOnly: boolean; line: string }> {
  const out: Array<{ from: string; typeOnly: boolean; line: string }> = [];
  for (const m of text.matchAll(/^(import|export)\s+(type\s+)?([^;]*?)\s*from\s+'([^']+)'/gms)) {
    const names = m[3]!;
    // `import { type A, type B }` carries types only, too.
    const allTypes = /^\{[^}]*\}$/s.test(names.trim()) && names.replace(/[{}\s]/g, '').split(',').filter(Boolean).every((n) => n.startsWith('type'));
    out.push({ from: m[4]!, typeOnly: Boolean(m[2]) || allTypes, line: m[0].replace(/\s+/g, ' ') });
  }
  for (const m of text.matchAll(/^import\s+'([^']+)'/gm)) out.push({ from: m[1]!, typeOnly: false, line: m[0] });
  for (const m of text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)) out.push({ from: m[1]!, typeOnly: false, line: m[0] });
  return out;
}

it('src/server/framework imports values only from itself, src/shared, src/server/db and packages', () => {
  const files = fs.readdirSync(FRAMEWORK, { recursive: true }).map(String).filter((f) => f.endsWith('.ts'));
  expect(files.length).toBeGreaterThan(10);
  const problems: string[] = [];
  for (const f of files) {
    const abs = path.join(FRAMEWORK, f);
    for (const imp of importsOf(fs.readFileSync(abs, 'utf8'))) {
      if (imp.typeOnly || !imp.from.startsWith('.')) continue;
      const target = path.resolve(path.dirname(abs), imp.from);
      if (!ALLOWED.some((dir) => target === dir || target.startsWith(dir + path.sep))) problems.push(`${f}: ${imp.line}`);
    }
  }
  expect(problems).toEqual([]);
});

it('sees a value import of a module as the problem it is', () => {
  const imps = importsOf("import { x } from '../modules/students/queries.js';\nimport type { Y } from '../modules/a.js';\nimport { type Z } from '../config.js';\n");
  expect(imps.map((i) => [i.from, i.typeOnly])).toEqual([['../modules/students/queries.js', false], ['../modules/a.js', true], ['../config.js', true]]);
});
