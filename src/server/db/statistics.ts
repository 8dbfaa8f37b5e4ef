import { sql, type Kysely } from 'kysely';

/**
 * The planner's table statistics (ANALYZE). PostgreSQL's autovacuum refreshes them as tables
 * grow; the embedded database (PGlite) has no autovacuum, so without this a school that
 * imported 5,000 students or billed a term still has the figures of an empty store, and the
 * reports read whole tables where an index would do. They are refreshed after the demo school
 * is made, after a student import and after a created fee bills a class, and once a day by a
 * job of the server process.
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

export interface StatisticsJob {
  /** Stops the timer; resolves once a run under way has finished. */
  stop(): Promise<void>;
}

/**
 * Runs analyzeSchools once a day: first `firstAfterMs` after the start (a store opened by an
 * earlier release may never have been analyzed), then every `everyMs`. A failed run is
 * reported and the next one still happens.
 */
export function startStatisticsJob(db: Kysely<any>, opts: { everyMs?: number; firstAfterMs?: number; onError?: (e: Error) => void } = {}): StatisticsJob {
  const everyMs = opts.everyMs ?? DAY_MS;
  let running: Promise<void> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout;
  const schedule = (ms: number) => {
    timer = setTimeout(() => {
      running = analyzeSchools(db)
        .catch((e: Error) => (opts.onError ?? ((err) => console.error(`Table statistics: ${err.message}`)))(e))
        .finally(() => {
          running = null;
          if (!stopped) schedule(everyMs);
        });
    }, ms);
    // The job never keeps the process alive on its own.
    timer.unref();
  };
  schedule(opts.firstAfterMs ?? 60_000);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
