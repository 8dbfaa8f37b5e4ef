import schema from '../../schemas/online_tests/test-question.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** The questions of a test, in order (POST /ot/test/{id}/questions/). */
export default defineResource({
  name: 'online-test-questions', module: 'online_tests', schema, table: 'ot_test_question',
  label: 'Test Questions', singular: 'Test Question', icon: 'FileDoneOutlined',
  api: {},
  relations: {
    test: { from: 'test_id', resource: 'online-tests', field: 'name', cascade: true },
    question: { from: 'question_id', resource: 'online-questions', field: 'question' },
  },
  unique: [{ fields: ['test_id', 'question_id'], message: 'This question is already in the test' }],
  access: { read: ['staff'], update: ['staff'] },
  messages: {},
});
