/**
 * The school's calendar (config `calendar`: weekly off days and holidays, docs/school-config.md):
 * which days no attendance is taken, and why, in the same words on the screens and the server.
 * Dates are the wire's YYYY-MM-DD; weekdays are worked out on the date alone, not a clock.
 */
import type { SchoolConfig } from './school-config.js';

export type SchoolCalendar = NonNullable<SchoolConfig['calendar']>;

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/** The weekday of a YYYY-MM-DD date ('sunday' …). */
export function weekdayOf(date: string): (typeof WEEKDAYS)[number] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!;
}

const capital = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** Why a day is off: its holiday ('a holiday (Independence Day)') or the weekly off ('the weekly off (Sunday)'); null on a school day. */
export function dayOff(calendar: SchoolCalendar | null | undefined, date: string): { kind: 'holiday' | 'weekly_off'; name: string; reason: string } | null {
  const holiday = (calendar?.holidays ?? []).find((h) => h.date <= date && date <= (h.to ?? h.date));
  if (holiday) return { kind: 'holiday', name: holiday.name, reason: `a holiday (${holiday.name})` };
  const weekday = weekdayOf(date);
  if ((calendar?.weekly_off ?? []).includes(weekday)) return { kind: 'weekly_off', name: capital(weekday), reason: `the weekly off (${capital(weekday)})` };
  return null;
}

/** The holidays falling between two dates, one entry per day. */
export function holidayDays(calendar: SchoolCalendar | null | undefined, from: string, to: string): Array<{ date: string; name: string }> {
  const out: Array<{ date: string; name: string }> = [];
  for (const h of calendar?.holidays ?? []) {
    for (let d = h.date; d <= (h.to ?? h.date); d = nextDay(d)) if (d >= from && d <= to) out.push({ date: d, name: h.name });
  }
  return out.sort((a, b) => a.date.localeCompare(b.date));
}

/** The day after a YYYY-MM-DD date. */
export function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}
