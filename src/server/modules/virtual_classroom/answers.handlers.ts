import { defineHandlers } from '../../framework/calls.js';
import { items } from '../../framework/items.js';
import { hasRole } from '../../../shared/roles.js';

export default defineHandlers('vc-answers', {
  /*
   * A teacher (a login with a teacher profile) answers a question or replies to an answer; the
   * asking family replies to an answer of their own child's question. An empty reply never
   * reaches here ('Reply is empty', the payload's rule).
   */
  reply: async (ctx, { body }) => {
    const q = await ctx.scoped('vc-questions', 'q').select(['q.id', 'q.vc_class_id', 'q.student_id']).where('q.id', '=', body.question_id).executeTakeFirst() as
      { id: number; vc_class_id: number; student_id: number } | undefined;
    if (!q) throw ctx.fail('missing', 404);
    if (body.parent_answer_id != null) {
      const parent = await ctx.db.selectFrom('vc_answer').select('id').where('id', '=', body.parent_answer_id).where('question_id', '=', q.id).executeTakeFirst();
      if (!parent) throw ctx.fail('parent', 404);
    }
    let teacherId: number | null = null, studentId: number | null = null;
    if (hasRole(ctx.user, 'family')) {
      if (body.student_id != null && body.student_id !== q.student_id) throw ctx.fail('student', 404);
      if (body.parent_answer_id == null) throw ctx.fail('answerFirst');
      studentId = q.student_id;
    } else {
      const t = await ctx.db.selectFrom('teacher').select('id').where('user_id', '=', ctx.user.id).orderBy('id').executeTakeFirst();
      if (!t) throw ctx.fail('notTeacher', 403);
      teacherId = t.id;
    }
    const row = await items(ctx, 'vc-answers').create({
      question_id: q.id, parent_answer_id: body.parent_answer_id ?? null, answer: body.answer.trim(), student_id: studentId, teacher_id: teacherId,
      user_id: ctx.user.id, timestamp: new Date().toISOString(),
    });
    return ctx.answer({ id: row.id }, body.parent_answer_id == null ? 'answered' : 'replied');
  },
});
