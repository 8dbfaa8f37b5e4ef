/**
 * No two server modules import each other in a cycle, at any length: a module reaches another
 * through its events or a small declared service, and helpers several modules need live in
 * src/shared or src/server/platform. Value imports only (type-only imports are erased).
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../../src/build/paths.js';
import { cycles, tsFilesUnder, valueImports } from '../support/import-graph.js';

const MODULES = path.join(ROOT, 'src/server/modules');
const moduleOf = (file: string) => (file.startsWith(MODULES + path.sep) ? path.relative(MODULES, file).split(path.sep)[0]! : null);

it('no server modules import each other in a cycle', () => {
  const graph = new Map<string, Set<string>>();
  for (const file of tsFilesUnder(MODULES)) {
    const from = moduleOf(file)!;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const target of valueImports(file)) {
      const to = moduleOf(target);
      if (to && to !== from) graph.get(from)!.add(to);
    }
  }
  expect(graph.size).toBeGreaterThan(20);
  expect(cycles(graph)).toEqual([]);
});

it('finds a cycle of any length, and only cycles', () => {
  const g = new Map(Object.entries({ a: ['b'], b: ['c'], c: ['a'], d: ['a'], e: ['e'] }).map(([k, v]) => [k, new Set(v)]));
  expect(cycles(g)).toEqual([['a', 'b', 'c']]);
});
