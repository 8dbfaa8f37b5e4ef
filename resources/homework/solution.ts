import schema from '../../schemas/homework/solution.json' with { type: 'json' };
import submit from '../../schemas/homework/calls/submit.json' with { type: 'json' };
import remark from '../../schemas/homework/calls/remark.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';
import { HOMEWORK_TYPES } from './homework.js';

const FILE_MESSAGES = { type: '{file} file upload failed.', size: '{file} is too big: at most 25 MB' };

/**
 * Students' solutions to homework. A parent or student submits for their own children only,
 * to homework of the child's class, until the end of the submission day at the school; staff
 * answer with remarks and an attachment (spec 3 §4: with remarks a solution is corrected).
 * A correction drawn on an image is uploaded as a new file of its own kind, so the student's
 * original stays as it was sent.
 */
export default defineResource({
  name: 'homework-solutions', module: 'homework', schema, table: 'homework_solution',
  label: 'Homework Solutions', singular: 'Solution', icon: 'FileDoneOutlined',
  api: {},
  relations: {
    homework: { from: 'homework_id', resource: 'homework', field: 'title' },
    student_name: { from: 'student_id', resource: 'students', field: 'fullname' },
  },
  indexes: [['homework_id', 'student_id']],
  scope: { parent: { student: 'student_id' } },
  access: { read: ['family', 'staff'], create: ['family'], update: ['staff'] },
  messages: {},
  uploads: {
    // A parent's or student's only upload is a homework solution.
    'homework-solutions': { permission: 'create', types: HOMEWORK_TYPES, maxBytes: 25 * 1024 * 1024, messages: FILE_MESSAGES, defaultFor: ['family'] },
    'homework-corrections': { permission: 'update', types: HOMEWORK_TYPES, maxBytes: 25 * 1024 * 1024, messages: FILE_MESSAGES },
  },
  calls: {
    // The student is checked by the handler after the payload (a parent's own children only, else 404
    // 'Student not found'), so an incomplete payload is answered with its own message first.
    submit: {
      call: 'PUT /homework/solution/', permission: 'create', payload: submit, message: 'Solution Submitted',
      errors: {
        noHomework: 'Invalid URL', over: 'Last date for submission is over', file: 'A file was not uploaded here: upload it again',
      },
    },
    remark: {
      call: 'POST /homework/solution/', permission: 'update', payload: remark, message: 'Remarks added',
      errors: { noSolution: 'Solution not found', attachment: 'The attachment was not uploaded here: upload it again' },
    },
  },
});
