import crypto from 'node:crypto';
import type { Ctx } from '../../framework/context.js';
import { CHAT_MESSAGE_STATUS } from '../../../generated/enums/chat.js';

const MINUTE = 60_000;

/**
 * A morning's chat between the demo's teacher, the super admin, the office and the librarian:
 * one conversation read to the end, one with lines still unseen, so the list shows both. The
 * office admin is given the chat module, as a school would give it.
 */
export async function seedDemoChat(ctx: Ctx, users: { admin: number; office: number; teacher: number; librarian: number }): Promise<void> {
  await ctx.db.insertInto('admin_module_access').values({ user_id: users.office, module_key: 'chat', create: true, read: true, update: true, delete: false })
    .onConflict((oc) => oc.columns(['user_id', 'module_key']).doNothing()).execute();
  const now = Date.now();
  const lines: Array<[number, number, number, string, boolean]> = [
    [180, users.admin, users.teacher, 'Good morning! Could you send the class 8 A attendance summary before the staff meeting?', true],
    [172, users.teacher, users.admin, 'Good morning, sir. Yes, I will send it by 11.', true],
    [95, users.teacher, users.admin, 'Sent. Two students were absent all of last week; I have called their parents.', true],
    [90, users.admin, users.teacher, 'Thank you. Please note it in the remarks as well.', true],
    [60, users.office, users.teacher, 'The science lab projector is back from repair.', true],
    [42, users.librarian, users.teacher, 'The books you asked for (Class 9 physics reference) have arrived.', false],
    [40, users.librarian, users.teacher, 'I have kept three copies aside for your class.', false],
  ];
  // raw write: the demo school's past, stored as it happened (demo data)
  await ctx.db.insertInto('chat_message').values(lines.map(([ago, from, to, message, seen]) => ({
    client_id: `demo-${crypto.randomBytes(8).toString('hex')}`, from_user_id: from, to_user_id: to, message, files: JSON.stringify([]),
    status: seen ? CHAT_MESSAGE_STATUS.SEEN : CHAT_MESSAGE_STATUS.SENT,
    timestamp: new Date(now - ago * MINUTE).toISOString(), seen_at: seen ? new Date(now - (ago - 2) * MINUTE).toISOString() : null,
  }))).execute();
}
