/** What the simple test screens share: upload kinds, the attempt kept on the phone, timers and texts. */
import type { CallData } from '../../framework/useDeclaredCall.js';

export const KINDS = { paper: 'simple-test-files', solution: 'simple-test-solutions', reply: 'simple-test-replies' } as const;

export type StaffTest = CallData<'simple-tests.solutions'>;
export type StaffSolution = StaffTest['solutions'][number];
export type FamilyTest = CallData<'simple-tests.details'>;
export type FamilyAttempt = FamilyTest['attempts'][number];

/** The attempt being written, kept on the phone (spec 4 §4): reopening the test screen resumes it. */
export interface SavedAttempt { attempt_id: number; start_time: string; test_id: number; student_id: number }

const KEY = 'simple_test';

export function saveAttempt(a: SavedAttempt) {
  try { localStorage.setItem(KEY, JSON.stringify(a)); } catch { /* private mode: the server still holds the attempt */ }
}

export function savedAttempt(): SavedAttempt | null {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<SavedAttempt> | null;
    return v && Number.isInteger(v.attempt_id) && Number.isInteger(v.test_id) && Number.isInteger(v.student_id) ? v as SavedAttempt : null;
  } catch { return null; }
}

export function clearAttempt() {
  try { localStorage.removeItem(KEY); } catch { /* nothing kept */ }
}

/** Seconds as m:ss, or h:mm:ss from an hour. */
export function clockText(seconds: number) {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A test's marks line: max, and pass when set. */
export const marksLine = (t: { max_marks: number; pass_marks: number | null }) =>
  `Max marks ${t.max_marks}${t.pass_marks != null ? `, pass marks ${t.pass_marks}` : ''}`;
