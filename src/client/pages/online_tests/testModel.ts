/**
 * The test-taking screen's model (spec 4 §4 "Online test, student taking a test"): the question
 * palette's six states and colours, what Save & Next, Mark for review, Clear and a visit do to a
 * question, when submitting asks 'Submit Anyway', and the timer kept on the server's clock. No
 * React here, so every rule is unit tested (tests/unit/online-test-model.test.ts).
 */

/** A question's state in the palette (spec 4 §4's table). */
export const QUESTION_STATE = {
  CLEARED: 0,
  UNVISITED: 1,
  SAVED: 2,
  REVIEW: 3,
  VISITED: 4,
  REVIEW_ANSWERED: 5,
} as const;
export type QuestionState = (typeof QUESTION_STATE)[keyof typeof QUESTION_STATE];

/** The question types (spec 4 §3 "Online question"). */
export const QUESTION_TYPE = { MCQ_SINGLE: 0, MCQ_MULTIPLE: 1, SUBJECTIVE: 2, MEDIA: 3 } as const;

/** Each state's label and palette colours: 0 and 4 red, 1 white, 2 green, 3 purple, 5 blue. */
export const STATE_STYLE: Record<QuestionState, { label: string; colour: string; background: string; text: string }> = {
  0: { label: 'Cleared', colour: 'red', background: '#cf1322', text: '#fff' },
  1: { label: 'Not visited', colour: 'white', background: '#fff', text: 'rgba(0,0,0,0.88)' },
  2: { label: 'Saved', colour: 'green', background: '#389e0d', text: '#fff' },
  3: { label: 'Marked for review', colour: 'purple', background: '#722ed1', text: '#fff' },
  4: { label: 'Not answered', colour: 'red', background: '#cf1322', text: '#fff' },
  5: { label: 'Marked for review, answered', colour: 'blue', background: '#0958d9', text: '#fff' },
};

export interface TestFile { name?: string; path: string; url?: string; size?: number; type?: string; uid?: string }
export interface TestOption { id: number; text: string; files?: TestFile[] }
export interface TestQuestion {
  id: number;
  question: string;
  description?: string | null;
  type: number;
  files?: TestFile[];
  options: TestOption[];
  correct_marks?: number;
}

/** One question's answer as the screen keeps it (spec 4 §3 "Answer per question"). */
export interface AnswerEntry {
  question_id: number;
  state: QuestionState;
  /** The chosen option of a single-correct question; the chosen ones of a multiple-correct one. */
  option: number | number[] | null;
  answer: string | null;
  files: TestFile[];
}

export const isObjective = (type: number) => type === QUESTION_TYPE.MCQ_SINGLE || type === QUESTION_TYPE.MCQ_MULTIPLE;

export function blankAnswer(questionId: number): AnswerEntry {
  return { question_id: questionId, state: QUESTION_STATE.UNVISITED, option: null, answer: null, files: [] };
}

/** Whether the entry holds an answer: an option for MCQ, text or a file otherwise (as the server marks it). */
export function hasAnswer(q: Pick<TestQuestion, 'type'>, a: AnswerEntry): boolean {
  if (isObjective(q.type)) return Array.isArray(a.option) ? a.option.length > 0 : a.option != null;
  return (a.answer ?? '').replace(/<[^>]*>/g, '').trim() !== '' || a.files.length > 0;
}

/** Opening a question: one cleared or never seen becomes visited without an answer (4). */
export function visit(a: AnswerEntry): AnswerEntry {
  return a.state === QUESTION_STATE.CLEARED || a.state === QUESTION_STATE.UNVISITED ? { ...a, state: QUESTION_STATE.VISITED } : a;
}

/** Save & Next: answered is saved (green); otherwise visited without an answer (red). */
export function save(q: Pick<TestQuestion, 'type'>, a: AnswerEntry): AnswerEntry {
  return { ...a, state: hasAnswer(q, a) ? QUESTION_STATE.SAVED : QUESTION_STATE.VISITED };
}

/** Mark for review: with an answer blue (5), without purple (3). */
export function markForReview(q: Pick<TestQuestion, 'type'>, a: AnswerEntry): AnswerEntry {
  return { ...a, state: hasAnswer(q, a) ? QUESTION_STATE.REVIEW_ANSWERED : QUESTION_STATE.REVIEW };
}

/** Clear: no answer, state cleared (0). */
export function clear(a: AnswerEntry): AnswerEntry {
  return { ...a, state: QUESTION_STATE.CLEARED, option: null, answer: null, files: [] };
}

