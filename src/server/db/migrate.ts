import { sql, type Kysely } from 'kysely';

/**
 * A change to a school's tables that the schema sync cannot make safely on its own (it only
 * adds tables, columns and indexes): NOT NULL, foreign keys, type changes, renames, indexes
 * that need the data looked at first. One file per migration in src/server/db/migrations/,
 * named `<4 digits>-<words>.ts`, exporting `up(db)`; the build lists them in order
 * (src/generated/migrations.ts). docs/migrations.md says how to write one.
 */
export interface Migration {
  name: string;
  /**
   * Runs once per school, on the school's search path, after the sync has brought the tables
   * up to the declarations (a new school's tables are already in today's shape) and inside the
   * sync's transaction. Written against `Kysely<any>`: a migration keeps working as the tables
   * it once changed move on.
   */
  up(db: Kysely<any>): Promise<void>;
}

/** A migration refused: the school's store is left as it was and the server does not start. */
export class MigrationError extends Error {}

/**
 * Runs the migrations this school has not had, in order, recording each in its `migration`
 * table. Called by the sync inside its transaction: if one fails, everything the start did to
 * this school is rolled back, and the error names the school, the migration and the reason.
 */
export async function runMigrations(db: Kysely<any>, schemaName: string, migrations: Migration[]): Promise<string[]> {
  // Two servers starting against one PostgreSQL database take turns.
  await sql`lock table migration in share row exclusive mode`.execute(db);
  const done = new Set((await db.selectFrom('migration').select('name').execute()).map((r) => r.name as string));
  const ran: string[] = [];
  for (const m of migrations) {
    if (done.has(m.name)) continue;
    try {
      await m.up(db);
    } catch (e) {
      throw new MigrationError(`Migration ${m.name} failed for the school in schema "${schemaName}": ${(e as Error).message}. `
        + 'Nothing was changed in that school; correct the data or the migration and start again.');
    }
    await db.insertInto('migration').values({ name: m.name }).execute();
    ran.push(m.name);
  }
  return ran;
}
