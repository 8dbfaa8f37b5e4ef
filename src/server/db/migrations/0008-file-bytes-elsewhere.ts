import { sql, type Kysely } from 'kysely';

/**
 * An uploaded file's bytes may live in an S3-compatible store (FILES_S3_BUCKET) instead of its
 * `file` row: `bytes` may be null, and `location` (s3://<bucket>/<key>) says where they are.
 * Every row has exactly one of the two. Rows already there keep their bytes and no location, and
 * stay readable from the database after the store is switched on.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table file add column if not exists location text`.execute(db);
  await sql`alter table file alter column bytes drop not null`.execute(db);
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_constraint
    where conrelid = 'file'::regclass and conname = 'file_bytes_or_location'`.execute(db);
  if (rows[0]!.n === 0) {
    await sql`alter table file add constraint file_bytes_or_location check ((bytes is null) <> (location is null))`.execute(db);
  }
}
