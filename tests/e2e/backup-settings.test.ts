/**
 * The super admin's view of backups: the last backup's time, size and result on Settings, and a
 * banner on every screen while the last one failed, until one succeeds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { runBackup } from '../../src/server/backup/run.js';
import { recordRun } from '../../src/server/backup/status.js';
import { expectAccessible, startSignedIn, DEMO, type E2E } from './support.js';

let e: E2E;
let page: Page;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-e2e-backups-'));
beforeAll(async () => ({ e, page } = await startSignedIn()));
afterAll(async () => {
  await e?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const card = () => page.getByTestId('backup-status');
const banner = () => page.getByTestId('backup-notice');

it('shows no backup yet without a warning for a new school, then a failed one with a banner on every screen, then a good one', async () => {
  await page.goto('/settings');
  await card().getByText('None yet').waitFor();
  await card().getByText('Daily at 02:00 (Asia/Kolkata)').waitFor();
  expect(await banner().count()).toBe(0);

  const at = new Date().toISOString();
  await recordRun(e.database.db, { started_at: at, finished_at: at, reason: 'schedule', schools: [DEMO.code], file: null, size: null, ok: false, message: 'Backup failed: no space left on the disk', uploaded: null });
  await page.reload();
  await card().getByText('Failed', { exact: true }).waitFor();
  await card().getByText('Backup failed: no space left on the disk').waitFor();
  await banner().getByText(/The last backup failed .*no space left on the disk/).waitFor();
  await page.goto('/academics/classes/');
  await banner().getByRole('link', { name: 'See backups' }).click();
  await page.waitForURL((u) => u.pathname === '/settings');
  await expectAccessible(page, 'settings with a failed backup');

  const good = await runBackup(e.database.db, { dir, engine: e.database.kind, reason: 'command', code: DEMO.code });
  expect(good.ok, good.message).toBe(true);
  await page.reload();
  await card().getByText('Succeeded', { exact: true }).waitFor();
  await card().getByText(/\d+\.\d kB/).waitFor();
  await card().getByText('Made by the operator').waitFor();
  expect(await banner().count()).toBe(0);
});
