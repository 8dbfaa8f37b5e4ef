import { ROLE_IDS } from '../../../shared/roles.js';
import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { inTransaction } from '../../framework/service.js';
import { items } from '../../framework/items.js';
import { notify } from '../../platform/notifications.js';

/** The newest this many messages answer a list. */
const LIST_LIMIT = 500;

/** Messages with who sent them, who they went to and the student they are about (spec 3 §3 Message). */
function messageRows(ctx: CallCtx) {
  return ctx.db.selectFrom('message as m')
    .leftJoin('user as f', 'f.id', 'm.sent_by')
    .leftJoin('user as r', 'r.id', 'm.to_id')
    .leftJoin('student as st', 'st.id', 'm.student_id')
    .select([
      'm.id', 'm.sent_by', 'm.to_id as received_by', 'f.name as from', 'r.name as to', 'm.student_id', 'st.fullname as student_name',
      'm.subject', 'm.message', 'm.reply', 'm.reply_enabled', 'm.timestamp',
    ])
    .orderBy('m.timestamp', 'desc').orderBy('m.id', 'desc');
}

type Row = Awaited<ReturnType<ReturnType<typeof messageRows>['execute']>>[number];

/** Replyable only by its recipient, when the sender enabled replies and none was given (spec 3 §4). */
const withReplyState = (userId: number) => (m: Row) => ({
  ...m,
  timestamp: m.timestamp ? new Date(m.timestamp).toISOString() : null,
  reply_enabled: m.reply_enabled ? 1 : 0,
  can_reply: !!m.reply_enabled && m.received_by === userId && m.reply === null,
});

/**
 * The latest messages about a student that this person sees: a parent those sent to them about
 * the child, staff every one about the student; optionally only those since a moment.
 */
export async function studentMessages(ctx: CallCtx, studentId: number, opts: { since?: Date; limit: number }) {
  let qb = messageRows(ctx).where('m.student_id', '=', studentId);
  if (ctx.user.role === ROLE_IDS.parent) qb = qb.where('m.to_id', '=', ctx.user.id);
  if (opts.since) qb = qb.where('m.timestamp', '>=', opts.since);
  return (await qb.limit(opts.limit).execute()).map(withReplyState(ctx.user.id));
}

export default defineHandlers('messages', {
  list: async (ctx) => {
    const rows = await messageRows(ctx).where((eb) => eb.or([eb('m.sent_by', '=', ctx.user.id), eb('m.to_id', '=', ctx.user.id)]))
      .limit(LIST_LIMIT).execute();
    return rows.map(withReplyState(ctx.user.id));
  },

  reply: async (ctx, { params, body }) => {
    const m = await ctx.db.selectFrom('message').select(['id', 'sent_by', 'to_id', 'reply', 'reply_enabled']).where('id', '=', params.id).executeTakeFirst();
    // Someone else's message is answered like a missing one.
    if (!m || (m.sent_by !== ctx.user.id && m.to_id !== ctx.user.id)) throw ctx.fail('notFound', 404);
    if (m.to_id !== ctx.user.id) throw ctx.fail('notRecipient', 403);
    if (!m.reply_enabled) throw ctx.fail('disabled', 403);
    if (m.reply !== null) throw ctx.fail('replied', 409);
    return inTransaction(ctx, async (tx) => {
      // Only the first of two replies sent together is kept.
      const done = await items(tx, 'messages').updateWhere({ id: m.id, reply: null }, { reply: body.reply.trim(), replied_at: new Date().toISOString() }, { action: 'reply' });
      if (done.length !== 1) throw ctx.fail('replied', 409);
      if (m.sent_by) await notify(tx, { users: [m.sent_by] }, { title: `Reply from ${ctx.user.name}`, body: body.reply.trim() });
      const row = await messageRows(tx).where('m.id', '=', m.id).executeTakeFirstOrThrow();
      return withReplyState(ctx.user.id)(row);
    });
  },

  student: (ctx, { params }) => studentMessages(ctx, params.student_id, { limit: 20 }),
});
