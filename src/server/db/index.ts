import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import type { Config } from '../config.js';
import { SerialPGliteDialect } from './pglite-dialect.js';

/** The handle the app holds: one Kysely over PGlite or PostgreSQL, and how to close it. */
export interface Database {
  db: Kysely<any>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** A transaction under way: the handle it was opened on, and what runs once it has committed. */
interface Open { db: Kysely<any>; after: Array<(db: Kysely<any>) => Promise<void>> }
// Follows the transaction's async work, so a handle it derives (withSchema) is still inside it.
const OPEN = new AsyncLocalStorage<Open>();

/**
 * Runs `fn` in a transaction, or inside the caller's when `db` already is one. What afterCommit
 * registered runs once it has committed, on `db`; nothing of it runs when it rolls back.
 */
export async function withTransaction<T>(db: Kysely<any>, fn: (trx: Kysely<any>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db);
  const open: Open = { db, after: [] };
  const result = await OPEN.run(open, () => db.transaction().execute(fn));
  for (const run of open.after) await run(db);
  return result;
}

/** Runs `fn` after the transaction under way (opened by withTransaction) commits, with the handle it was opened on. */
export function afterCommit(fn: (db: Kysely<any>) => Promise<void>) {
  const open = OPEN.getStore();
  if (!open) throw new Error('afterCommit outside a transaction opened by withTransaction: it would never run');
  open.after.push(fn);
}

/** Runs `fn` after the transaction under way commits, or at once when there is none. */
export async function afterCommitOrNow(db: Kysely<any>, fn: (db: Kysely<any>) => Promise<void>) {
  if (OPEN.getStore()) afterCommit(fn);
  else await fn(db);
}

// Dates stay 'YYYY-MM-DD' text and numerics stay exact decimal strings on both drivers.
const DATE_OID = 1082;
const NUMERIC_OID = 1700;
const INT8_OID = 20;
/** The planner's cost of a page read out of order on the embedded database (PostgreSQL's default, 4, is for disks). */
export const PGLITE_RANDOM_PAGE_COST = 1.1;

export async function openDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl'>): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPGlite(config.dataDir);
}

async function openPostgres(url: string): Promise<Database> {
  const pg = await import('pg');
  const { Pool, types } = pg.default;
  types.setTypeParser(DATE_OID, (v: string) => v);
  types.setTypeParser(INT8_OID, (v: string) => Number(v));
  const pool = new Pool({ connectionString: url, max: Number(process.env.PG_POOL_SIZE ?? 10) });
  // An idle connection the server ends (a restart, a terminated backend) is dropped from the pool
  // and the next query opens another; unhandled, the error would stop the whole process.
  pool.on('error', (e) => console.error(`PostgreSQL closed an idle connection: ${e.message}`));
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

async function openPGlite(dataDir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { DurableNodeFS, durableStartParams, syncTree } = await import('./durable-fs.js');
  fs.mkdirSync(dataDir, { recursive: true });
  const pgdata = `${dataDir}/pgdata`;
  const fresh = !fs.existsSync(pgdata);
  // Commits on disk before they are acknowledged (durable-fs.ts); PGLITE_FSYNC=off measures the cost.
  const durable = process.env.PGLITE_FSYNC !== 'off';
  const pg = await PGlite.create({
    ...(durable ? { fs: new DurableNodeFS(pgdata), startParams: durableStartParams() } : { dataDir: pgdata }),
    // Trigram indexes keep substring search (names, numbers) fast in big schools.
    extensions: { pg_trgm },
    parsers: {
      [DATE_OID]: (v: string) => v,
      [NUMERIC_OID]: (v: string) => v,
      [INT8_OID]: (v: string) => Number(v),
    },
  });
  // The embedded database's pages are read from memory or the OS cache, never a spinning disk:
  // an index lookup costs about what a page of a table scan does, and the planner should know it
  // (with PostgreSQL's default, a class's bills were read by scanning every bill of the school).
  await pg.exec(`set random_page_cost = ${PGLITE_RANDOM_PAGE_COST}`);
  // A new store's files were written by initdb without fsync.
  if (fresh && durable) syncTree(pgdata);
  const db = new Kysely<any>({ dialect: new SerialPGliteDialect(pg) });
  let closed = false;
  return {
    db,
    kind: 'pglite',
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      await pg.close();
    },
  };
}
