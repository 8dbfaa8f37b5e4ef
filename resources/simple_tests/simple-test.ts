import schema from '../../schemas/simple_tests/simple-test.json' with { type: 'json' };
import create from '../../schemas/simple_tests/calls/create.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** The question paper's file types (spec 4 §5 Simple test (teacher)). */
export const SIMPLE_TEST_TYPES = ['jpg', 'jpeg', 'png', 'gif', 'pdf', 'docx', 'doc', 'odt'];
export const SIMPLE_TEST_FILE_MESSAGES = { type: '{file} file upload failed.', size: '{file} is too big: at most 25 MB' };

/**
 * Simple tests (spec 4 §2.5, §3, §7): staff set a test for a class and subject of an academic
 * year, with its paper as files, a duration, an optional start time and the teacher who
 * evaluates it; they list a class's tests, read the solutions and delete a test with them.
 * Parents and students (role 1) list and open the tests of their own children's class only;
 * the paper's files reach them once they start an attempt.
 */
export default defineResource({
  name: 'simple-tests', module: 'simple_tests', schema, table: 'simple_test',
  label: 'Simple Tests', singular: 'Test', icon: 'ScheduleOutlined',
  api: {},
  relations: {
    class: { from: 'class_id', resource: 'classes', field: 'class' },
    ac_year: { from: 'ac_year_id', resource: 'acyears', field: 'name' },
    subject: { from: 'subject_id', resource: 'subjects', field: 'name' },
    evaluator_name: { from: 'evaluator', resource: 'teachers', field: 'fullname' },
  },
  indexes: [['ac_year_id', 'class_id']],
  scope: { parent: { student_class: 'class_id' } },
  access: { read: ['family', 'staff'], create: ['staff'], remove: ['staff'] },
  messages: {},
  uploads: {
    'simple-test-files': { permission: 'create', types: SIMPLE_TEST_TYPES, maxBytes: 25 * 1024 * 1024, messages: SIMPLE_TEST_FILE_MESSAGES },
  },
  calls: {
    list: { call: 'GET /simple/tests/{ac_year}/{class}/', permission: 'read', roles: ['staff'] },
    create: {
      call: 'PUT /simple/tests/', permission: 'create', payload: create, message: 'New Test Added',
      errors: {
        noYear: 'Academic year not found', noClass: 'Class not found', subject: 'The subject is not a subject of this class',
        noEvaluator: 'Evaluator not found', file: 'A file was not uploaded here: upload it again',
        passMarks: 'Pass marks cannot be more than max marks', marks: 'Marks can have at most two decimal places',
      },
    },
    remove: { call: 'DELETE /simple/test/{id}/', permission: 'remove', message: 'Test Deleted', errors: { missing: 'Test not found' } },
    solutions: { call: 'GET /simple/test/{id}/solutions/', permission: 'read', roles: ['staff'], errors: { missing: 'Test not found' } },
    mine: { call: 'GET /simple/tests/{student_id}/', permission: 'read', roles: ['family'], scope: { student_id: 'students' } },
    details: {
      call: 'GET /simple/test/{test_id}/details/{student_id}/', permission: 'read', roles: ['family'], scope: { student_id: 'students' },
      errors: { missing: 'Test not found' },
    },
  },
  pages: {
    // One address for staff and families (spec 4 §2.5): the screen shows each role its own view.
    list: {
      route: '/simple-test/', component: 'SimpleTests', permission: 'read', menu: 'Simple Test',
      calls: [
        { call: 'simple-tests.list', roles: ['staff'] }, { call: 'classes.list', roles: ['staff'] }, { call: 'acyears.list', roles: ['staff'] },
        { call: 'simple-tests.mine', roles: ['family'] }, { call: 'students.mine', roles: ['family'] },
      ],
      buttons: { add: 'simple-tests.create', remove: 'simple-tests.remove' },
    },
    create: {
      route: '/simple-test/new', component: 'SimpleTestNew', permission: 'create', menu: 'New Simple Test',
      calls: ['simple-tests.create'], reads: ['classes', 'acyears', 'subjects', 'teachers'],
    },
    take: {
      route: '/simple-test/test/', component: 'SimpleTestTake', permission: 'read', roles: ['family'],
      calls: ['simple-tests.details'], buttons: { submit: 'simple-test-solutions.submit' },
    },
    one: {
      route: '/simple-test/:id', component: 'SimpleTestOne', permission: 'read',
      calls: [{ call: 'simple-tests.solutions', roles: ['staff'] }, { call: 'simple-tests.details', roles: ['family'] }, { call: 'students.mine', roles: ['family'] }],
      buttons: { reply: 'simple-test-solutions.reply', unremark: 'simple-test-solutions.removeRemarks', start: 'simple-test-solutions.start' },
    },
  },
});
