import type { DerivedTable } from './derived.js';

/** Every derived table a school has, in the order the sync builds them: the modules' contributions (contributes.ts), installed with them. */
let TABLES: DerivedTable[] | null = null;

export function installDerivedTables(tables: DerivedTable[]) {
  TABLES = tables;
}

/** The installed derived tables; the store is never synced without them (src/server/installed.ts is imported first). */
export function derivedTables(): DerivedTable[] {
  if (!TABLES) throw new Error('The modules are not installed: import src/server/installed.js before syncing a store');
  return TABLES;
}
