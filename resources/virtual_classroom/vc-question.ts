import schema from '../../schemas/virtual_classroom/vc-question.json' with { type: 'json' };
import ask from '../../schemas/virtual_classroom/calls/ask.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * Questions asked in a virtual class (spec 4 §2.2, §3, §7): a family asks for their own child
 * on the class's access list; the class's teachers and admins read them all, a family only
 * their own children's. Answers and replies are `vc-answers`.
 */
export default defineResource({
  name: 'vc-questions', module: 'virtual_classroom', schema, table: 'vc_question',
  label: 'Questions', singular: 'Question', icon: 'QuestionCircleOutlined',
  api: {},
  relations: {
    student_name: { from: 'student_id', resource: 'students', field: 'fullname' },
    vc_class: { from: 'vc_class_id', resource: 'virtual-classes', field: 'name' },
  },
  indexes: [['vc_class_id', 'timestamp']],
  scope: { parent: { student: 'student_id' } },
  access: { read: ['family', 'staff'], create: ['family'] },
  messages: {},
  calls: {
    list: { call: 'GET /virtual-class/{id}/questions/', permission: 'read', errors: { missing: 'Virtual class not found' } },
    one: { call: 'GET /virtual-class/{vc}/question/{id}/', permission: 'read', errors: { missing: 'Question not found' } },
    ask: {
      call: 'PUT /virtual-class/{id}/questions/', permission: 'create', payload: ask, message: 'New Question Asked',
      errors: { missing: 'Virtual class not found', student: 'Student not found', noAccess: 'You are not on this class\'s access list', closed: 'This class is cancelled' },
    },
  },
  pages: {
    list: {
      route: '/virtual-classroom/:vc_class_id/questions/', component: 'VcQuestions', permission: 'read',
      calls: ['vc-questions.list', { call: 'students.mine', roles: ['family'] }], buttons: { ask: 'vc-questions.ask' },
    },
    one: {
      route: '/virtual-classroom/:vc_class_id/question/:id', component: 'VcQuestion', permission: 'read',
      calls: ['vc-questions.one'], buttons: { reply: 'vc-answers.reply' },
    },
  },
});
