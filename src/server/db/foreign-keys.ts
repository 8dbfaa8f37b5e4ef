import { sql, type Kysely } from 'kysely';
import { resourceByName } from '../../shared/registry.js';
import type { ResourceDef } from '../../shared/resource.js';
import { notNull } from './columns.js';

/**
 * Foreign keys for the declared relations (a resource's `from` column naming another's row),
 * matching what a delete through the API does (src/server/framework/service.ts):
 *   cascade   the relation is declared `cascade` (a test's per-class details go with the test);
 *   set null  an optional reference is cleared;
 *   no action a required one refuses the delete (the API refuses first, with its message).
 * The keys are checked at commit (deferred), so code that deletes a row and what points at it
 * in one transaction may do so in any order.
 */
export interface ForeignKey { table: string; column: string; parent: string; onDelete: 'cascade' | 'set null' | 'no action' }

export const foreignKeyName = (fk: Pick<ForeignKey, 'table' | 'column'>) => `${fk.table}_${fk.column}_fk`;

/** The keys a resource's relations imply, one per referencing column. */
export function declaredForeignKeys(r: ResourceDef): ForeignKey[] {
  const out = new Map<string, ForeignKey>();
  for (const rel of Object.values(r.relations ?? {})) {
    if (!r.table || !rel.from || !rel.resource || out.has(rel.from)) continue;
    const parent = resourceByName(rel.resource).table;
    const prop = r.schema.properties?.[rel.from];
    if (!parent || !prop) continue;
    const onDelete = rel.cascade ? 'cascade' : notNull(r, rel.from, prop) ? 'no action' : 'set null';
    out.set(rel.from, { table: r.table, column: rel.from, parent, onDelete });
  }
  return [...out.values()];
}

/** The keys this school's tables (on the search path) already have, by name. */
export async function existingForeignKeys(db: Kysely<any>): Promise<Set<string>> {
  const { rows } = await sql<{ name: string }>`select conname as name from pg_constraint
    where contype = 'f' and connamespace = (select oid from pg_namespace where nspname = current_schema())`.execute(db);
  return new Set(rows.map((r) => r.name));
}

/**
 * Adds one key. On a table with rows, references to rows deleted before the key existed are
 * dealt with as a delete would have: optional ones cleared; required ones kept and the key added
 * NOT VALID (PostgreSQL then checks new and changed rows only), so no record is lost; the start
 * says so.
 */
export async function addForeignKey(db: Kysely<any>, fk: ForeignKey): Promise<void> {
  const { table, column, parent, onDelete } = fk;
  const orphans = db.selectFrom(`${table} as c`).where(`c.${column}`, 'is not', null)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom(`${parent} as p`).select('p.id').whereRef('p.id', '=', `c.${column}`))));
  let valid = true;
  if (onDelete === 'no action') {
    const { n } = await orphans.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    if (Number(n) > 0) {
      valid = false;
      console.warn(`${table}.${column}: ${n} row(s) name a ${parent} that no longer exists; they are kept, and new rows are checked`);
    }
  } else {
    await db.updateTable(table).set({ [column]: null }).where('id', 'in', orphans.select('c.id')).execute();
  }
  await sql`alter table ${sql.table(table)} add constraint ${sql.id(foreignKeyName(fk))} foreign key (${sql.ref(column)}) references ${sql.table(parent)} (id)
    on delete ${sql.raw(onDelete)} deferrable initially deferred ${sql.raw(valid ? '' : 'not valid')}`.execute(db);
}

/** Adds every given key the school lacks. */
export async function addMissingForeignKeys(db: Kysely<any>, keys: ForeignKey[]): Promise<void> {
  const have = await existingForeignKeys(db);
  for (const fk of keys) if (!have.has(foreignKeyName(fk))) await addForeignKey(db, fk);
}
