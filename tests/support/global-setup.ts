import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Creating a PGlite data directory costs seconds; reopening one costs a fraction.
 * One template is made per run and every test file opens its own copy.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-template-'));
  const { openDatabase } = await import('../../src/server/db/index.js');
  const { ensurePlatform } = await import('../../src/server/framework/schools.js');
  const database = await openDatabase({ dataDir: dir });
  await ensurePlatform(database.db);
  await database.close();
  project.provide('pgliteTemplate', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
