import type { DemoSchool } from '../../framework/contributions.js';
import { EXAM_QUESTION_QUESTION_TYPE } from '../../../generated/enums/exams.js';
import { items } from '../../framework/items.js';
import type { ExamQuestion } from '../../../generated/entities/exams.js';

/** A short science quiz, with a quarter mark off for a wrong answer. */
const QUIZ = [
  { question: 'Which gas do plants take in to make their food?', options: ['Oxygen', 'Carbon dioxide', 'Nitrogen', 'Hydrogen'], answer: 1, explanation: 'Photosynthesis uses carbon dioxide and water, with sunlight, to make glucose.' },
  { question: 'What is the boiling point of water at sea level?', options: ['90 °C', '100 °C', '110 °C', '120 °C'], answer: 1, explanation: 'At one atmosphere of pressure water boils at 100 °C.' },
  { question: 'Which planet is closest to the Sun?', options: ['Venus', 'Earth', 'Mercury', 'Mars'], answer: 2, explanation: 'Mercury orbits nearest to the Sun.' },
  { question: 'How many bones does an adult human have?', options: ['106', '206', '306', '406'], answer: 1, explanation: 'An adult skeleton has 206 bones.' },
  { question: 'Which part of the plant carries water from the roots?', options: ['Phloem', 'Xylem', 'Stomata', 'Petals'], answer: 1, explanation: 'Xylem vessels carry water and minerals upward.' },
];

/** The demo school's exams: a science quiz of 20 minutes, two attempts, for 5 A and 10 A this year. */
export async function seedDemoExams(d: DemoSchool) {
  const exam = await items(d.ctx, 'exams').create({
    name: 'Science Quiz', description: 'Five questions; a wrong answer takes off a quarter mark.', max_duration: 20 * 60,
    start_time: null, created_by: d.users.teacher, timestamp: new Date().toISOString(),
  });
  await items(d.ctx, 'exam-questions').createMany(QUIZ.map((q) => ({
    exam_id: exam.id, question_type: EXAM_QUESTION_QUESTION_TYPE.MCQ, ...q, options: q.options as ExamQuestion['options'], correct_marks: 1, incorrect_marks: -0.25, no_answer_marks: 0,
  })));
  for (const key of ['5A', '10A']) {
    const classId = d.classIds[key];
    if (!classId) continue;
    await items(d.ctx, 'exam-assignments').create({
      exam_id: exam.id, class_id: classId, ac_year_id: d.years.current, max_attempts: 2, assigned_by: d.users.teacher, timestamp: new Date().toISOString(),
    });
  }
}
