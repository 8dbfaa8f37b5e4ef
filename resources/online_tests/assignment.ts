import schema from '../../schemas/online_tests/assignment.json' with { type: 'json' };
import assign from '../../schemas/online_tests/calls/assign.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * A test given to a class (spec 4 §3 "Test assignment", §5 "Assign test"). A teacher assigns,
 * reads and marks only for the classes they lead or teach in; admins for every class. Beyond the
 * spec: the item analysis of an assignment, and sending its results to the marks register as a
 * test of the class (through the marks module's declared service).
 */
export default defineResource({
  name: 'online-test-assignments', module: 'online_tests', schema, table: 'ot_assign',
  label: 'Test Assignments', singular: 'Test Assignment', icon: 'FileDoneOutlined',
  api: {},
  relations: {
    test: { from: 'test_id', resource: 'online-tests', field: 'name', cascade: true },
    class: { from: 'class_id', resource: 'classes', field: 'class' },
    section: { from: 'class_id', resource: 'classes', field: 'section' },
    subject: { from: 'subject_id', resource: 'subjects', field: 'name' },
    evaluator_name: { from: 'evaluator', resource: 'teachers', field: 'fullname' },
  },
  unique: [{ fields: ['test_id', 'class_id'], message: 'This test is already assigned to this class' }],
  indexes: [['class_id']],
  scope: { teacher: { teacher_class: 'class_id' } },
  access: { read: ['staff'], create: ['staff'], update: ['staff'] },
  messages: {},
  calls: {
    list: { call: 'GET /ot/test/{id}/assign/', permission: 'read', errors: { noTest: 'Test not found' } },
    assign: {
      call: 'PUT /ot/test/{id}/assign/', permission: 'create', payload: assign, message: 'Test Assigned',
      scope: { class_id: 'online-test-assignments.class_id' }, refused: 'notYourClass',
      errors: {
        noTest: 'Test not found', notYourClass: 'You can assign tests only to the classes you teach',
        subjectNotOfClass: 'The subject is not a subject of this class', noQuestions: 'Add questions to the test before assigning it',
        passOverTotal: "Pass marks cannot be more than the test's total marks ({total})", startStep: 'Start time must be on a 10-minute step',
        started: 'Students have already started this test; its assignment to this class cannot change', evaluator: 'Evaluator not found',
      },
    },
    attempts: { call: 'GET /ot/{assign_id}/attempts/', permission: 'read', scope: { assign_id: 'online-test-assignments' } },
    analysis: { call: 'GET /ot/{assign_id}/analysis/', permission: 'read', scope: { assign_id: 'online-test-assignments' } },
    sendToMarks: {
      call: 'POST /ot/{assign_id}/marks-register/', permission: 'update', scope: { assign_id: 'online-test-assignments' },
      message: 'Marks sent to the marks register',
      errors: {
        noSubject: 'Choose the subject of this assignment before sending its marks', open: 'Some students are still taking this test',
        unmarked: 'Some answers are not marked yet', noAttempts: 'No student has taken this test yet',
      },
    },
  },
});
