import schema from '../../schemas/students/message.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** A message from staff to a student's user (the student list and details send one per student). */
export default defineResource({
  name: 'messages', module: 'students', schema, table: 'message',
  label: 'Messages', singular: 'Message', icon: 'MessageOutlined',
  api: { create: 'PUT /messages/' },
  relations: { student: { from: 'student_id', resource: 'students', field: 'fullname' } },
  access: { read: ['teacher', 'admin', 'super_admin', 'librarian'], create: ['teacher', 'admin', 'super_admin', 'librarian'] },
  messages: { created: 'Message Sent' },
});
