/**
 * The demo school's online tests: a few science questions of 5 A (each type, with negative
 * marking on one), and a test of them assigned to 5 A from this morning, so the demo parent's
 * son can take it on a phone at once.
 */
import type { Ctx } from '../../framework/context.js';
import { items } from '../../framework/items.js';
import { QUESTION_TYPE, type QuestionType } from '../../../generated/enums/online_tests.js';

export interface DemoOnlineTestsInput {
  classIds: Record<string, number>;
  teacherUserId: number;
}

const Q = QUESTION_TYPE;

const QUESTIONS: Array<{ type: QuestionType; question: string; topic: string; correct_marks: number; incorrect_marks?: number; options?: Array<[string, boolean, string?]> }> = [
  { type: Q.MCQ_SINGLE_CORRECT, topic: 'Plants', question: 'Which part of a plant makes its food?', correct_marks: 1, options: [['Root', false], ['Leaf', true, 'Leaves make food by photosynthesis.'], ['Stem', false], ['Flower', false]] },
  { type: Q.MCQ_SINGLE_CORRECT, topic: 'Plants', question: 'Which gas do plants take in to make food?', correct_marks: 1, incorrect_marks: -0.25, options: [['Oxygen', false], ['Nitrogen', false], ['Carbon dioxide', true, 'Plants take in carbon dioxide and give out oxygen.'], ['Hydrogen', false]] },
  { type: Q.MCQ_ONE_OR_MORE_CORRECT, topic: 'Plants', question: 'Which of these are parts of a flower?', correct_marks: 2, options: [['Petal', true], ['Sepal', true], ['Root hair', false], ['Stamen', true]] },
  { type: Q.MCQ_SINGLE_CORRECT, topic: 'Water', question: 'Water turning into vapour is called', correct_marks: 1, options: [['Condensation', false], ['Evaporation', true], ['Freezing', false], ['Melting', false]] },
  { type: Q.SUBJECTIVE, topic: 'Plants', question: 'Write two ways in which seeds are dispersed.', correct_marks: 3 },
  { type: Q.MEDIA_UPLOAD, topic: 'Plants', question: 'Draw a leaf and label its parts. Upload a photo of your drawing.', correct_marks: 2 },
];

export async function seedDemoOnlineTests(ctx: Ctx, input: DemoOnlineTestsInput) {
  const classId = input.classIds['5A'];
  if (!classId) return;
  const subject = await ctx.db.selectFrom('subject').select('id').where('class_id', '=', classId).where('name', '=', 'Science').executeTakeFirst();
  if (!subject) return;
  const teacher = await ctx.db.selectFrom('teacher').select('id').where('user_id', '=', input.teacherUserId).executeTakeFirst();
  const now = new Date();
  const ids: number[] = [];
  for (const q of QUESTIONS) {
    const row = await items(ctx, 'online-questions').create({
      class_id: classId, subject_id: subject.id, topic: q.topic, type: q.type, question: q.question, description: null, files: [],
      correct_marks: q.correct_marks, incorrect_marks: q.incorrect_marks ?? 0, no_answer_marks: 0,
      teacher_id: teacher?.id ?? null, user_id: input.teacherUserId, timestamp: now.toISOString(),
    });
    if (q.options) {
      await items(ctx, 'online-question-options').createMany(q.options.map(([text, is_correct, explanation], position) => ({
        question_id: row.id, position, text, is_correct, explanation: explanation ?? null, files: [],
      })));
    }
    ids.push(row.id);
  }
  const test = await items(ctx, 'online-tests').create({ name: 'Science Quiz: Plants and Water', category: 'Class Test', user_id: ctx.user.id, timestamp: now.toISOString() });
  await items(ctx, 'online-test-questions').createMany(ids.map((question_id, position) => ({ test_id: test.id, question_id, position })));
  // From 8 in the morning at the school (IST), on the form's 10-minute steps.
  const day = now.toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
  await items(ctx, 'online-test-assignments').create({
    test_id: test.id, class_id: classId, subject_id: subject.id, pass_marks: 4, duration: 20,
    start_time: new Date(`${day}T08:00:00+05:30`).toISOString(), evaluator: teacher?.id ?? null,
    user_id: ctx.user.id, marks_test_id: null, timestamp: now.toISOString(),
  });
}
