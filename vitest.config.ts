import { defineConfig } from 'vitest/config';
import { writeGenerated } from './src/build/generate.js';

// The registries and types the module folders make, before any test imports them.
await writeGenerated();

export default defineConfig({
  test: {
    projects: [
      // The groups run one after another, each with its own number of files at a time.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', maxWorkers: 2, sequence: { groupOrder: 0 } } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Two files at a time on the embedded store (each file has its own copy, its app and store on
          // one core); one at a time on PostgreSQL, where every file shares the database and its platform rows.
          maxWorkers: process.env.DATABASE_URL ? 1 : 2,
          sequence: { groupOrder: 1 },
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Several real servers on PostgreSQL and Redis (tests/support/cluster.ts): always PostgreSQL, whatever DATABASE_URL says.
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          // One file at a time: each starts several servers of its own.
          sequence: { groupOrder: 2 },
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/e2e-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Two files at a time: much of a browser test is waiting on the page, so the second core
          // is otherwise idle. Each file has its own server, store and browser.
          maxWorkers: 2,
          // A real browser on a loaded two-core machine now and then misses a beat; a test that
          // fails twice in a row is a failure.
          retry: 1,
        },
      },
    ],
  },
});
