import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { discover } from '../../src/build/gen-registry.js';
import { newModuleEntity } from '../../src/build/new-module.js';
import { ROOT } from '../../src/build/paths.js';
import { compile } from '../../src/server/framework/validation.js';
import type { ModuleDef, ResourceDef } from '../../src/shared/resource.js';

// A project folder of its own: the scaffold's files beside the real src/shared/ they import.
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'module-new-'));
fs.mkdirSync(path.join(tmp, 'resources'));
fs.mkdirSync(path.join(tmp, 'src'));
fs.symlinkSync(path.join(ROOT, 'src/shared'), path.join(tmp, 'src/shared'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

it('writes a module file, a commented schema and a resource file that the build finds and the framework accepts', async () => {
  expect(newModuleEntity('library', 'book-issue', tmp)).toEqual(['resources/library/module.ts', 'schemas/library/book-issue.json', 'resources/library/book-issue.ts']);
  const found = discover(tmp);
  expect(found.modules).toEqual(['library']);
  expect(found.resources).toEqual([{ module: 'library', entity: 'book-issue' }]);

  const mod: ModuleDef = (await import(path.join(tmp, 'resources/library/module.ts'))).default;
  expect(mod).toMatchObject({ key: 'library', title: 'Library', link: '/library/', can_disable: true });
  const r: ResourceDef = (await import(path.join(tmp, 'resources/library/book-issue.ts'))).default;
  expect(r).toMatchObject({ name: 'book-issues', module: 'library', table: 'book_issue', api: { create: 'PUT /book_issues/' } });
  expect(fs.readFileSync(path.join(tmp, 'resources/library/book-issue.ts'), 'utf8')).toMatch(/\/\/ Who may do what/);

  const validate = compile(r.schema);
  expect(validate({ name: 'Panchatantra' })).toBe(true);
  expect(validate({ name: '' })).toBe(false);
  expect(validate.errors?.[0]?.message).toBe('Name is required');
});

it('adds a second entity to the module without touching its module file, and never overwrites', () => {
  const before = fs.readFileSync(path.join(tmp, 'resources/library/module.ts'), 'utf8');
  expect(newModuleEntity('library', 'book', tmp)).toEqual(['schemas/library/book.json', 'resources/library/book.ts']);
  expect(fs.readFileSync(path.join(tmp, 'resources/library/module.ts'), 'utf8')).toBe(before);
  expect(() => newModuleEntity('library', 'book', tmp)).toThrow('schemas/library/book.json already exists');
  expect(() => newModuleEntity('Library', 'book', tmp)).toThrow(/lower-case words joined by hyphens/);
});
