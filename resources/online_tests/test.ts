import schema from '../../schemas/online_tests/test.json' with { type: 'json' };
import create from '../../schemas/online_tests/calls/test-create.json' with { type: 'json' };
import addQuestions from '../../schemas/online_tests/calls/test-questions.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * Online tests (spec 4 §2.3, §7 "Online tests (teacher)"): admins make a test (spec 4 §6: the
 * New Test button is roles 3 and 4), staff read them, pick their questions from the bank while
 * no student has started the test, and assign them to classes (online-test-assignments).
 */
export default defineResource({
  name: 'online-tests', module: 'online_tests', schema, table: 'ot_test',
  label: 'Online Tests', singular: 'Online Test', icon: 'FileDoneOutlined',
  api: {},
  access: { read: ['staff'], create: ['admins'], update: ['staff'] },
  messages: {},
  calls: {
    list: { call: 'GET /ot/tests/', permission: 'read' },
    create: { call: 'PUT /ot/tests/', permission: 'create', payload: create, message: 'New Test Created' },
    questions: { call: 'GET /ot/test/{id}/questions/', permission: 'read', errors: { noTest: 'Test not found' } },
    addQuestions: {
      call: 'POST /ot/test/{id}/questions/', permission: 'update', payload: addQuestions, message: 'Questions added to test',
      errors: { noTest: 'Test not found', noQuestion: 'Question not found', started: 'Students have already started this test; its questions cannot change' },
    },
  },
});
