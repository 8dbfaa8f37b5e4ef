/**
 * A school of its own for one bench section: the real app on PGlite in a temp directory (or
 * PostgreSQL when DATABASE_URL is set), its super admin signed in, and timings of the app next
 * to raw SQL in the same run. Everything is removed afterwards.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/generated/db.js';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/index.js';
import { createSchool } from '../../src/server/provision.js';
import { percentile } from './load.js';

export interface BenchSchool {
  app: FastifyInstance;
  /** The school's database handle. */
  db: Kysely<DB>;
  code: string;
  /** The school's database schema, for raw SQL (which names its tables itself). */
  schema: string;
  /** GET/PUT… a path of the school's API as its super admin; a refusal throws. */
  call(method: string, url: string, payload?: unknown): Promise<any>;
}

/** `databaseUrl`: PostgreSQL for this school (DATABASE_URL by default); none, PGlite in a temp directory. */
export async function withBenchSchool<T>(prefix: string, fn: (s: BenchSchool) => Promise<T>, databaseUrl = process.env.DATABASE_URL): Promise<T> {
  const dataDir = databaseUrl ? '' : fs.mkdtempSync(path.join(os.tmpdir(), `school-bench-${prefix.toLowerCase()}-`));
  const config = { ...loadConfig({ ...process.env, DATABASE_URL: databaseUrl || undefined, DATA_DIR: dataDir || undefined }), authRateLimit: 100000 };
  const database = await openDatabase(config);
  const app = await buildApp({ config, database });
  const code = `${prefix}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
  const email = `super@${code.toLowerCase()}.bench`;
  try {
    const { schema } = await createSchool(database.db, { configDir: config.configDir, code, name: 'Bench School', adminEmail: email, adminPassword: 'Bench#School1' });
    const login = await app.inject({ method: 'POST', url: `/api/${code}/login/`, payload: { email, password: 'Bench#School1' } });
    const headers = { authorization: `Bearer ${login.json().data.token}` };
    const call = async (method: string, url: string, payload?: unknown) => {
      const res = await app.inject({ method: method as 'GET', url: `/api/${code}${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
      if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return res.json().data;
    };
    return await fn({ app, db: database.db.withSchema(schema), code, schema, call });
  } finally {
    await app.close();
    if (databaseUrl) {
      await database.db.withSchema('platform').deleteFrom('school').where('code', '=', code).execute().catch(() => undefined);
      await database.db.schema.dropSchema(`school_${code.toLowerCase()}`).ifExists().cascade().execute().catch(() => undefined);
    }
    await database.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Durations in ms of `runs` calls one after another, after three warm-up calls; sorted. */
export async function timed(runs: number, fn: (i: number) => Promise<void>): Promise<number[]> {
  for (let i = 0; i < 3; i++) await fn(i);
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn(i);
    out.push(performance.now() - t0);
  }
  return out.sort((a, b) => a - b);
}

export interface Timing { appP50: number; appP95: number; sqlP50: number; sqlP95: number }
export const timing = (app: number[], raw: number[]): Timing => ({ appP50: percentile(app, 50), appP95: percentile(app, 95), sqlP50: percentile(raw, 50), sqlP95: percentile(raw, 95) });

const f1 = (n: number) => n.toFixed(1);
/** One line of a section: the app's and raw SQL's p50 and p95, and their ratio. */
export const timingLine = (label: string, t: Timing) =>
  `   ${label}: app p50 ${f1(t.appP50)} ms  p95 ${f1(t.appP95)} ms;  raw SQL p50 ${f1(t.sqlP50)} ms  p95 ${f1(t.sqlP95)} ms;  app/SQL p50 = ${f1(t.appP50 / t.sqlP50)}x`;

/** Inserts many rows in statements of `chunk` rows. */
export async function insertChunked<T extends keyof DB & string>(db: Kysely<DB>, table: T, rows: Array<Record<string, unknown>>, chunk = 2000): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) await db.insertInto(table).values(rows.slice(i, i + chunk) as never).execute();
}
