/** The new-question form's own checks before it calls (spec 4 §5), in the server's declared words. */
import { declaredCall } from '../../../shared/calls.js';
import { QUESTION_TYPE, isObjective } from './testModel.js';

const ERRORS = declaredCall('online-questions.create').def.errors ?? {};

/** Options a new multiple-choice question starts with (spec 4 §9). */
export const DEFAULT_OPTIONS = 4;
export const MULTIPLE_OPTIONS_UNSUPPORTED: string = ERRORS.notMcq ?? "This doesn't support multiple options";

/** Why the options would be refused, or null: one correct for type 0, at least one for types 0 and 1. */
export function questionProblem(type: number, options: ReadonlyArray<{ is_correct: boolean }>): string | null {
  if (!isObjective(type)) return null;
  const correct = options.filter((o) => o.is_correct).length;
  if (correct === 0) return ERRORS.noCorrect ?? null;
  if (type === QUESTION_TYPE.MCQ_SINGLE && correct > 1) return ERRORS.oneCorrect ?? null;
  return null;
}
