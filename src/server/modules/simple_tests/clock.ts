/**
 * The simple test's clock (spec 4 §4, §5, §9), always the server's: an attempt runs for the
 * test's duration from the moment the server started it, then the 10-minute upload window
 * follows; a submission is taken until both are over, plus a short grace for a phone's upload
 * in flight. A test may be started only on its start day at the school, from its start time.
 */
import { schoolToday } from '../../framework/periods.js';
import { SOLUTION_STATUS as STATUS } from '../../../generated/enums/simple_tests.js';

/** At most this many attempts per student and test. */
export const MAX_ATTEMPTS = 2;
/** The upload window after the writing time, in seconds (spec 4 §4). */
export const UPLOAD_WINDOW_S = 600;
/** Taken past the upload window: a photo still on its way when the browser's countdown ends. */
export const GRACE_S = 60;

const at = (t: Date | string) => (t instanceof Date ? t : new Date(t)).getTime();

/** Where an attempt started at `start` stands `now`: seconds left to write, to upload, and whether it still takes a submission. */
export function attemptClock(start: Date | string, durationMin: number, now = new Date()) {
  const began = at(start);
  const writeEnd = began + durationMin * 60_000;
  const uploadEnd = writeEnd + UPLOAD_WINDOW_S * 1000;
  const left = (end: number) => Math.max(0, Math.ceil((end - now.getTime()) / 1000));
  return {
    /** Seconds of writing time left (0 once the upload phase has begun by the clock). */
    remaining_seconds: left(writeEnd),
    /** Seconds until the upload window closes. */
    upload_seconds: left(uploadEnd),
    ends_at: new Date(writeEnd).toISOString(),
    submit_by: new Date(uploadEnd).toISOString(),
    /** A submission is still taken (the grace included). */
    open: now.getTime() <= uploadEnd + GRACE_S * 1000,
  };
}

/**
 * The status an attempt reads as: one still open past its submission deadline is 'Not submitted'
 * whether or not the module's job has come by to close it.
 */
export function shownStatus(a: { status: number; start_time: Date | string }, durationMin: number, now = new Date()): number {
  return a.status === STATUS.IN_PROGRESS && !attemptClock(a.start_time, durationMin, now).open ? STATUS.NOT_SUBMITTED : a.status;
}

/** Why a test cannot be started now: 'early' before its start time, 'late' after its start day at the school; null when it can. */
export function startRefusal(startTime: Date | string | null, now = new Date()): 'early' | 'late' | null {
  if (!startTime) return null;
  const start = new Date(at(startTime));
  if (now.getTime() < start.getTime()) return 'early';
  if (schoolToday(now) > schoolToday(start)) return 'late';
  return null;
}

/** Marks are kept as entered, to two decimal places at most. */
export const twoDecimals = (n: number) => Number(n.toFixed(2)) === n;
