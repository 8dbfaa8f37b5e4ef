import { defineHandlers } from '../../framework/calls.js';
import { items } from '../../framework/items.js';
import { inTransaction } from '../../framework/service.js';
import { ATTEMPT_STATUS } from '../../../generated/enums/online_tests.js';
import { answersOf, attemptById, closeIfExpired, isFinished, retotal } from './attempts.js';
import { fromHundredths, fullMarks, isObjective, toHundredths } from './marking.js';
import { testQuestions } from './questions.js';

/** Marks a teacher may give an answered subjective or media question: from its incorrect marks (0 or below) to its correct marks. */
const rangeOf = (q: { correct_marks: number; incorrect_marks: number | null }) => ({ min: Math.min(0, q.incorrect_marks ?? 0), max: q.correct_marks });

export default defineHandlers('online-test-attempts', {
  // The teacher's view of one attempt (spec 4 §3 "Attempt answer row"): each question whole, with the student's answer and its marks.
  one: async (ctx, { params }) => {
    await closeIfExpired(ctx, params.attempt_id);
    const a = await ctx.db.selectFrom('ot_attempt as at').innerJoin('student as st', 'st.id', 'at.student_id')
      .innerJoin('ot_assign as asg', 'asg.id', 'at.assign_id')
      .select(['at.id', 'at.assign_id', 'at.test_id', 'at.student_id', 'st.fullname as name', 'at.start_time', 'at.end_time', 'at.deadline',
        'at.status', 'at.marks_obtained', 'at.duration', 'asg.pass_marks'])
      .where('at.id', '=', params.attempt_id).executeTakeFirst();
    if (!a || a.test_id !== params.test_id) throw ctx.fail('noAttempt', 404);
    const [questions, answers] = await Promise.all([testQuestions(ctx.db, a.test_id), answersOf(ctx, a.id)]);
    return {
      ...a, total_marks: fullMarks(questions),
      questions: questions.map((q) => {
        const ans = answers.get(q.id);
        return {
          id: q.id, index: q.index, question: q.question, description: q.description, files: q.files ?? [], type: q.type,
          correct_marks: q.correct_marks, incorrect_marks: q.incorrect_marks, no_answer_marks: q.no_answer_marks,
          options: q.options, editable: !isObjective(q.type) && isFinished(a.status), ...rangeOf(q),
          answer: ans ? [{
            id: ans.id, ot_answer: ans.answer, ot_option_id: ans.option_ids[0] ?? null, ot_option_ids: ans.option_ids, ot_files: ans.files,
            marks_awarded: ans.marks_awarded, state: ans.state,
          }] : [],
        };
      }),
    };
  },

  /*
   * The evaluator's marks (spec 4 §5): a teacher's only (an admin without a teacher profile is
   * refused), for subjective and media answers of a finished attempt; MCQ marks are the server's.
   */
  mark: async (ctx, { params, body }) => {
    const teacher = await ctx.db.selectFrom('teacher').select('id').where('user_id', '=', ctx.user.id).executeTakeFirst();
    if (!teacher || (body.teacher_id != null && body.teacher_id !== teacher.id)) throw ctx.fail('notTeacher', 403);
    await closeIfExpired(ctx, params.attempt_id);
    return inTransaction(ctx, async (tx) => {
      const a = await attemptById(tx, params.attempt_id, true);
      if (!a || a.test_id !== params.test_id) throw ctx.fail('noAttempt', 404);
      if (a.status === ATTEMPT_STATUS.ONGOING) throw ctx.fail('open', 409);
      const questions = new Map((await testQuestions(tx.db, a.test_id)).map((q) => [q.id, q]));
      const answers = [...(await answersOf(tx, a.id)).values()];
      for (const entry of body.data) {
        const ans = answers.find((x) => x.id === entry.id);
        if (!ans) throw ctx.fail('noAnswer', 404);
        const q = questions.get(ans.question_id)!;
        if (isObjective(q.type)) throw ctx.fail('objective');
        const { min, max } = rangeOf(q);
        if (toHundredths(entry.marks) < toHundredths(min) || toHundredths(entry.marks) > toHundredths(max)) throw ctx.fail('range', 400, { min, max });
        await items(tx, 'online-test-answers').update(ans.id, { marks_awarded: fromHundredths(toHundredths(entry.marks)), marked_by: teacher.id }, { action: 'mark' });
      }
      return { attempt_id: a.id, ...(await retotal(tx, a.id)) };
    });
  },
});
