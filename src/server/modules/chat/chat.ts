/**
 * Chat's reads and writes, shared by the two documented calls and the socket events. Every query
 * names the signed-in person as one side of the conversation: that is the privacy rule (spec 4
 * §6; an admin cannot read two teachers' chat), not a filter added afterwards.
 */
import { sql } from 'kysely';
import { CHAT_MESSAGE_STATUS } from '../../../generated/enums/chat.js';
import { expandRoles, roleIds } from '../../../shared/roles.js';
import { resourceByName } from '../../../shared/registry.js';
import type { Ctx } from '../../framework/context.js';
import { AppError } from '../../framework/errors.js';
import { storedUploads, type Attachment } from '../../framework/files.js';
import { items } from '../../framework/items.js';
import { inTransaction } from '../../framework/service.js';
import { push } from '../../realtime/hub.js';

/** The newest this many messages of a conversation answer a read (older ones by `before`). */
export const PAGE = 50;
/** At most this many missed messages answer one catch-up (`after`); the browser asks again from the last. */
export const CATCH_UP = 500;

/** Who has chat: the roles that may read it (staff and the librarian; never parents, drivers or watchmen). */
export const chatRoles = (): number[] => roleIds(expandRoles(resourceByName('chat-messages').access.read ?? []));

export interface ChatMessage {
  id: number;
  client_id: string;
  from_user_id: number;
  to_user_id: number;
  message: string;
  files: Attachment[];
  timestamp: string;
  status: number;
  seen_at: string | null;
}

export interface ChatPerson { id: number; name: string; role: number }
export interface ChatListItem extends ChatPerson { timestamp: string; unread: number; last_message: string; last_from_me: boolean }

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

/** A row's attachments, however the driver hands the JSON over (parsed, or as its text). */
function fileList(v: unknown): Attachment[] {
  const parsed = typeof v === 'string' ? JSON.parse(v) as unknown : v;
  if (typeof parsed === 'string') return fileList(parsed);
  return Array.isArray(parsed) ? parsed as Attachment[] : [];
}

const messageColumns = ['id', 'client_id', 'from_user_id', 'to_user_id', 'message', 'files', 'timestamp', 'status', 'seen_at'] as const;

function shaped(r: { id: number; client_id: string; from_user_id: number | null; to_user_id: number; message: string | null; files: unknown; timestamp: Date | string | null; status: number | null; seen_at: Date | string | null }): ChatMessage {
  return {
    id: r.id, client_id: r.client_id, from_user_id: r.from_user_id ?? 0, to_user_id: r.to_user_id,
    message: r.message ?? '', files: fileList(r.files),
    timestamp: iso(r.timestamp)!, status: r.status ?? CHAT_MESSAGE_STATUS.SENT, seen_at: iso(r.seen_at),
  };
}

/** A person one may chat with: an enabled login of a chat role, not oneself; else null. */
export async function chatPerson(ctx: Ctx, userId: number): Promise<ChatPerson | null> {
  if (userId === ctx.user.id) return null;
  const u = await ctx.db.selectFrom('user').select(['id', 'name', 'role'])
    .where('id', '=', userId).where('is_disabled', '=', false).where('role', 'in', chatRoles()).executeTakeFirst();
  return u ?? null;
}

/** Everyone the signed-in person may start a chat with, by name. */
export async function chatPeople(ctx: Ctx): Promise<ChatPerson[]> {
  return ctx.db.selectFrom('user').select(['id', 'name', 'role'])
    .where('role', 'in', chatRoles()).where('is_disabled', '=', false).where('id', '!=', ctx.user.id)
    .orderBy('name').orderBy('id').execute();
}

/** The chat list: one item per person talked with, newest conversation first, with what is unread. */
export async function chatList(ctx: Ctx): Promise<ChatListItem[]> {
  const me = ctx.user.id;
  // Per person talked with: the newest message's id and how many of theirs are still unseen.
  const talks = ctx.db.selectFrom('chat_message as m')
    .select((eb) => [
      eb.case().when('m.from_user_id', '=', me).then(eb.ref('m.to_user_id')).else(eb.ref('m.from_user_id')).end().as('other'),
      eb.fn.max('m.id').as('last_id'),
      sql<string>`count(*) filter (where m.to_user_id = ${me} and m.status = ${CHAT_MESSAGE_STATUS.SENT})`.as('unread'),
    ])
    .where((eb) => eb.or([eb('m.from_user_id', '=', me), eb('m.to_user_id', '=', me)]))
    .groupBy(sql`1`);
  const rows = await ctx.db.selectFrom(talks.as('t'))
    .innerJoin('user as u', 'u.id', 't.other')
    .innerJoin('chat_message as l', 'l.id', 't.last_id')
    .select(['u.id', 'u.name', 'u.role', 'l.timestamp', 't.unread', 'l.message as last_message', 'l.files', 'l.from_user_id as last_from'])
    .orderBy('t.last_id', 'desc')
    .execute();
  return rows.map((r) => {
    const files = fileList(r.files);
    return {
      id: r.id, name: r.name, role: r.role, timestamp: iso(r.timestamp)!, unread: Number(r.unread),
      last_message: r.last_message || (files?.length ? `📎 ${files[0]!.name}` : ''), last_from_me: r.last_from === me,
    };
  });
}

