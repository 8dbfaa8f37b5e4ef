import schema from '../../schemas/virtual_classroom/vc-answer.json' with { type: 'json' };
import reply from '../../schemas/virtual_classroom/calls/reply.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * Answers to virtual class questions and replies to answers (spec 4 §3, §7): a teacher answers
 * ('Question Answered'); the asking family, or a teacher, replies to an answer ('Answer Replied').
 * An empty reply is refused ('Reply is empty').
 */
export default defineResource({
  name: 'vc-answers', module: 'virtual_classroom', schema, table: 'vc_answer',
  label: 'Answers', singular: 'Answer', icon: 'CommentOutlined',
  api: {},
  relations: {
    student_name: { from: 'student_id', resource: 'students', field: 'fullname' },
    teacher_name: { from: 'teacher_id', resource: 'teachers', field: 'fullname' },
  },
  indexes: [['question_id']],
  access: { read: ['family', 'staff'], create: ['family', 'staff'] },
  messages: {},
  calls: {
    reply: {
      call: 'POST /virtual-class/question/reply/', permission: 'create', payload: reply,
      message: { answered: 'Question Answered', replied: 'Answer Replied' },
      errors: {
        missing: 'Question not found', parent: 'The answer replied to is not of this question', student: 'Student not found',
        notTeacher: 'Marking and replying need a teacher profile', answerFirst: 'Reply to a teacher\'s answer',
      },
    },
  },
});
