import schema from '../../schemas/chat/chat-message.json' with { type: 'json' };
import post from '../../schemas/chat/calls/post.json' with { type: 'json' };
import get from '../../schemas/chat/calls/get.json' with { type: 'json' };
import seen from '../../schemas/chat/calls/seen.json' with { type: 'json' };
import chats from '../../schemas/chat/calls/chats.json' with { type: 'json' };
import messagesQuery from '../../schemas/chat/calls/messages-query.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** What a chat may carry besides text: pictures (shown inline) and documents. */
const CHAT_FILE_TYPES = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'csv', 'txt'];

/** The errors a sent message can meet, on the socket's post and in the tests. */
const POST_ERRORS = {
  user: 'This person is not available for chat',
  self: 'You cannot send a message to yourself',
  empty: 'Message is required',
  file: 'The file was not uploaded here: upload it again',
};

/**
 * Chat between staff (spec 4 §2.6, §3, §4, §7): one-to-one conversations between logins with a
 * shell and chat (teachers, the office, the librarian). Parents have no chat (spec 4 §6) and are
 * refused; drivers and watchmen have no shell and are never listed. Each person reads only the
 * conversations they are in: every read and write names the signed-in person as one side, so no
 * call lets anyone (an admin included) read two others' chat. Messages go on the socket (post,
 * chats, get, seen); the two documented calls read the same.
 */
export default defineResource({
  name: 'chat-messages', module: 'chat', schema, table: 'chat_message',
  label: 'Chat', singular: 'Chat Message', icon: 'MessageOutlined',
  api: {},
  indexes: [['to_user_id', 'status'], ['from_user_id', 'to_user_id', 'id']],
  unique: [{ fields: ['from_user_id', 'client_id'], message: 'This message was already sent' }],
  access: { read: ['staff', 'librarian'], create: ['staff', 'librarian'], update: ['staff', 'librarian'] },
  messages: {},
  uploads: {
    'chat-files': { permission: 'create', types: CHAT_FILE_TYPES, maxBytes: 10 * 1024 * 1024, messages: { type: '{file} file upload failed.' } },
  },
  calls: {
    // The chat list: one item per person talked with (spec 4 §3: id, name, role, timestamp, unread).
    list: { call: 'GET /chats/', permission: 'read' },
    // People the signed-in person may start a chat with (New chat's user picker).
    people: { call: 'GET /chats/people/', permission: 'read' },
    // One conversation, oldest first (spec 4 §3 message: from_user_id, message, timestamp, status).
    messages: { call: 'GET /chat/{user_id}/', permission: 'read', query: messagesQuery, errors: { user: POST_ERRORS.user } },
  },
  sockets: {
    post: { event: 'post', permission: 'create', payload: post, reply: 'message_sent', errors: POST_ERRORS },
    chats: { event: 'chats', permission: 'read', payload: chats, reply: 'list' },
    get: { event: 'get', permission: 'read', payload: get, reply: 'messages', errors: { user: POST_ERRORS.user } },
    seen: { event: 'seen', permission: 'update', payload: seen, reply: 'list' },
  },
  pages: {
    chat: { route: '/chat', component: 'Messenger', permission: 'read', calls: ['chat-messages.list', 'chat-messages.people', 'chat-messages.messages'] },
  },
});
