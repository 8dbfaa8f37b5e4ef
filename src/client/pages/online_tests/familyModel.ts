/** A child's online tests as the family's calls answer them (GET /ot/student/{student_id}/tests/ and …/attempts/). */
import { ATTEMPT_STATUS } from '../../../generated/enums/online_tests.js';

export interface FamilyAttempt {
  id: number; attempt_id: number; start_time: string; end_time: string | null; status: number; submitted: boolean;
  marks_obtained: number | null; passed: boolean | null; seconds_left: number; duration: number | null;
}

export interface FamilyTest {
  id: number; assign_id: number; name: string; category: string | null; class: string | null; section: string | null;
  subject: string | null; pass_marks: number | null; duration: number; start_time: string | null; total_marks: number;
  questions: number; attempts?: FamilyAttempt[]; can_start: boolean;
}

/** The attempt still open (to resume), if any. */
export const openAttempt = (attempts: FamilyAttempt[] = []) => attempts.find((a) => a.status === ATTEMPT_STATUS.ONGOING && !a.submitted) ?? null;

/** What the student may do with a test now: start it, resume the open attempt, wait for it, or nothing (done). */
export function actionOf(t: Pick<FamilyTest, 'can_start' | 'start_time'>, attempts: FamilyAttempt[] = [], now = Date.now()): 'start' | 'resume' | 'later' | 'done' {
  if (attempts.some((a) => a.submitted)) return 'done';
  if (openAttempt(attempts)) return 'resume';
  if (t.can_start) return 'start';
  return t.start_time && new Date(t.start_time).getTime() > now ? 'later' : 'done';
}
