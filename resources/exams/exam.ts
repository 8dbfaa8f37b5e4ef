import schema from '../../schemas/exams/exam.json' with { type: 'json' };
import create from '../../schemas/exams/calls/exam.json' with { type: 'json' };
import question from '../../schemas/exams/calls/question.json' with { type: 'json' };
import assign from '../../schemas/exams/calls/assign.json' with { type: 'json' };
import assignQuery from '../../schemas/exams/calls/assign-query.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

const NO_EXAM = { noExam: 'Exam not found' };

/**
 * Legacy exams, the staff side (spec 4 §2.4, §5, §7): teachers and admins write an exam
 * (duration stored in seconds), add its multiple-choice questions, assign it to a class for an
 * academic year with a number of attempts, and delete it (its questions, assignments and
 * attempts go with it). Families read nothing here: they take exams through `exam-attempts`.
 * `/exam/` is one screen for both sides: the staff's exams, or a family's for the chosen child.
 */
export default defineResource({
  name: 'exams', module: 'exams', schema, table: 'exam',
  label: 'Exams', singular: 'Exam', icon: 'FileDoneOutlined',
  api: {},
  relations: {},
  access: { read: ['staff', 'family'], create: ['staff'], remove: ['staff'] },
  messages: {},
  calls: {
    list: { call: 'GET /exams/', permission: 'read', roles: ['staff'] },
    create: {
      call: 'PUT /exams/', permission: 'create', payload: create, message: 'Exam created',
      errors: { startPast: 'Start time cannot be earlier than yesterday', startStep: 'Start time must be in steps of 5 minutes' },
    },
    remove: { call: 'DELETE /exam/{id}/', permission: 'remove', message: 'Exam deleted', errors: NO_EXAM },
    questions: { call: 'GET /exam/{id}/questions/', permission: 'read', roles: ['staff'], errors: NO_EXAM },
    addQuestion: {
      call: 'PUT /exam/{id}/questions/', permission: 'create', payload: question, message: 'Question Added',
      errors: { ...NO_EXAM, answer: 'The answer must be one of the options', marks: 'Marks may have at most two decimal places' },
    },
    removeQuestion: {
      call: 'DELETE /exam/{id}/question/{qid}/', permission: 'remove', message: 'Question Deleted',
      errors: { noQuestion: 'Question not found' },
    },
    assignments: { call: 'GET /exam/assign/', permission: 'read', roles: ['staff'], query: assignQuery },
    assign: {
      call: 'PUT /exam/assign/', permission: 'create', payload: assign, message: 'Exam Assigned',
      errors: { ...NO_EXAM, noClass: 'Class not found', noYear: 'Academic year not found', twice: 'This exam is already assigned to this class for the year' },
    },
  },
  pages: {
    list: {
      route: '/exam/', component: 'Exams', permission: 'read', menu: 'Exams',
      calls: [
        { call: 'exams.list', roles: ['staff'] },
        { call: 'exam-attempts.list', roles: ['family'] },
        { call: 'students.mine', roles: ['family'] },
      ],
      buttons: { add: 'exams.create', remove: 'exams.remove', assign: 'exams.assign' },
    },
    create: { route: '/exam/new', component: 'ExamNew', permission: 'create', menu: 'New Exam', calls: ['exams.create'] },
    questions: {
      route: '/exam/questions/:id', component: 'ExamQuestions', permission: 'read', roles: ['staff'],
      calls: ['exams.questions'], buttons: { add: 'exams.addQuestion', remove: 'exams.removeQuestion' },
    },
    addQuestion: { route: '/exam/question/:id/new', component: 'ExamQuestionNew', permission: 'create', calls: ['exams.addQuestion'] },
    question: { route: '/exam/question/:exam_id/:id', component: 'ExamQuestionView', permission: 'read', roles: ['staff'], calls: ['exams.questions'] },
    assign: {
      route: '/exam/assign/:exam_id', component: 'ExamAssign', permission: 'create',
      calls: ['exams.assignments', 'exams.list'], reads: ['classes', 'acyears'], buttons: { assign: 'exams.assign' },
    },
  },
});