/**
 * The student changes the answer (an option tapped, text typed, a file added). A question marked
 * for review keeps its mark and follows whether it has an answer; a saved one that loses its
 * answer is no longer saved; otherwise the state waits for Save & Next.
 */
export function change(q: Pick<TestQuestion, 'type'>, a: AnswerEntry, patch: Partial<Pick<AnswerEntry, 'option' | 'answer' | 'files'>>): AnswerEntry {
  const next = { ...a, ...patch };
  const answered = hasAnswer(q, next);
  if (next.state === QUESTION_STATE.REVIEW || next.state === QUESTION_STATE.REVIEW_ANSWERED) {
    next.state = answered ? QUESTION_STATE.REVIEW_ANSWERED : QUESTION_STATE.REVIEW;
  } else if (next.state === QUESTION_STATE.SAVED && !answered) next.state = QUESTION_STATE.VISITED;
  else if (next.state === QUESTION_STATE.CLEARED || next.state === QUESTION_STATE.UNVISITED) next.state = QUESTION_STATE.VISITED;
  return next;
}

/** Tapping an option: a single-correct question takes that one, a multiple-correct one toggles it. */
export function chooseOption(q: Pick<TestQuestion, 'type'>, a: AnswerEntry, optionId: number): AnswerEntry {
  if (q.type === QUESTION_TYPE.MCQ_SINGLE) return change(q, a, { option: optionId });
  const chosen = Array.isArray(a.option) ? a.option : a.option == null ? [] : [a.option];
  const option = chosen.includes(optionId) ? chosen.filter((id) => id !== optionId) : [...chosen, optionId];
  return change(q, a, { option });
}

export const isChosen = (a: AnswerEntry, optionId: number) => (Array.isArray(a.option) ? a.option.includes(optionId) : a.option === optionId);

/** States a submission goes ahead with at once (spec 4 §4): cleared, saved, marked with an answer. */
const SETTLED: ReadonlySet<number> = new Set([QUESTION_STATE.CLEARED, QUESTION_STATE.SAVED, QUESTION_STATE.REVIEW_ANSWERED]);

/** Whether Submit asks 'Submit Anyway': some question is in a state other than 0, 2 or 5. */
export const needsConfirmation = (answers: ReadonlyArray<Pick<AnswerEntry, 'state'>>) => answers.some((a) => !SETTLED.has(a.state));

/** How many questions stand in each state (the palette's legend). */
export function stateCounts(answers: ReadonlyArray<Pick<AnswerEntry, 'state'>>): Record<QuestionState, number> {
  const out: Record<QuestionState, number> = { 0: 0, 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const a of answers) out[a.state] += 1;
  return out;
}

/**
 * The timer on the server's clock: the server says how many seconds are left when it answers; the
 * screen counts down from that with the browser's monotonic clock (`performance.now()`), which a
 * changed system time does not move, and takes the server's figure again whenever it answers.
 */
export interface ServerClock { secondsLeft: number; at: number }

/** The clock as of an answer carrying the server's seconds left, received at monotonic time `now`. */
export const clockFrom = (secondsLeft: number, now: number): ServerClock => ({ secondsLeft: Math.max(0, secondsLeft), at: now });

/** Seconds left at monotonic time `now` (never below zero). */
export const remaining = (clock: ServerClock, now: number) => Math.max(0, Math.ceil(clock.secondsLeft - (now - clock.at) / 1000));

/** The timer's text, `mm:ss` or `h:mm:ss`. */
export function timerText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${String(m).padStart(2, '0')}:${ss}`;
}

/**
 * The answers to show when a test opens: the server's saved ones, with any this device changed
 * and has not yet sent laid over them (the device's are newer), every question given an entry.
 */
export function mergeAnswers(questions: ReadonlyArray<Pick<TestQuestion, 'id'>>, server: ReadonlyArray<AnswerEntry>, local: ReadonlyArray<AnswerEntry>, unsent: ReadonlySet<number>): AnswerEntry[] {
  const fromServer = new Map(server.map((a) => [a.question_id, a]));
  const fromLocal = new Map(local.map((a) => [a.question_id, a]));
  return questions.map((q) => {
    const mine = fromLocal.get(q.id);
    if (mine && unsent.has(q.id)) return mine;
    return fromServer.get(q.id) ?? mine ?? blankAnswer(q.id);
  });
}

/** The payload of the save-one-answer call for an entry. */
export const answerPayload = (a: AnswerEntry) => ({
  question_id: a.question_id, state: a.state, option: a.option, answer: a.answer,
  files: a.files.map((f) => ({ path: f.path, ...(f.name ? { name: f.name } : {}) })),
});
