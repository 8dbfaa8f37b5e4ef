import { sql, type Kysely } from 'kysely';

/**
 * A table the server keeps from other tables (running totals for reports), never written by a
 * person. The schema sync creates it and fills it from scratch when a store does not have it
 * yet, or has it at another version: a store made by an earlier release comes up with the
 * right figures, and a change to what such a table holds only needs its version raised.
 */
export interface DerivedTable {
  name: string;
  /** Raise it when what the table holds changes: the sync then builds it again. */
  version: number;
  ddl: string[];
  /** Fills the empty table from the tables it is kept from. */
  fill(db: Kysely<any>): Promise<void>;
}

/** Which version of each derived table a school's store holds. */
export const DERIVED_VERSIONS_DDL = `create table if not exists derived_table (name text primary key, version integer not null, built_at timestamptz not null default now())`;

/** Creates each derived table and (re)builds the ones not at their version. Runs inside the sync's transaction, on the school's search path. */
export async function syncDerived(db: Kysely<any>, tables: DerivedTable[]): Promise<string[]> {
  await sql.raw(DERIVED_VERSIONS_DDL).execute(db);
  const built: string[] = [];
  for (const t of tables) {
    for (const s of t.ddl) await sql.raw(s).execute(db);
    const held = await db.selectFrom('derived_table').select('version').where('name', '=', t.name).executeTakeFirst();
    if (held?.version === t.version) continue;
    await buildDerived(db, t);
    built.push(t.name);
  }
  return built;
}

/** Empties a derived table and fills it again from its sources (after rows were written around the ledger, as the bench's seed does). */
export async function buildDerived(db: Kysely<any>, t: DerivedTable): Promise<void> {
  await db.deleteFrom(t.name).execute();
  await t.fill(db);
  await db.insertInto('derived_table').values({ name: t.name, version: t.version })
    .onConflict((oc) => oc.column('name').doUpdateSet({ version: t.version, built_at: sql`now()` })).execute();
}
