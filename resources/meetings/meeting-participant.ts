import schema from '../../schemas/meetings/meeting-participant.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** An invitee's response to a meeting and their stay in its room (spec 3 §3 Participant); written by the meetings' calls and room. */
export default defineResource({
  name: 'meeting-participants', module: 'meetings', schema, table: 'meeting_participant',
  label: 'Participants', singular: 'Participant', icon: 'TeamOutlined',
  api: {},
  relations: { meeting: { from: 'meeting_id', resource: 'meetings', field: 'title' } },
  unique: [{ fields: ['meeting_id', 'user_id'], message: 'This person already answered this invitation' }],
  access: {
    read: ['parent', 'teacher', 'admin', 'super_admin', 'driver', 'watchman', 'librarian'],
    create: ['parent', 'teacher', 'admin', 'super_admin', 'driver', 'watchman', 'librarian'],
    update: ['parent', 'teacher', 'admin', 'super_admin', 'driver', 'watchman', 'librarian'],
  },
  messages: {},
});
