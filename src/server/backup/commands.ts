import { sql, type Kysely } from 'kysely';
import { schemaFor } from '../framework/schools.js';
import { schemaExists } from './catalog.js';
import { describeBackup, rowTotal } from './format.js';
import { remoteFromEnv } from './s3.js';
import { restoreBackup } from './restore.js';
import { runBackup } from './run.js';
import { backupSettings } from './settings.js';

/** `npm run school -- backup [--code X]`: a backup now, checked, into BACKUP_DIR. */
export async function backupCommand(db: Kysely<any>, engine: string, code: string | undefined): Promise<number> {
  const settings = backupSettings();
  const r = await runBackup(db, { dir: settings.dir, engine, code, reason: 'command', remote: remoteFromEnv() });
  if (!r.ok) {
    console.error(r.message);
    return 1;
  }
  console.log(`Backup written to ${r.file} (${formatSize(r.size!)}): ${r.message}.${r.uploaded ? ` Copied to ${r.uploaded}.` : ''}`);
  for (const s of r.summary!.schools) console.log(`  ${s.code} ${s.name}: ${describeCounts(r.summary!.rows[s.code]!)}`);
  return 0;
}

/**
 * `npm run school -- restore --from FILE [--code X] [--yes]`: checks the whole file first, says
 * what it would replace, and replaces a school that exists only with --yes.
 */
export async function restoreCommand(db: Kysely<any>, file: string, code: string | undefined, yes: boolean): Promise<number> {
  const summary = await describeBackup(file);
  const wanted = code?.toUpperCase();
  const schools = summary.schools.filter((s) => !wanted || s.code === wanted);
  if (!schools.length) {
    console.error(`The backup ${file} has no school ${wanted} (it holds ${summary.schools.map((s) => s.code).join(', ') || 'no school'})`);
    return 1;
  }
  console.log(`Backup of ${formatDate(summary.header.created_at)} (taken on ${summary.header.engine === 'pglite' ? 'the embedded database' : 'PostgreSQL'}), ${formatSize(summary.size)}:`);
  let replaces = 0;
  for (const s of schools) {
    const counts = summary.rows[s.code]!;
    const now = (await schemaExists(db, schemaFor(s.code))) ? await liveRows(db, schemaFor(s.code)) : null;
    const registered = await db.withSchema('platform').selectFrom('school').select('name').where('code', '=', s.code).executeTakeFirst().catch(() => undefined);
    if (now || registered) replaces++;
    console.log(`  ${s.code} ${s.name}: ${describeCounts(counts)}`);
    console.log(now || registered
      ? `    replaces the school ${s.code}${registered ? ` (${registered.name})` : ''} here, which now has ${now ? rowTotal(now) : 0} rows`
      : `    a new school here`);
  }
  if (replaces && !yes) {
    console.error(`Nothing was changed. Restoring replaces ${replaces === 1 ? 'that school' : `those ${replaces} schools`} with the backup; run again with --yes to do it.`);
    return 1;
  }
  const t0 = Date.now();
  console.log('Restoring…');
  const r = await restoreBackup(db, file, { code: wanted, register: true });
  for (const s of r.schools) console.log(`Restored ${s.code} ${s.name}: ${rowTotal(r.rows[s.code])} rows in ${((Date.now() - t0) / 1000).toFixed(1)} s. Everyone of that school logs in again.`);
  return 0;
}

async function liveRows(db: Kysely<any>, schema: string): Promise<Record<string, number>> {
  const tables = (await sql<{ name: string; n: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = ${schema} and c.relkind = 'r'`.execute(db)).rows;
  const out: Record<string, number> = {};
  for (const t of tables) out[t.name] = Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.raw(`"${schema}"."${t.name}"`)}`.execute(db)).rows[0]!.n);
  return out;
}

/** The tables people care about first, then the total. */
const SHOWN: Array<[string, string]> = [['student', 'students'], ['fee_payment', 'bills'], ['fee_installment', 'installments'], ['file', 'files']];
export function describeCounts(counts: Record<string, number>): string {
  const named = SHOWN.filter(([t]) => counts[t] !== undefined).map(([t, label]) => `${counts[t]} ${label}`);
  return `${rowTotal(counts)} rows in ${Object.keys(counts).length} tables${named.length ? ` (${named.join(', ')})` : ''}`;
}

export const formatSize = (n: number) => (n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} kB` : `${(n / 1024 / 1024).toFixed(1)} MB`);
const formatDate = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
