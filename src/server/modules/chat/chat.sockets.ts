import { defineSocketHandlers } from '../../realtime/declared.js';
import { chatList, chatPerson, conversation, markSeen, postMessage } from './chat.js';

/** Spec 4 §7's chat events; each answer goes back as the event the declaration names. */
export default defineSocketHandlers('chat-messages', {
  post: (ctx, payload: { id: string; user_id: number; message?: string; files?: Array<{ path: string }> }) => postMessage(ctx, payload, ctx.fail),
  chats: (ctx) => chatList(ctx),
  get: async (ctx, p: { user_id: number; after?: number; before?: number; q?: string }) => {
    if (!(await chatPerson(ctx, p.user_id))) throw ctx.fail('user');
    return { user_id: p.user_id, ...(p.after !== undefined ? { after: p.after } : {}), messages: await conversation(ctx, p.user_id, p) };
  },
  // Answered with the chat list, whose unread counts the marks changed.
  seen: async (ctx, p: { user_id: number; ids?: number[] }) => {
    await markSeen(ctx, p.user_id, p.ids);
    return chatList(ctx);
  },
});
