import { defineHandlers } from '../../framework/calls.js';
import { chatList, chatPeople, chatPerson, conversation } from './chat.js';

export default defineHandlers('chat-messages', {
  list: (ctx) => chatList(ctx),
  people: (ctx) => chatPeople(ctx),
  messages: async (ctx, { params, query }) => {
    // Someone one cannot chat with (a parent, a driver, another school's id) is answered as missing.
    if (!(await chatPerson(ctx, params.user_id))) throw ctx.fail('user', 404);
    const n = (v: string | undefined) => (v ? Number(v) : undefined);
    return conversation(ctx, params.user_id, { after: n(query.after), before: n(query.before), q: query.q });
  },
});
