/**
 * Marks of an attempt, exact: every figure is worked in hundredths of a mark (whole numbers), as
 * money is worked in paise, and turned back only for the answer. Multiple-choice answers are
 * marked here and only here; subjective and media answers are marked by the evaluator, except an
 * unanswered one, which earns the question's no-answer marks at once.
 */
import { QUESTION_TYPE } from '../../../generated/enums/online_tests.js';

export const toHundredths = (marks: number): number => Math.round(marks * 100);
export const fromHundredths = (h: number): number => h / 100;

export interface MarkedQuestion {
  id: number;
  type: number;
  correct_marks: number;
  incorrect_marks: number | null;
  no_answer_marks: number | null;
  options: ReadonlyArray<{ id: number; is_correct: boolean }>;
}

export interface GivenAnswer {
  option_ids: readonly number[];
  answer: string | null;
  files: readonly unknown[];
}

export const isObjective = (type: number) => type === QUESTION_TYPE.MCQ_SINGLE_CORRECT || type === QUESTION_TYPE.MCQ_ONE_OR_MORE_CORRECT;

/** Whether the student gave an answer at all: an option for MCQ, text or a file otherwise. */
export function isAnswered(q: Pick<MarkedQuestion, 'type'>, a: GivenAnswer | undefined): boolean {
  if (!a) return false;
  if (isObjective(q.type)) return a.option_ids.length > 0;
  return (a.answer ?? '').replace(/<[^>]*>/g, '').trim() !== '' || a.files.length > 0;
}

/**
 * Whether an MCQ answer is right: type 0 its one option is the correct one; type 1 every correct
 * option is chosen and no wrong one.
 */
export function isCorrect(q: MarkedQuestion, a: GivenAnswer): boolean {
  const correct = new Set(q.options.filter((o) => o.is_correct).map((o) => o.id));
  const chosen = new Set(a.option_ids);
  if (q.type === QUESTION_TYPE.MCQ_SINGLE_CORRECT) return chosen.size === 1 && correct.has([...chosen][0]!);
  return chosen.size === correct.size && [...chosen].every((id) => correct.has(id));
}

/**
 * The server's marks for one answer, in hundredths: MCQ right, wrong or unanswered; an unanswered
 * subjective or media answer its no-answer marks; null for an answered one (the evaluator's).
 */
export function serverMarks(q: MarkedQuestion, a: GivenAnswer | undefined): number | null {
  if (!isAnswered(q, a)) return toHundredths(q.no_answer_marks ?? 0);
  if (!isObjective(q.type)) return null;
  return toHundredths(isCorrect(q, a!) ? q.correct_marks : q.incorrect_marks ?? 0);
}

/** The total of marks awarded (hundredths), and how many answers still await the evaluator. */
export function totalOf(awarded: ReadonlyArray<number | null>): { hundredths: number; pending: number } {
  let hundredths = 0;
  let pending = 0;
  for (const m of awarded) {
    if (m === null) pending++;
    else hundredths += toHundredths(m);
  }
  return { hundredths, pending };
}

/** A test's full marks: the sum of its questions' correct marks. */
export const fullMarks = (questions: ReadonlyArray<{ correct_marks: number }>) =>
  fromHundredths(questions.reduce((s, q) => s + toHundredths(q.correct_marks), 0));

/** Whether marks reach the pass marks (no pass marks: nothing to fail). */
export const passes = (marks: number | null, passMarks: number | null) =>
  passMarks === null || marks === null ? null : toHundredths(marks) >= toHundredths(passMarks);
