/**
 * The student's attempt calls as the test-taking screen uses them: start (or resume the open
 * attempt, from any device), save one answer, submit. Their answers are read into the screen's
 * model here, in one place, and a failure is told apart as the network's (try again) or the
 * server's refusal (do not).
 */
import { ApiError, errorText } from '../../api.js';
import { callDeclared } from '../../framework/useDeclaredCall.js';
import { QUESTION_STATE, answerPayload, type AnswerEntry, type QuestionState, type TestQuestion } from './testModel.js';
import type { SendFailure } from './answerQueue.js';

export interface StartedAttempt {
  attempt_id: number;
  name: string | null;
  questions: TestQuestion[];
  answers: AnswerEntry[];
  seconds_left: number;
  resumed: boolean;
}

type Loose = Record<string, any>;

const asState = (v: unknown): QuestionState => (typeof v === 'number' && v >= QUESTION_STATE.CLEARED && v <= QUESTION_STATE.REVIEW_ANSWERED ? v as QuestionState : QUESTION_STATE.UNVISITED);

/** A saved answer as the server sends it (option or option_ids, files or none). */
export function readAnswer(a: Loose): AnswerEntry {
  const option = a.option !== undefined ? a.option : Array.isArray(a.option_ids) ? a.option_ids : null;
  return { question_id: Number(a.question_id), state: asState(a.state), option: option ?? null, answer: a.answer ?? null, files: Array.isArray(a.files) ? a.files : [] };
}

/** The start call's answer: the attempt, its questions, the answers saved so far and the seconds left. */
export function readStart(data: unknown, message?: string): StartedAttempt {
  const d = (data ?? {}) as Loose;
  const questions = (Array.isArray(d.questions) ? d.questions : []).map((q: Loose) => ({
    id: Number(q.id), question: String(q.question ?? ''), description: q.description ?? null, type: Number(q.type),
    files: Array.isArray(q.files) ? q.files : [], options: Array.isArray(q.options) ? q.options : [], correct_marks: q.correct_marks,
  }));
  const answers = (Array.isArray(d.answers) ? d.answers : []).map(readAnswer);
  const seconds = d.seconds_left ?? d.remaining ?? (typeof d.duration === 'number' ? d.duration * 60 : 0);
  return {
    attempt_id: Number(d.attempt_id ?? d.id), name: d.name ?? d.test?.name ?? null, questions, answers,
    seconds_left: Number(seconds), resumed: Boolean(d.resumed ?? message === 'Test resumed'),
  };
}

/** A failure as the answer queue needs it. */
export function failureOf(e: unknown): SendFailure {
  if (e instanceof ApiError && e.statusCode > 0) return { kind: 'refused', message: errorText(e), status: e.statusCode };
  return { kind: 'network' };
}

export interface AttemptKey { student_id: number; test_id: number }

export async function startAttempt(k: AttemptKey): Promise<StartedAttempt> {
  const res = await callDeclared('online-test-attempts.start', { params: { student_id: k.student_id, test_id: k.test_id } } as never);
  return readStart(res.data, res.message);
}

/** Saves one answer; rejects with a SendFailure. */
export async function sendAnswer(k: AttemptKey & { attempt_id: number }, a: AnswerEntry): Promise<unknown> {
  try {
    const res = await callDeclared('online-test-attempts.answer', {
      params: { student_id: k.student_id, test_id: k.test_id, attempt_id: k.attempt_id }, body: answerPayload(a),
    } as never);
    return res.data;
  } catch (e) {
    throw failureOf(e);
  }
}

export interface Submitted { marks_obtained: number | null; total_marks: number | null; pending: number | null; message: string | null }

/** Submits the attempt with every answer; rejects with a SendFailure. */
export async function submitAttempt(k: AttemptKey & { attempt_id: number }, answers: AnswerEntry[], duration: number | null): Promise<Submitted> {
  try {
    const res = await callDeclared('online-test-attempts.submit', {
      params: { student_id: k.student_id, test_id: k.test_id },
      body: { attempt_id: k.attempt_id, student_id: k.student_id, duration, answers: answers.map(answerPayload) },
    } as never);
    const d = (res.data ?? {}) as Loose;
    return { marks_obtained: d.marks_obtained ?? null, total_marks: d.total_marks ?? null, pending: d.pending ?? null, message: res.message ?? null };
  } catch (e) {
    throw failureOf(e);
  }
}
