import schema from '../../schemas/exams/exam-attempt.json' with { type: 'json' };
import solutions from '../../schemas/exams/calls/solutions.json' with { type: 'json' };
import answers from '../../schemas/exams/calls/answers.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

const STUDENT = { student_id: 'students' } as const;
const NOT_ASSIGNED = { notAssigned: 'This exam is not assigned to this student' };
const NOT_OPEN = { notOpen: 'No attempt of this exam is under way' };

/**
 * Legacy exams, the family side (spec 4 §2.4, §4, §7): a parent or student lists the exams of a
 * child's class, starts an attempt (the questions come without answers or explanations), saves
 * answers as they go, submits and reads the marks, or forfeits with EXIT. The server's clock
 * decides: an attempt runs until its start plus the exam's duration (and a short grace for the
 * last submission on the way); later it is refused, and the exams job closes and marks an
 * attempt left open with the answers saved. Attempts beyond max_attempts are refused. Only the
 * person's own children are reached (others answer 404).
 */
export default defineResource({
  name: 'exam-attempts', module: 'exams', schema, table: 'exam_attempt',
  label: 'Exam Attempts', singular: 'Attempt', icon: 'FileDoneOutlined',
  api: {},
  relations: {
    exam_assign: { from: 'exam_assign_id', resource: 'exam-assignments', field: 'id' },
    student_name: { from: 'student_id', resource: 'students', field: 'fullname' },
  },
  indexes: [['exam_assign_id', 'student_id'], ['status', 'deadline']],
  scope: { parent: { student: 'student_id' } },
  access: { read: ['family'], create: ['family'], update: ['family'] },
  messages: {},
  // The two calls with a payload check the student in the handler (a parent's own child, else 404
  // 'Student not found') after the payload, so an incomplete one is answered with its own message.
  calls: {
    list: { call: 'GET /exam/list/{student_id}/', permission: 'read', scope: STUDENT },
    start: {
      call: 'GET /exam/questions/{exam_id}/{student_id}/', permission: 'create', scope: STUDENT,
      errors: {
        ...NOT_ASSIGNED, notYet: 'This exam has not started yet', noQuestions: 'This exam has no questions yet',
        used: 'You have used all your attempts at this exam',
      },
    },
    submit: {
      call: 'POST /exam/solutions/', permission: 'update', payload: solutions,
      errors: { ...NOT_ASSIGNED, ...NOT_OPEN, late: 'Time is up: this attempt closed at its deadline and was marked with the answers saved', unknownQuestion: 'An answer names a question that is not in this exam', badAnswer: 'An answer is not one of its question\'s options' },
    },
    save: {
      call: 'POST /exam/attempts/{exam_assign_id}/{student_id}/', permission: 'update', payload: answers,
      errors: { ...NOT_ASSIGNED, ...NOT_OPEN, late: 'Time is up: this attempt closed at its deadline and was marked with the answers saved', unknownQuestion: 'An answer names a question that is not in this exam', badAnswer: 'An answer is not one of its question\'s options' },
    },
    attempts: { call: 'GET /exam/attempts/{exam_assign_id}/{student_id}/', permission: 'read', scope: STUDENT, errors: NOT_ASSIGNED },
    forfeit: { call: 'PATCH /exam/attempts/{exam_assign_id}/{student_id}/', permission: 'update', scope: STUDENT, errors: { ...NOT_ASSIGNED, ...NOT_OPEN } },
  },
  pages: {
    details: {
      route: '/exam/details/:id', component: 'ExamDetails', permission: 'read',
      calls: ['exam-attempts.list', 'exam-attempts.attempts', 'students.mine'],
      buttons: { start: 'exam-attempts.start', submit: 'exam-attempts.submit', save: 'exam-attempts.save', forfeit: 'exam-attempts.forfeit' },
    },
  },
});
