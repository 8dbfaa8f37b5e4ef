/**
 * The timetable's days and the rules of a school day's timings, shared by the server (which
 * refuses) and the timing screen (which warns first), so both say the same.
 */
export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Day = (typeof DAYS)[number];

export const DAY_LABELS: Record<Day, string> = {
  monday: 'Monday', tuesday: 'Tuesday', wednesday: 'Wednesday', thursday: 'Thursday', friday: 'Friday', saturday: 'Saturday',
};

/** Today's timetable day, or null on a Sunday (dayjs/Date day numbers: 0 is Sunday). */
export const dayOfWeek = (jsDay: number): Day | null => (jsDay >= 1 && jsDay <= 6 ? DAYS[jsDay - 1]! : null);

/** Minutes since midnight of an HH:mm time. */
export const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};

export interface TimingInput { name: string; period_type: 0 | 1; start_time: string; end_time: string }

/** What is wrong with a day's timings (beyond each field's format): the error code of the save call and its values. */
export function timingProblem(rows: readonly TimingInput[]): { code: 'order' | 'overlap' | 'twice'; values: Record<string, string> } | null {
  const names = new Set<string>();
  for (const r of rows) {
    const key = r.name.trim().toLowerCase();
    if (names.has(key)) return { code: 'twice', values: { name: r.name.trim() } };
    names.add(key);
    if (minutesOf(r.end_time) <= minutesOf(r.start_time)) return { code: 'order', values: { name: r.name.trim() } };
  }
  const sorted = [...rows].sort((a, b) => minutesOf(a.start_time) - minutesOf(b.start_time));
  for (let i = 1; i < sorted.length; i++) {
    const [first, second] = [sorted[i - 1]!, sorted[i]!];
    if (minutesOf(second.start_time) < minutesOf(first.end_time)) return { code: 'overlap', values: { first: first.name.trim(), second: second.name.trim() } };
  }
  return null;
}
