import type { Kysely } from 'kysely';
import type { BackupSummary } from './format.js';
import { restoreBackup } from './restore.js';

/** Thrown to undo the check's restore once its counts are in. */
class UndoCheck extends Error {}

/** Where the check puts a school: a scratch schema no school's name can take. */
export const scratchSchema = (code: string) => `backup_check_${code.toLowerCase()}`;

/**
 * The check after a backup is written: the file is restored, as a restore would read it, into
 * scratch schemas inside a transaction that is then rolled back, and each table's row count is
 * compared with what the backup counted while writing. Answers the differences (none: good).
 */
export async function verifyBackup(db: Kysely<any>, summary: BackupSummary): Promise<string[]> {
  let restored: Record<string, Record<string, number>> = {};
  try {
    await db.transaction().execute(async (trx) => {
      restored = (await restoreBackup(trx, summary.file, { schemaOf: scratchSchema })).rows;
      throw new UndoCheck();
    });
  } catch (e) {
    if (!(e instanceof UndoCheck)) throw e;
  }
  const problems: string[] = [];
  for (const [code, tables] of Object.entries(summary.rows)) {
    for (const [table, n] of Object.entries(tables)) {
      const got = restored[code]?.[table];
      if (got !== n) problems.push(`${code} ${table}: ${n} rows written, ${got ?? 'none'} restored`);
    }
  }
  return problems;
}
