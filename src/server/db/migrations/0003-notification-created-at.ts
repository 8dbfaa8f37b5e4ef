import { sql, type Kysely } from 'kysely';

/**
 * A notification's time is `created_at`, as in every other table (it was `timestamp`; the API
 * still answers `timestamp`). Renamed in place, so the rows keep their times; a store made
 * after the rename already has the new name. Then the index the notifications call reads by:
 * a person's own and the school-wide ones, newest first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from information_schema.columns
    where table_schema = current_schema() and table_name = 'notification' and column_name = 'timestamp'`.execute(db);
  if (rows[0]!.n > 0) await sql`alter table notification rename column "timestamp" to created_at`.execute(db);
  await sql`create index if not exists notification_user_created_ix on notification (user_id, created_at desc)`.execute(db);
}
