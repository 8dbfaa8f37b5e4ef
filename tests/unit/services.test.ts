/**
 * Declared services (src/server/framework/services.ts): every service a module asks for is provided
 * by an installed module, a provided one is found by name, and a missing one fails naming it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ROOT } from '../../src/build/paths.js';
import { installModules } from '../../src/server/framework/extensions.js';
import { installServices, service, type ServiceName } from '../../src/server/framework/services.js';
import { SERVER_MODULES } from '../../src/server/installed.js';
import { tsFilesUnder } from '../support/import-graph.js';

// The tests below install services of their own; the modules' are put back after them.
afterAll(() => installModules(SERVER_MODULES));

it('provides every service the server asks for, from the module its name gives', () => {
  const asked = new Set<string>();
  for (const file of tsFilesUnder(path.join(ROOT, 'src/server'))) {
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/\bservice\(\s*'([^']+)'\s*\)/g)) asked.add(m[1]!);
  }
  expect(asked.size).toBeGreaterThan(5);
  const provided = SERVER_MODULES.contributions.flatMap(({ module, contributes }) => Object.keys(contributes.services ?? {}).map((name) => ({ module, name })));
  for (const name of asked) expect(provided.map((p) => p.name), `'${name}' is asked for`).toContain(name);
  for (const { module, name } of provided) expect(name.startsWith(`${module}.`), name).toBe(true);
  for (const name of asked) expect(typeof service(name as ServiceName)).toBe('function');
});

it('finds a provided service by name and fails clearly on one no installed module provides', () => {
  const lockRow = async (_ctx: unknown, id: number) => ({ id });
  installServices([{ module: 'rooms', services: { 'rooms.lockRow': lockRow } as never }]);
  expect(service('rooms.lockRow' as ServiceName)).toBe(lockRow);
  expect(() => service('stock.count' as ServiceName)).toThrow("No installed module provides the service 'stock.count' (the module stock is missing");
});

it('refuses a service named for another module, and one name provided twice', () => {
  const run = () => 1;
  expect(() => installServices([{ module: 'rooms', services: { 'stock.count': run } as never }]))
    .toThrow("The module rooms provides the service 'stock.count': a module's services are named 'rooms.<name>'");
  expect(() => installServices([{ module: 'rooms', services: { 'rooms.count': run } as never }, { module: 'rooms', services: { 'rooms.count': run } as never }]))
    .toThrow("Two modules provide the service 'rooms.count'");
});
