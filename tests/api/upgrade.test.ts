/**
 * A store made by the previous release (commit 430cd1a: its first start with the demo school,
 * dumped with PGlite's dumpDataDir and compressed with brotli) opened by this release: the
 * sync and the migrations run, every row is still there and the app serves them.
 *
 * The fixture is a PGlite data directory, so this test always runs on the embedded database,
 * also when DATABASE_URL is set (tests/api/migrations.test.ts runs the migrations there).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase, type Database } from '../../src/server/db/index.js';
import { MIGRATIONS } from '../../src/generated/migrations.js';
import { syncAllSchools } from '../../src/server/provision.js';

const FIXTURE = path.join(import.meta.dirname, '../fixtures/store-430cd1a.tar.br');
const SCHEMA = 'school_demo01';
const COUNTED = ['platform', SCHEMA];

let dir: string;
let database: Database;
let app: FastifyInstance;
let before: Record<string, number>;
let old: { aarav: { id: number; class_id: number }; classStudents: number; bills: Array<{ id: number; name: string; total_amount: string }> };

type Query = (text: string) => Promise<Array<Record<string, any>>>;

/** Rows of every table of the platform and the demo school, by schema.table. */
async function rowCounts(query: Query): Promise<Record<string, number>> {
  const tables = await query(`select table_schema, table_name from information_schema.tables
    where table_schema in (${COUNTED.map((s) => `'${s}'`).join(', ')}) and table_type = 'BASE TABLE' order by 1, 2`);
  const out: Record<string, number> = {};
  for (const t of tables) {
    const [{ n }] = await query(`select count(*)::int as n from "${t.table_schema}"."${t.table_name}"`) as [{ n: number }];
    out[`${t.table_schema}.${t.table_name}`] = n;
  }
  return out;
}

const call = async (c: string, token?: string, body?: unknown) => {
  const [method, url] = c.split(' ') as [any, string];
  const res = await app.inject({ method, url: `/api/DEMO01${url}`, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(body ? { payload: body as object } : {}) });
  return { status: res.statusCode, body: res.json() };
};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-upgrade-'));
  const tar = zlib.brotliDecompressSync(fs.readFileSync(FIXTURE));
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const pg = await PGlite.create(`${dir}/pgdata`, { loadDataDir: new Blob([tar], { type: 'application/x-tar' }), extensions: { pg_trgm } });
  const query: Query = async (text) => (await pg.query<Record<string, any>>(text)).rows;
  before = await rowCounts(query);
  const [aarav] = await query(`select id, class_id from ${SCHEMA}.student where fullname = 'Aarav Kumar'`) as [{ id: number; class_id: number }];
  const [{ n }] = await query(`select count(*)::int as n from ${SCHEMA}.student where class_id = ${aarav.class_id} and status = 1`) as [{ n: number }];
  const bills = await query(`select id, name, total_amount::text from ${SCHEMA}.fee_payment where student_id = ${aarav.id} order by id`) as any;
  old = { aarav, classStudents: n, bills };
  await pg.close();

  const config = { ...loadConfig({ ...process.env, DATABASE_URL: undefined, DATA_DIR: dir, SEED_DEMO: '0' }), databaseUrl: undefined };
  database = await openDatabase(config);
  await syncAllSchools(database.db);
  app = await buildApp({ config, database });
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

it('keeps every row of every table of a store made by the previous release', async () => {
  expect(Object.keys(before).length).toBeGreaterThan(20);
  expect(before[`${SCHEMA}.student`]).toBe(288);
  const after = await rowCounts(async (text) => (await sql.raw<Record<string, any>>(text).execute(database.db)).rows);
  // The register of derived tables gains a row for each one a later release adds; its old rows stay.
  const registry = `${SCHEMA}.derived_table`;
  const kept = Object.fromEntries(Object.keys(before).filter((k) => k !== registry).map((k) => [k, after[k]]));
  expect(kept).toEqual(Object.fromEntries(Object.entries(before).filter(([k]) => k !== registry)));
  expect(after[registry]).toBeGreaterThanOrEqual(before[registry]!);
  // The store has had every migration.
  const done = await database.db.withSchema(SCHEMA).selectFrom('migration').select('name').orderBy('name').execute();
  expect(done.map((r) => r.name)).toEqual(MIGRATIONS.map((m) => m.name));
});

it('serves the old rows: the demo admin logs in, lists a class and reads a fee history', async () => {
  const login = await call('POST /login/', undefined, { email: 'admin@demo01.school', password: 'Demo@1234' });
  expect(login.body).toMatchObject({ success: true });
  const token = login.body.data.token as string;

  const list = await call(`GET /students-list/${old.aarav.class_id}/`, token);
  expect(list.status).toBe(200);
  expect(list.body.data).toHaveLength(old.classStudents);
  expect(list.body.data.map((r: any) => r.fullname)).toContain('Aarav Kumar');

  const history = await call(`GET /fees/history/${old.aarav.id}/`, token);
  expect(history.body.data.student).toMatchObject({ id: old.aarav.id, fullname: 'Aarav Kumar' });
  const bills = history.body.data.fees.map((f: any) => ({ id: f.payment.id, name: f.payment.name, total: Number(f.payment.total_amount) }));
  expect(bills.sort((a: any, b: any) => a.id - b.id)).toEqual(old.bills.map((b) => ({ id: b.id, name: b.name, total: Number(b.total_amount) })));
  expect(old.bills.length).toBeGreaterThan(0);

  // The welcome notice, its time column renamed by a migration, is still there.
  const notices = await call('GET /notifications/', token);
  expect(notices.body.data).toEqual([expect.objectContaining({ title: 'Welcome to Demo Public School', timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) })]);
});
