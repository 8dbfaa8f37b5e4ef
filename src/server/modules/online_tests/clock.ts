/**
 * The server's clock for attempts: an attempt may be answered until its deadline, its start plus
 * the duration plus a short grace for an answer already on its way over a slow network. The
 * seconds left that the student's timer shows leave the grace out.
 */
export const GRACE_MS = 30_000;

export const deadlineOf = (start: Date, durationMinutes: number) => new Date(start.getTime() + durationMinutes * 60_000 + GRACE_MS);

/** Seconds the student has left by the server's clock (0 once the duration is over). */
export const secondsLeft = (deadline: Date | string, now = new Date()) =>
  Math.max(0, Math.ceil((new Date(deadline).getTime() - GRACE_MS - now.getTime()) / 1000));

/** Whether the deadline (grace included) has passed. */
export const isPast = (deadline: Date | string, now = new Date()) => now.getTime() > new Date(deadline).getTime();

/** A start time on the assignment form's 10-minute steps (spec 4 §5). */
export const onTenMinuteStep = (iso: string) => {
  const d = new Date(iso);
  return d.getUTCSeconds() === 0 && d.getUTCMilliseconds() === 0 && d.getUTCMinutes() % 10 === 0;
};
