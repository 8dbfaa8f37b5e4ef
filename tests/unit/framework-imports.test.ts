/**
 * The platform does not import the modules. src/server/framework/** imports values only from
 * itself, the platform's services (src/server/platform), src/shared, the store's infrastructure
 * (src/server/db), real time and the servers' shared state (src/server/realtime, src/server/cluster),
 * the published school-configuration schema and packages; and the framework, db/, the platform,
 * real time, cluster/, main.ts, provision.ts and cli.ts reach no module file at any depth. Modules
 * hand over their hooks, handlers and contributions when the app is built
 * (src/generated/server.ts, the one file allowed to import them), so there is no import cycle
 * between the platform and the modules. Type-only imports are free.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../../src/build/paths.js';
import { importsOf, reachable, tsFilesUnder, withTree } from '../support/import-graph.js';

const SERVER = path.join(ROOT, 'src/server');
const FRAMEWORK = path.join(SERVER, 'framework');
const MODULES = path.join(SERVER, 'modules');
// The published schema of school configuration files is data every school's file is checked against.
const ALLOWED = [
  FRAMEWORK, path.join(SERVER, 'platform'), path.join(ROOT, 'src/shared'), path.join(SERVER, 'db'),
  path.join(SERVER, 'realtime'), path.join(SERVER, 'cluster'), path.join(ROOT, 'config/school-config.schema.json'),
];
// The build's list of what the module folders hold: the platform reaches the modules only through it.
const HANDOVER = path.join(ROOT, 'src/generated/server.ts');

it('src/server/framework imports values only from itself, the platform, src/shared, src/server/db, real time, cluster/ and packages', () => {
  const files = tsFilesUnder(FRAMEWORK);
  expect(files.length).toBeGreaterThan(10);
  const problems: string[] = [];
  for (const abs of files) {
    for (const imp of importsOf(fs.readFileSync(abs, 'utf8'))) {
      if (imp.typeOnly || !imp.from.startsWith('.')) continue;
      const target = path.resolve(path.dirname(abs), imp.from);
      if (!ALLOWED.some((dir) => target === dir || target.startsWith(dir + path.sep))) problems.push(`${path.relative(FRAMEWORK, abs)}: ${imp.line}`);
    }
  }
  expect(problems).toEqual([]);
});

/** Each chain from a root to a module file, shown as paths from the repository's root. */
function moduleChains(roots: string[], modules = MODULES, handover = HANDOVER): string[] {
  const out: string[] = [];
  for (const root of roots) {
    for (const [file, chain] of reachable(root, (f) => f === handover)) {
      if (file.startsWith(modules + path.sep)) out.push(chain.map((f) => path.relative(ROOT, f)).join(' -> '));
    }
  }
  return out;
}

it('the framework, db/, the platform, real time, cluster/, main.ts, provision.ts and cli.ts import no module at any depth', () => {
  const roots = [
    ...tsFilesUnder(FRAMEWORK), ...tsFilesUnder(path.join(SERVER, 'db')), ...tsFilesUnder(path.join(SERVER, 'platform')),
    ...tsFilesUnder(path.join(SERVER, 'realtime')), ...tsFilesUnder(path.join(SERVER, 'cluster')),
    ...['main.ts', 'provision.ts', 'cli.ts'].map((f) => path.join(SERVER, f)),
  ];
  expect(roots.length).toBeGreaterThan(30);
  expect(moduleChains(roots)).toEqual([]);
});

it('follows imports through other files to the module they reach, and stops at the build\'s hand-over', () => {
  const chains = withTree({
    'db/a.ts': "import { b } from './b.js';\nimport type { T } from '../modules/m/types.js';\n",
    'db/b.ts': "export const b = () => import('../modules/m/c.js');\n",
    'modules/m/c.ts': 'export const c = 1;\n',
    'modules/m/types.ts': 'export type T = 1;\n',
    'db/d.ts': "import { S } from '../generated/server.js';\n",
    'generated/server.ts': "import { c } from '../modules/m/c.js';\n",
  }, (dir) => moduleChains([path.join(dir, 'db/a.ts'), path.join(dir, 'db/d.ts')], path.join(dir, 'modules'), path.join(dir, 'generated/server.ts')));
  expect(chains.map((c) => c.split(' -> ').map((f) => path.basename(f)))).toEqual([['a.ts', 'b.ts', 'c.ts']]);
});

it('sees a value import of a module as the problem it is', () => {
  const imps = importsOf("import { x } from '../modules/students/queries.js';\nimport type { Y } from '../modules/a.js';\nimport { type Z } from '../config.js';\n");
  expect(imps.map((i) => [i.from, i.typeOnly])).toEqual([['../modules/students/queries.js', false], ['../modules/a.js', true], ['../config.js', true]]);
});
