import schema from '../../schemas/online_tests/question.json' with { type: 'json' };
import create from '../../schemas/online_tests/calls/question-create.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** What a question or option may carry (spec 4 §5's student-side types, with PDFs for worksheets). */
export const ONLINE_TEST_FILE_TYPES = ['jpg', 'jpeg', 'png', 'gif', 'pdf', 'mp4', '3gp', 'mp3', 'doc', 'docx', 'ppt', 'pptx'];
const FILE_MESSAGES = { type: '{file} file upload failed.', size: '{file} is too big: at most 25 MB' };

/**
 * The question bank (spec 4 §3 "Online question", §5 "Online test (teacher)"): staff add questions
 * for a class and subject, of four types (0 single correct, 1 one or more correct, 2 subjective,
 * 3 media upload); options, each with its text, explanation, files and whether it is correct, only
 * for types 0 and 1. Staff read every question with its answers; students never do (their calls
 * leave out is_correct and explanations until they submit).
 */
export default defineResource({
  name: 'online-questions', module: 'online_tests', schema, table: 'ot_question',
  label: 'Online Questions', singular: 'Question', icon: 'FileDoneOutlined',
  api: {},
  relations: {
    class: { from: 'class_id', resource: 'classes', field: 'class' },
    subject: { from: 'subject_id', resource: 'subjects', field: 'name' },
  },
  indexes: [['class_id', 'subject_id', 'topic']],
  access: { read: ['staff'], create: ['staff'] },
  messages: {},
  uploads: {
    'online-test-files': { permission: 'create', types: ONLINE_TEST_FILE_TYPES, maxBytes: 25 * 1024 * 1024, messages: FILE_MESSAGES },
  },
  calls: {
    bank: { call: 'GET /ot/questions/{class}/{subject}/', permission: 'read' },
    bankOfTopic: { call: 'GET /ot/questions/{class}/{subject}/{topic}/', permission: 'read', text: ['topic'] },
    create: {
      call: 'PUT /ot/questions/', permission: 'create', payload: create, message: 'New Question Added',
      errors: {
        classNotFound: 'Class not found', subjectNotFound: 'Subject not found', subjectNotOfClass: 'The subject is not a subject of this class',
        question: 'Question is required!',
        oneCorrect: 'Only one option can be correct, for multiple correct answers change question type.',
        noCorrect: 'At least one option must be correct!',
        noOptions: 'Add at least two options',
        notMcq: "This doesn't support multiple options",
        file: 'A file was not uploaded here: upload it again',
      },
    },
    one: { call: 'GET /ot/question/{id}/', permission: 'read', errors: { noQuestion: 'Invalid Link' } },
    topics: { call: 'GET /ot/question/topics/', permission: 'read' },
    topicsOfSubject: { call: 'GET /ot/question/topics/{subject}/', permission: 'read' },
  },
});
