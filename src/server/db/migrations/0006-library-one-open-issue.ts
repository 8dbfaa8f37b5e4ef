import { sql, type Kysely } from 'kysely';

/**
 * A library book is out to one borrower at a time: at most one open issue (status 1) per book,
 * held by the database as well as by the issue call's conditional update. The library tables are
 * new with this release, so no store holds rows that could break it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create unique index if not exists lib_book_issue_open_book_uq on lib_book_issue (book_id) where status = 1`.execute(db);
}
