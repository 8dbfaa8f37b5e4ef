import { defineContributions } from '../../framework/contributions.js';
import type { ChatMessage, ChatPerson } from './chat.js';

declare module '../../realtime/hub.js' {
  interface PushEvents {
    /** A chat message for its recipient, with who sent it (spec 4 §7 message_received). */
    message_received: ChatMessage & { from: ChatPerson };
    /** Messages of a conversation that changed (seen by the other side), for the screen to merge by id. */
    messages: { user_id: number; messages: ChatMessage[] };
  }
}

export default defineContributions({
  demo: [{
    order: 76,
    seed: async (d) => (await import('./demo-seed.js')).seedDemoChat(d.ctx, d.users),
  }],
});
