import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Creating the embedded store and seeding the demo school costs about half a minute on a busy
 * two-core machine; copying a seeded store costs about a second. The browser tests' run seeds one
 * demo store and every test file opens its own copy (tests/e2e/support.ts), unless the school's
 * day has turned since, when a file seeds its own so that "today" is today.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-demo-template-'));
  const { openDemoStore } = await import('./demo-store.js');
  const { database, day } = await openDemoStore(dir);
  await database.close();
  project.provide('demoStore', { dir, day });
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    demoStore: { dir: string; day: string };
  }
}
