/**
 * The planner's table statistics (src/server/db/statistics.ts). The embedded database has no
 * autovacuum, so the server refreshes them itself: after a student import, after a created fee
 * bills a class, after the demo school is made, and once a day. A table's row estimate
 * (pg_class.reltuples) is -1 until it is first analyzed and the exact count after an ANALYZE
 * of a small table, so each test asks whether the estimate knows the rows just written.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { openDatabase } from '../../src/server/db/index.js';
import { DEMO, seedDemo } from '../../src/server/db/seed-demo.js';
import { statisticsJob } from '../../src/server/db/statistics.js';
import { startJobs } from '../../src/server/framework/jobs.js';
import { schemaFor } from '../../src/server/framework/schools.js';
import { admitStudent } from '../support/admit.js';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { createRecord } from '../support/samples.js';

let t: TestApp;
let s: TestSchool;
let admin: string;
let year: any, classA: any;

const call = (c: string, body?: unknown, token = admin) => t.call(s.code, c, body, token);

/** The planner's row estimate of a table and its true row count. */
async function estimate(db: Kysely<any>, schema: string, table: string) {
  const { rows } = await sql<{ estimate: number; count: number }>`select
    (select c.reltuples from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace where n.nspname = ${schema} and c.relname = ${table})::float8 as estimate,
    (select count(*) from ${sql.id(schema, table)})::int as count`.execute(db);
  return rows[0]!;
}

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  admin = s.tokens['4'];
  year = await createRecord(t, s, 'acyears', { name: '2026-27', start_date: '2026-06-01', end_date: '2027-03-31' });
  expect((await call(`PATCH /acyear/${year.id}/`, { action: 'start' })).body.success).toBe(true);
  classA = await createRecord(t, s, 'classes', { class: '4', section: 'A' });
});
afterAll(() => t?.close());

describe('table statistics', () => {
  it('are refreshed after a student import', async () => {
    const csv = ['fullname,mobile,dob,admission_no,admission_date',
      ...Array.from({ length: 12 }, (_, i) => `Imported ${i},98765${String(43000 + i)},2016-05-17,ST-${i},2026-06-01`)].join('\r\n');
    const boundary = '----stats';
    const payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="students.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`);
    const up = (await t.app.inject({ method: 'POST', url: `/api/${s.code}/upload/?file_path=documents`, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${admin}` } })).json();
    expect(up.success, up.error).toBe(true);
    const res = await call('PUT /import/students/', { path: up.data.path, class_id: classA.id, ac_year_id: year.id });
    expect(res.body.data?.added, res.body.error ?? '').toBe(12);
    for (const table of ['student', 'student_year', 'student_contact']) {
      const e = await estimate(t.database.db, s.schema, table);
      expect(e.estimate, table).toBe(e.count);
    }
  });

  it('are refreshed after a created fee bills a class', async () => {
    for (let i = 0; i < 3; i++) await admitStudent(t, s, admin, { ac_year_id: year.id, class_id: classA.id }, 'STAT');
    const res = await call('PUT /fees/create/', { name: 'Sports Day', ac_year_id: year.id, class_id: classA.id, fee_item_id: null, amount_total: 300 });
    expect(res.body.success, res.body.error ?? '').toBe(true);
    for (const table of ['fee_payment', 'fee_payment_detail']) {
      const e = await estimate(t.database.db, s.schema, table);
      expect(e.count, table).toBeGreaterThan(0);
      expect(e.estimate, table).toBe(e.count);
    }
  });

  it('are refreshed once a day by a job that stops when asked', async () => {
    const sdb = schoolDb(t, s);
    await sdb.insertInto('class').values(Array.from({ length: 7 }, (_, i) => ({ class: '9', section: `J${i}` }))).execute();
    const errors: string[] = [];
    // The platform's job on the in-process runner, a day shortened to a fifth of a second.
    const job = await startJobs({
      jobs: [{ ...statisticsJob, firstAfterMs: 0, everyMs: 200, attempts: 1 }],
      env: { db: t.database.db, config: t.config }, log: (line) => errors.push(line),
    });
    try {
      await vi.waitFor(async () => {
        const e = await estimate(t.database.db, s.schema, 'class');
        expect(e.estimate).toBe(e.count);
      }, { timeout: 20_000, interval: 100 });
      // The next day's run sees the next day's rows.
      await sdb.insertInto('class').values(Array.from({ length: 5 }, (_, i) => ({ class: '10', section: `K${i}` }))).execute();
      await vi.waitFor(async () => {
        const e = await estimate(t.database.db, s.schema, 'class');
        expect(e.estimate).toBe(e.count);
      }, { timeout: 20_000, interval: 100 });
    } finally {
      await job.stop();
    }
    // Stopped: rows written now stay unknown to the planner.
    await sdb.insertInto('class').values(Array.from({ length: 4 }, (_, i) => ({ class: '11', section: `L${i}` }))).execute();
    await new Promise((r) => setTimeout(r, 700));
    const e = await estimate(t.database.db, s.schema, 'class');
    expect(e.estimate).toBe(e.count - 4);
    // Only a school dropped by another test file at the same moment may have failed a run.
    for (const err of errors) expect(err).toMatch(/^statistics: .*does not exist/);
  });
});

describe('the demo school', () => {
  let dir = '';
  afterAll(() => { if (dir) fs.rmSync(dir, { recursive: true, force: true }); });

  it('has its table statistics once it is made (on the embedded database)', async () => {
    // Its own embedded database: the demo school's code is the same everywhere.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-stats-'));
    const template = process.env.DATABASE_URL ? undefined : inject('pgliteTemplate');
    if (template) fs.cpSync(template, dir, { recursive: true });
    const database = await openDatabase({ dataDir: dir, databaseUrl: '' });
    try {
      await seedDemo(database.db, { ...t.config, databaseUrl: '', dataDir: dir });
      for (const table of ['student', 'fee_payment', 'fee_installment', 'fee_item_day']) {
        const e = await estimate(database.db, schemaFor(DEMO.code), table);
        expect(e.count, table).toBeGreaterThan(0);
        expect(e.estimate, table).toBe(e.count);
      }
    } finally {
      await database.close();
    }
  }, 120_000);
});
