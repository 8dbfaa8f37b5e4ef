/**
 * Header notifications (the bell): rows of the school's `notification` table, one per person or
 * one for everyone, each pushed live to the sockets of the people it is for once the write has
 * committed. A browser that was away asks for what it missed (`notifications` with `since`).
 */
import { sql, type AliasedSelectQueryBuilder } from 'kysely';
import type { Ctx } from '../framework/context.js';
import { push } from '../realtime/hub.js';

/** The longest notification text; the record it tells of holds the rest. */
const NOTE_LENGTH = 300;
const noteText = (text: string) => (text.length > NOTE_LENGTH ? `${text.slice(0, NOTE_LENGTH - 1)}…` : text);

/** Who a notification is for: everyone in the school, some logins by id, or the logins a subquery names (`… as l`, column id). */
export type Audience =
  | { everyone: true }
  | { users: readonly number[] }
  | { logins: AliasedSelectQueryBuilder<{ id: number | null }, 'l'> };

/** Adds the notification for its audience (one statement however many logins) and pushes it to them. */
export async function notify(ctx: Ctx, to: Audience, note: { title: string; body: string }): Promise<void> {
  const title = note.title;
  const body = noteText(note.body);
  const returned = ['id', 'user_id', 'title', 'body', 'created_at as timestamp'] as const;
  if ('everyone' in to) {
    const row = await ctx.db.insertInto('notification').values({ user_id: null, title, body }).returning(returned).executeTakeFirstOrThrow();
    push(ctx).toSchool('notification', shown(row));
    return;
  }
  if ('users' in to && !to.users.length) return;
  const rows = 'users' in to
    ? await ctx.db.insertInto('notification').values([...new Set(to.users)].map((id) => ({ user_id: id, title, body }))).returning(returned).execute()
    : await ctx.db.insertInto('notification').columns(['user_id', 'title', 'body'])
      .expression(ctx.db.selectFrom(to.logins).select(['l.id', sql<string>`${title}::text`.as('title'), sql<string>`${body}::text`.as('body')]))
      .returning(returned).execute();
  const p = push(ctx);
  for (const row of rows) p.toUser(row.user_id!, 'notification', shown(row));
}

const shown = (row: { id: number; title: string; body: string; timestamp: Date | string }) =>
  ({ id: row.id, title: row.title, body: row.body, timestamp: new Date(row.timestamp).toISOString() });

/** The person's notifications (theirs and everyone's), newest first; those after `since` only when given. */
export async function notificationsOf(ctx: Ctx, since?: string) {
  const rows = await ctx.db.selectFrom('notification').select(['id', 'title', 'body', 'created_at as timestamp'])
    .where((eb) => eb.or([eb('user_id', '=', ctx.user.id), eb('user_id', 'is', null)]))
    // The cursor is the newest one's time as the browser got it, to the millisecond; the column keeps microseconds.
    .$if(!!since, (q) => q.where(sql`date_trunc('milliseconds', created_at)`, '>', new Date(since!)))
    .orderBy('created_at', 'desc').limit(50).execute();
  return rows.map(shown);
}
