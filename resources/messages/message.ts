import schema from '../../schemas/messages/message.json' with { type: 'json' };
import reply from '../../schemas/messages/calls/reply.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * A message from staff to a user, usually a student's family login (the student list and details
 * send one per student). The recipient may answer once when the sender enabled replies
 * (spec 3 §4); everyone sees the messages they sent and received. Only those with a screen that
 * sends one may send (spec 4: the librarian's shell is the dashboard and the library).
 */
export default defineResource({
  name: 'messages', module: 'messages', schema, table: 'message',
  label: 'Messages', singular: 'Message', icon: 'MessageOutlined',
  api: { create: 'PUT /messages/' },
  relations: { student: { from: 'student_id', resource: 'students', field: 'fullname' } },
  indexes: [['to_id'], ['sent_by']],
  // Staff send from the student list and details, screens a librarian does not have; a librarian reads and answers.
  access: { read: ['family', 'staff', 'librarian'], create: ['staff'], update: ['family', 'staff', 'librarian'] },
  messages: { created: 'Message Sent' },
  calls: {
    // The viewer's own messages, sent and received, newest first.
    list: { call: 'GET /messages/', permission: 'read' },
    reply: {
      call: 'POST /message/{id}/', permission: 'update', payload: reply, message: 'Reply Sent',
      errors: {
        notFound: 'Message not found',
        notRecipient: 'Only the person a message was sent to can reply to it',
        disabled: 'Replies are not enabled for this message',
        replied: 'This message has already been replied to',
      },
    },
    // A student's latest messages, for the parent's dashboard and the student's details.
    student: { call: 'GET /messages/student/{student_id}/', permission: 'read', scope: { student_id: 'students' } },
  },
  pages: {
    list: {
      route: '/messages', component: 'MessageList', permission: 'read', menu: 'Messages',
      calls: ['messages.list'], buttons: { reply: 'messages.reply' },
    },
  },
});
