import schema from '../../schemas/simple_tests/solution.json' with { type: 'json' };
import start from '../../schemas/simple_tests/calls/start.json' with { type: 'json' };
import submit from '../../schemas/simple_tests/calls/submit.json' with { type: 'json' };
import reply from '../../schemas/simple_tests/calls/reply.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

const SIZE = 25 * 1024 * 1024;
const FILE_MESSAGES = { type: '{file} file upload failed.', size: '{file} is too big: at most 25 MB' };
/** Photos (or a video) of the written answers (spec 4 §5 Simple test (student start)). */
export const SOLUTION_TYPES = ['jpeg', 'png', 'jpg', 'mp4'];
/** What a teacher may attach to a reply (spec 4 §5 Simple test (teacher)). */
export const REPLY_TYPES = ['jpg', 'jpeg', 'png', 'pdf', 'doc', 'docx', 'ppt', 'pptx', 'odt', 'odp', 'txt', 'rtf', 'mp4', 'webm'];

/**
 * Attempts at simple tests and their solutions (spec 4 §3, §4, §5, §7). A parent or student
 * starts an attempt for their own child on the server's clock (two at most, on the start day
 * only) and submits photos until the time and the 10-minute upload window are over. A teacher
 * (a login with a teacher profile) replies with marks; the replying teacher, or an admin,
 * removes the remarks again.
 */
export default defineResource({
  name: 'simple-test-solutions', module: 'simple_tests', schema, table: 'simple_test_solution',
  label: 'Simple Test Solutions', singular: 'Solution', icon: 'ScheduleOutlined',
  api: {},
  relations: {
    test: { from: 'test_id', resource: 'simple-tests', field: 'test_name' },
    student_name: { from: 'student_id', resource: 'students', field: 'fullname' },
    teacher_name: { from: 'teacher_id', resource: 'teachers', field: 'fullname' },
  },
  indexes: [['test_id', 'student_id']],
  scope: { parent: { student: 'student_id' } },
  access: { read: ['family', 'staff'], create: ['family'], update: ['staff'] },
  messages: {},
  uploads: {
    'simple-test-solutions': { permission: 'create', types: SOLUTION_TYPES, maxBytes: SIZE, messages: FILE_MESSAGES },
    'simple-test-replies': { permission: 'update', types: REPLY_TYPES, maxBytes: SIZE, messages: FILE_MESSAGES },
  },
  calls: {
    // The student is checked by the handlers after the payload (a parent's own children only, else 404
    // 'Student not found'), so an incomplete payload is answered with its own message first.
    start: {
      call: 'PUT /simple/test/attempts/', permission: 'create', payload: start,
      errors: {
        missing: 'Test not found', twice: 'You have already attempted twice',
        early: 'Test not yet started!', late: "You are late, you can't take the test now!",
      },
    },
    submit: {
      call: 'POST /simple/test/attempts/', permission: 'create', payload: submit, message: 'Solution Submitted',
      errors: {
        missing: 'Attempt not found', submitted: 'This attempt is already submitted',
        over: 'The time to submit this test is over', file: 'A file was not uploaded here: upload it again',
      },
    },
    reply: {
      call: 'PATCH /simple/test/attempts/', permission: 'update', payload: reply, message: 'Answer Replied',
      errors: {
        missing: 'Solution not found', notTeacher: 'Must be teacher to submit', notYou: 'You can reply only as yourself',
        notSubmitted: 'This attempt has not been submitted yet', range: 'Marks must be between 0 and {max}',
        marks: 'Marks can have at most two decimal places', file: 'A file was not uploaded here: upload it again',
      },
    },
    removeRemarks: {
      call: 'DELETE /simple/test/attempt/{id}/', permission: 'update', message: 'Teacher Remarks Removed',
      errors: { missing: 'Solution not found', notEvaluator: 'You are not the evaluator', noRemarks: 'This solution has no remarks' },
    },
  },
});
