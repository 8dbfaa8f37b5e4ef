import type { Message } from '../../../generated/entities/messages.js';
import { badRequest, notFound } from '../../framework/errors.js';
import type { ResourceHooks } from '../../framework/hooks.js';
import { scoped } from '../../framework/scope.js';
import type { Ctx } from '../../framework/context.js';
import { notify } from '../../platform/notifications.js';

/**
 * A message is from the person sending it, now; it goes to an existing user, and it may be
 * about a student only if the sender may read that student. Sent about a student with no
 * recipient named, it goes to that student's login.
 */
export const messageHooks: ResourceHooks<Message> = {
  async beforeCreate(ctx, data) {
    let toId = data.to_id ?? null;
    if (toId !== null) {
      const user = await ctx.db.selectFrom('user').select('id').where('id', '=', toId).executeTakeFirst();
      if (!user) throw badRequest('The recipient is not a user of this school');
    }
    if (data.student_id != null) {
      const student = await scoped(ctx, 'students').select(['t.id', 't.user_id']).where('t.id', '=', data.student_id).executeTakeFirst();
      if (!student) throw notFound('Student not found');
      if (toId === null) toId = student.user_id ?? null;
    }
    return { ...data, to_id: toId, sent_by: ctx.user.id, timestamp: new Date().toISOString(), reply: null } as Message;
  },
  // The recipient's bell tells of it, live.
  async afterCreate(ctx, row) {
    await notifyRecipients(ctx, [row]);
  },
  async afterCreateMany(ctx, rows) {
    await notifyRecipients(ctx, rows);
  },
};

/** One notification per message with a recipient (a batch to many families is one insert per subject). */
async function notifyRecipients(ctx: Ctx, rows: ReadonlyArray<Pick<Message, 'to_id' | 'subject' | 'message'>>) {
  const bySubject = new Map<string, { body: string; users: number[] }>();
  for (const r of rows) {
    if (r.to_id == null) continue;
    const key = `${r.subject}\u0000${r.message}`;
    const group = bySubject.get(key) ?? { body: `${r.subject}: ${r.message}`, users: [] };
    group.users.push(r.to_id);
    bySubject.set(key, group);
  }
  for (const { body, users } of bySubject.values()) await notify(ctx, { users }, { title: `Message from ${ctx.user.name}`, body });
}

export default messageHooks;
