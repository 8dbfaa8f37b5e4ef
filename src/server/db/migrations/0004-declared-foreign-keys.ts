import type { Kysely } from 'kysely';
import { RESOURCES } from '../../../shared/registry.js';
import { addMissingForeignKeys, declaredForeignKeys } from '../foreign-keys.js';

/**
 * Keys for relations declared after 0002 on tables a store already had (the hostel's student and
 * year), added the safe way (src/server/db/foreign-keys.ts). A table made new gets its keys from
 * the sync itself.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addMissingForeignKeys(db, RESOURCES.flatMap(declaredForeignKeys));
}
