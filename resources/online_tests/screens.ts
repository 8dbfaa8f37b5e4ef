import { defineResource } from '../../src/shared/resource.js';

/**
 * The online tests' screens (spec 4 §2.3): staff keep the question bank, make tests, pick their
 * questions, assign them to classes, follow the attempts and mark answers; a parent or student
 * reads a child's tests and takes one on a phone. The screens store nothing of their own: each
 * makes the calls the module's resources declare, and the server decides every one again.
 */
export default defineResource({
  name: 'online-test-screens', module: 'online_tests', schema: { type: 'object', properties: {} },
  label: 'Online Tests', singular: 'Online Test', icon: 'FileDoneOutlined',
  api: {},
  access: { read: ['family', 'staff'], create: ['family', 'staff'], update: ['staff'] },
  messages: {},
  pages: {
    list: {
      route: '/online-test/', component: 'OnlineTests', permission: 'read', menu: 'Online Tests',
      calls: [
        { call: 'online-tests.list', roles: ['staff'] },
        { call: 'students.mine', roles: ['family'] },
        { call: 'online-test-attempts.tests', roles: ['family'] },
      ],
      buttons: { create: 'online-tests.create' },
    },
    create: { route: '/online-test/new', component: 'OnlineTestNew', permission: 'create', roles: ['admins'], calls: ['online-tests.create'] },
    questions: {
      route: '/online-test/:test_id/questions/', component: 'OnlineTestQuestions', permission: 'read', roles: ['staff'],
      calls: ['online-tests.questions'], buttons: { add: 'online-tests.addQuestions', assign: 'online-test-assignments.list' },
    },
    addQuestions: {
      route: '/online-test/:test_id/questions/add', component: 'OnlineTestAddQuestions', permission: 'update', roles: ['staff'],
      calls: ['online-questions.bank', 'online-tests.questions'], reads: ['classes', 'subjects'], buttons: { add: 'online-tests.addQuestions' },
    },
    assign: {
      route: '/online-test/:test_id/assign/', component: 'OnlineTestAssign', permission: 'read', roles: ['staff'],
      calls: ['online-test-assignments.list'], reads: ['classes', 'subjects', 'teachers'], buttons: { assign: 'online-test-assignments.assign' },
    },
    attempts: {
      route: '/online-test/:test_id/attempts/:test_assign_id/', component: 'OnlineTestAttempts', permission: 'read', roles: ['staff'],
      calls: ['online-test-assignments.attempts', 'online-test-assignments.analysis'],
      buttons: { sendToMarks: 'online-test-assignments.sendToMarks' },
    },
    answers: {
      route: '/online-test/:test_id/attempt/:test_attempt_id/answers', component: 'OnlineTestAnswers', permission: 'read', roles: ['staff'],
      calls: ['online-test-attempts.one'], buttons: { mark: 'online-test-attempts.mark' },
    },
    bank: {
      route: '/online-test/questions/', component: 'OnlineQuestionBank', permission: 'read', roles: ['staff'], menu: 'Question Bank',
      calls: ['online-questions.bank'], reads: ['classes', 'subjects'],
    },
    questionNew: {
      route: '/online-test/question/new', component: 'OnlineQuestionNew', permission: 'create', roles: ['staff'], menu: 'New Question',
      calls: ['online-questions.create', 'online-questions.topics'], reads: ['classes', 'subjects'],
    },
    question: { route: '/online-test/question/:id', component: 'OnlineQuestionView', permission: 'read', roles: ['staff'], calls: ['online-questions.one'] },
    // The viewer opened without an id says 'Invalid Link' (spec 4 §8) and makes its call only with one.
    questionNoId: { route: '/online-test/question/', component: 'OnlineQuestionView', permission: 'read', roles: ['staff'], calls: ['online-questions.one'] },
    details: {
      route: '/online-test/:test_id', component: 'OnlineTestDetails', permission: 'read', roles: ['family'],
      calls: ['students.mine', 'online-test-attempts.attempts'], buttons: { start: 'online-test-attempts.start' },
    },
    take: {
      route: '/online-test/test/', component: 'TakeTest', permission: 'create', roles: ['family'],
      calls: ['online-test-attempts.start'],
      buttons: { answer: 'online-test-attempts.answer', submit: 'online-test-attempts.submit' },
    },
  },
});
