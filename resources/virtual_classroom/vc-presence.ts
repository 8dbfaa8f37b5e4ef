import schema from '../../schemas/virtual_classroom/vc-presence.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * Each socket's stay in a virtual class's room (spec 4 §3 Classroom student presence): written
 * by the room's socket events as people join and leave, read by the teacher's room and the
 * class's attendance report. No call writes it; a stay is a session, not an action to audit.
 */
export default defineResource({
  name: 'vc-presences', module: 'virtual_classroom', schema, table: 'vc_presence',
  label: 'Class Presence', singular: 'Presence', icon: 'TeamOutlined',
  api: {},
  audit: false,
  relations: { student_name: { from: 'student_id', resource: 'students', field: 'fullname' } },
  indexes: [['vc_class_id', 'left_at'], ['sid']],
  access: { read: ['staff'], create: ['family', 'staff'], update: ['family', 'staff'] },
  messages: {},
});
