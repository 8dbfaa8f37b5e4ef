/**
 * The item analysis of one assignment (beyond the spec): per question the share of finished
 * attempts that got it right, wrong or left it unanswered (a subjective answer is right at full
 * marks, wrong below them, pending until marked); the distribution of marks in tenths of the full
 * marks; the questions most missed. Shares are percentages to two decimals, worked in whole numbers.
 */
import { isAnswered, isObjective, toHundredths } from './marking.js';
import type { FullQuestion } from './questions.js';

interface AnswerRow { question_id: number; option_ids: number[]; answer: string | null; files: unknown[]; marks_awarded: number | null }

const share = (n: number, of: number) => (of ? Math.round((n * 10000) / of) / 100 : 0);

export function itemAnalysis(questions: Array<FullQuestion & { index: number }>, attempts: Array<{ id: number; marks_obtained: number | null; answers: AnswerRow[] }>, passMarks: number | null) {
  const n = attempts.length;
  const perQuestion = questions.map((q) => {
    let correct = 0, wrong = 0, unanswered = 0, pending = 0;
    for (const at of attempts) {
      const a = at.answers.find((x) => x.question_id === q.id);
      if (!a || !isAnswered(q, a)) unanswered++;
      else if (a.marks_awarded === null) pending++;
      else if (isObjective(q.type) ? toHundredths(a.marks_awarded) === toHundredths(q.correct_marks) : toHundredths(a.marks_awarded) >= toHundredths(q.correct_marks)) correct++;
      else wrong++;
    }
    return {
      question_id: q.id, index: q.index, question: q.question, type: q.type, correct_marks: q.correct_marks,
      correct, wrong, unanswered, pending,
      share_correct: share(correct, n), share_wrong: share(wrong, n), share_unanswered: share(unanswered, n),
    };
  });
  const full = questions.reduce((s, q) => s + toHundredths(q.correct_marks), 0);
  const marks = attempts.map((a) => toHundredths(a.marks_obtained ?? 0));
  const distribution = Array.from({ length: 10 }, (_, i) => ({ from_percent: i * 10, to_percent: i * 10 + 10, count: 0 }));
  for (const m of marks) {
    const tenth = full > 0 ? Math.min(9, Math.max(0, Math.floor((m * 10) / full))) : 0;
    distribution[tenth]!.count++;
  }
  const most_missed = [...perQuestion].filter((q) => q.wrong + q.unanswered > 0)
    .sort((a, b) => (b.wrong + b.unanswered) - (a.wrong + a.unanswered) || a.index - b.index).slice(0, 5);
  return {
    attempts: n,
    total_marks: full / 100,
    pass_marks: passMarks,
    average: n ? Math.round(marks.reduce((s, m) => s + m, 0) / n) / 100 : null,
    highest: n ? Math.max(...marks) / 100 : null,
    lowest: n ? Math.min(...marks) / 100 : null,
    passed: passMarks === null ? null : marks.filter((m) => m >= toHundredths(passMarks)).length,
    questions: perQuestion,
    distribution,
    most_missed,
  };
}
