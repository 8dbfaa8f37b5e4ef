import schema from '../../schemas/online_tests/option.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** The options of a multiple-choice question, written with the question (PUT /ot/questions/). */
export default defineResource({
  name: 'online-question-options', module: 'online_tests', schema, table: 'ot_option',
  label: 'Question Options', singular: 'Option', icon: 'FileDoneOutlined',
  api: {},
  relations: { question: { from: 'question_id', resource: 'online-questions', field: 'question', cascade: true } },
  indexes: [['question_id', 'position']],
  access: { read: ['staff'], create: ['staff'] },
  messages: {},
});
