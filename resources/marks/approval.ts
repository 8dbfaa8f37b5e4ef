import schema from '../../schemas/marks/approval.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** Whether a test's marks for a class are approved; written only by the marks calls (approve, re-open). */
export default defineResource({
  name: 'marks-approvals', module: 'marks', schema, table: 'marks_approval',
  label: 'Marks Approvals', singular: 'Marks Approval', icon: 'SafetyCertificateOutlined',
  api: {},
  relations: {
    test: { from: 'test_id', resource: 'tests', field: 'name' },
    class: { from: 'class_id', resource: 'classes', field: 'class' },
  },
  unique: [{ fields: ['test_id', 'class_id'], message: 'These marks already have an approval' }],
  access: { read: ['staff'] },
  messages: {},
});
