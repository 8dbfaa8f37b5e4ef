import schema from '../../schemas/online_tests/attempt.json' with { type: 'json' };
import marks from '../../schemas/online_tests/calls/marks.json' with { type: 'json' };
import answer from '../../schemas/online_tests/calls/answer.json' with { type: 'json' };
import submit from '../../schemas/online_tests/calls/submit.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';
import { ONLINE_TEST_FILE_TYPES } from './question.js';

const FILE_MESSAGES = { type: '{file} file upload failed.', size: '{file} is too big: at most 25 MB' };
const LATE = 'Time is up for this test: answers can no longer be saved';

/**
 * Students' attempts (spec 4 §3, §4, §7 "Online tests (student)"). The clock is the server's: an
 * attempt's deadline is its start, the duration and a short grace for a slow network; a save or
 * submission after it is refused, and an attempt left open is closed and marked at its deadline
 * with the answers saved so far (the module's task and job). Starting again while an attempt is
 * open (another device) resumes it; a finished attempt blocks another. A parent or student reaches
 * only their own children's attempts; a teacher those of their classes; admins all.
 */
export default defineResource({
  name: 'online-test-attempts', module: 'online_tests', schema, table: 'ot_attempt',
  label: 'Test Attempts', singular: 'Attempt', icon: 'FileDoneOutlined',
  api: {},
  relations: {
    fullname: { from: 'student_id', resource: 'students', field: 'fullname' },
    assignment: { from: 'assign_id', resource: 'online-test-assignments', field: 'test_id', cascade: true },
  },
  unique: [{ fields: ['assign_id', 'student_id'], message: 'This test is already started' }],
  indexes: [['status', 'deadline'], ['student_id']],
  scope: {
    parent: { student: 'student_id' },
    teacher: { teacher_class: 'class_id' },
  },
  access: { read: ['family', 'staff'], create: ['family'], update: ['staff'] },
  messages: {},
  uploads: {
    'online-test-answers': { permission: 'create', types: ONLINE_TEST_FILE_TYPES, maxBytes: 25 * 1024 * 1024, messages: FILE_MESSAGES },
  },
  calls: {
    // The teacher's view of one attempt: each question with the student's answer and its marks.
    one: { call: 'GET /ot/{test_id}/attempt/{attempt_id}/', permission: 'read', roles: ['staff'], scope: { attempt_id: 'online-test-attempts' }, errors: { noAttempt: 'Attempt not found' } },
    mark: {
      call: 'PATCH /ot/{test_id}/attempt/{attempt_id}/', permission: 'update', payload: marks, scope: { attempt_id: 'online-test-attempts' },
      message: 'Marks Updated',
      errors: {
        noAttempt: 'Attempt not found', notTeacher: 'You must be a teacher to save test marks', open: 'The student is still taking this test',
        noAnswer: 'Answer not found', objective: 'Marks of multiple-choice answers are worked out by the server and cannot be changed',
        range: 'Marks must be between {min} and {max}',
      },
    },
    tests: { call: 'GET /ot/student/{student_id}/tests/', permission: 'read', roles: ['family'], scope: { student_id: 'students' } },
    attempts: {
      call: 'GET /ot/student/{student_id}/test/{test_id}/attempts/', permission: 'read', roles: ['family'], scope: { student_id: 'students' },
      errors: { noTest: 'Test not found' },
    },
    start: {
      call: 'PUT /ot/student/{student_id}/test/{test_id}/attempts/', permission: 'create', scope: { student_id: 'students' },
      message: { started: 'Test started', resumed: 'Test resumed' },
      errors: { noTest: 'Test not found', notYet: 'This test starts at {time}', taken: 'You have already taken this test', noQuestions: 'This test has no questions yet' },
    },
    submit: {
      call: 'POST /ot/student/{student_id}/test/{test_id}/attempts/', permission: 'create', payload: submit, scope: { student_id: 'students', attempt_id: 'online-test-attempts' },
      message: 'Test Submitted',
      errors: {
        noAttempt: 'Attempt not found', late: 'Time is up for this test: it was closed at its deadline with the answers saved before it',
        done: 'This test is already submitted', student: 'Invalid URL', question: 'Answer {n} names no question of this test',
        option: 'An option chosen is not an option of this question', single: 'Only one option can be chosen for this question',
        noOptions: 'This question takes no options', noText: 'This question takes no written answer or files', file: 'A file was not uploaded here: upload it again',
      },
    },
    // Beyond the spec: one answer saved as it changes, so none is lost to a closed tab or a dead battery.
    answer: {
      call: 'PUT /ot/student/{student_id}/test/{test_id}/attempt/{attempt_id}/answer/', permission: 'create', payload: answer,
      scope: { student_id: 'students', attempt_id: 'online-test-attempts' },
      message: 'Answer saved',
      errors: {
        noAttempt: 'Attempt not found', late: LATE, done: 'This test is already submitted', question: 'This question is not part of this test',
        option: 'An option chosen is not an option of this question', single: 'Only one option can be chosen for this question',
        noOptions: 'This question takes no options', noText: 'This question takes no written answer or files', file: 'A file was not uploaded here: upload it again',
      },
    },
  },
});
