import schema from '../../schemas/students/student.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** Student records. Their screens and calls come with the students module; classes count them already. */
export default defineResource({
  name: 'students', module: 'students', schema, table: 'student',
  label: 'Students', singular: 'Student', icon: 'UserOutlined',
  api: {},
  access: { read: [2, 3, 4], create: [3, 4], update: [3, 4], remove: [3, 4] },
  messages: { created: 'New Student Added', updated: 'Student Data Updated', removed: 'Student Deleted' },
});
