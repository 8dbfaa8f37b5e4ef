/**
 * Marking a legacy exam attempt (spec 4 §3 'Exam result'): each question's marks for a right
 * answer, a wrong one (negative deducts) or none, added in hundredths so the total is exact.
 */

export interface MarkedQuestion {
  id: number;
  answer: number;
  options: unknown[];
  correct_marks: number;
  incorrect_marks: number;
  no_answer_marks: number | null;
}

/** Answers by question id: an option index, or null for none. */
export type Answers = Record<string, number | null>;

export interface ExamResult {
  marks_obtained: number;
  results: { correct: number; incorrect: number; no_answer: number };
}

/** Hundredths of a mark: the stored marks have at most two decimals. */
const hundredths = (n: number | null | undefined) => Math.round(Number(n ?? 0) * 100);

/** Whether a mark has at most two decimal places. */
export const twoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** The marks and counts of an attempt's answers; a question without an answer counts as no answer. */
export function markAttempt(questions: MarkedQuestion[], answers: Answers): ExamResult {
  let total = 0;
  const results = { correct: 0, incorrect: 0, no_answer: 0 };
  for (const q of questions) {
    const given = answers[String(q.id)];
    if (given === null || given === undefined) {
      results.no_answer += 1;
      total += hundredths(q.no_answer_marks);
    } else if (given === q.answer) {
      results.correct += 1;
      total += hundredths(q.correct_marks);
    } else {
      results.incorrect += 1;
      total += hundredths(q.incorrect_marks);
    }
  }
  return { marks_obtained: total / 100, results };
}
