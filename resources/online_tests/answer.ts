import schema from '../../schemas/online_tests/answer.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** A student's answer to one question of an attempt; written by the attempt calls only. */
export default defineResource({
  name: 'online-test-answers', module: 'online_tests', schema, table: 'ot_answer',
  label: 'Test Answers', singular: 'Answer', icon: 'FileDoneOutlined',
  api: {},
  relations: {
    attempt: { from: 'attempt_id', resource: 'online-test-attempts', field: 'status', cascade: true },
    question: { from: 'question_id', resource: 'online-questions', field: 'question' },
  },
  unique: [{ fields: ['attempt_id', 'question_id'], message: 'This question is already answered in this attempt' }],
  access: { read: ['family', 'staff'], create: ['family'], update: ['staff'] },
  messages: {},
});
