import { sql, type Kysely } from 'kysely';
import type { Job } from '../framework/contributions.js';

/**
 * The planner's table statistics (ANALYZE). PostgreSQL's autovacuum refreshes them as tables
 * grow; the embedded database (PGlite) has no autovacuum, so without this a school that
 * imported 5,000 students or billed a term still has the figures of an empty store, and the
 * reports read whole tables where an index would do. They are refreshed after the demo school
 * is made, after a student import and after a created fee bills a class, and once a day by a
 * job of the server's job runner.
 */

/** ANALYZE of some tables of one school's schema. */
export async function analyzeTables(db: Kysely<any>, schema: string, tables: string[]): Promise<void> {
  if (!tables.length) return;
  await sql`analyze ${sql.join(tables.map((t) => sql.id(schema, t)))}`.execute(db);
}

/** ANALYZE of every table of some schemas: every school's and the school directory's, or only those named. */
export async function analyzeSchools(db: Kysely<any>, schemas?: string[]): Promise<void> {
  const tables = await db.selectFrom('pg_catalog.pg_tables as t')
    .select(['t.schemaname', 't.tablename'])
    .where((eb) => (schemas ? eb('t.schemaname', 'in', schemas) : eb.or([
      eb('t.schemaname', '=', 'platform'),
      eb('t.schemaname', 'in', eb.selectFrom('platform.school').select('schema_name')),
    ])))
    .orderBy('t.schemaname').orderBy('t.tablename').execute();
  if (!tables.length) return;
  await sql`analyze ${sql.join(tables.map((t) => sql.id(t.schemaname, t.tablename)))}`.execute(db);
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A platform job of the runner (src/server/framework/jobs.ts): analyzeSchools once a day, first a
 * minute after the start (a store opened by an earlier release may never have been analyzed). A
 * failed run is tried twice more, a minute and two minutes later.
 */
export const statisticsJob: Job = {
  name: 'statistics',
  everyMs: DAY_MS,
  firstAfterMs: 60_000,
  attempts: 3,
  backoffMs: 60_000,
  run: ({ db }) => analyzeSchools(db),
};