/** The messages between the signed-in person and `other`, oldest first: the newest page, those after an id, before one, or those containing a text. */
export async function conversation(ctx: Ctx, other: number, opts: { after?: number; before?: number; q?: string }): Promise<ChatMessage[]> {
  const me = ctx.user.id;
  let qb = ctx.db.selectFrom('chat_message').select(messageColumns)
    .where((eb) => eb.or([
      eb.and([eb('from_user_id', '=', me), eb('to_user_id', '=', other)]),
      eb.and([eb('from_user_id', '=', other), eb('to_user_id', '=', me)]),
    ]));
  const q = opts.q?.trim();
  if (q) qb = qb.where('message', 'ilike', `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (opts.after !== undefined) {
    const rows = await qb.where('id', '>', opts.after).orderBy('id', 'asc').limit(CATCH_UP).execute();
    return rows.map(shaped);
  }
  if (opts.before !== undefined) qb = qb.where('id', '<', opts.before);
  const rows = await qb.orderBy('id', 'desc').limit(PAGE).execute();
  return rows.reverse().map(shaped);
}

type Fail = (code: string) => AppError;

/**
 * Stores a sent message once: the sender's id for it (`client_id`) makes a repeat (a retry after a
 * lost answer, a resend after a reconnect, even through another server) answer the first one
 * stored, and only the first reaches the recipient.
 */
export async function postMessage(ctx: Ctx, p: { id: string; user_id: number; message?: string; files?: Array<{ path: string }> }, fail: Fail): Promise<ChatMessage> {
  const existing = await findSent(ctx, p.id);
  if (existing) return existing;
  if (p.user_id === ctx.user.id) throw fail('self');
  const to = await chatPerson(ctx, p.user_id);
  if (!to) throw fail('user');
  const text = (p.message ?? '').trim();
  const files = await storedUploads(ctx, p.files ?? [], 'chat-files', () => fail('file'));
  if (!text && !files.length) throw fail('empty');
  try {
    return await inTransaction(ctx, async (tx) => {
      const row = await items(tx, 'chat-messages').create({
        client_id: p.id, from_user_id: ctx.user.id, to_user_id: to.id, message: text, files,
        status: CHAT_MESSAGE_STATUS.SENT, timestamp: new Date().toISOString(), seen_at: null,
      }, { action: 'send' });
      const sent = shaped(row as never);
      push(tx).toUser(to.id, 'message_received', { ...sent, from: { id: ctx.user.id, name: ctx.user.name, role: ctx.user.role } });
      return sent;
    });
  } catch (e) {
    // The same message sent at the same moment through two connections: the other one stored it.
    const again = await findSent(ctx, p.id);
    if (again) return again;
    throw e;
  }
}

async function findSent(ctx: Ctx, clientId: string): Promise<ChatMessage | null> {
  const row = await ctx.db.selectFrom('chat_message').select(messageColumns)
    .where('from_user_id', '=', ctx.user.id).where('client_id', '=', clientId).executeTakeFirst();
  return row ? shaped(row) : null;
}

/** Marks what `other` sent the signed-in person as seen (status 2), all or the ids given; the sender's screen hears of it. */
export async function markSeen(ctx: Ctx, other: number, ids?: number[]): Promise<ChatMessage[]> {
  if (ids && !ids.length) return [];
  return inTransaction(ctx, async (tx) => {
    const rows = await items(tx, 'chat-messages').updateWhere(
      { from_user_id: other, to_user_id: ctx.user.id, status: CHAT_MESSAGE_STATUS.SENT, ...(ids ? { id: ids } : {}) },
      { status: CHAT_MESSAGE_STATUS.SEEN, seen_at: new Date().toISOString() },
      { action: 'seen' },
    );
    const seen = rows.map((r) => shaped(r as never));
    if (seen.length) push(tx).toUser(other, 'messages', { user_id: ctx.user.id, messages: seen });
    return seen;
  });
}
