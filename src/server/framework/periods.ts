import { sql } from 'kysely';

/** The school's clock: days, weeks and months of reports start at midnight India time. */
export const SCHOOL_TZ = 'Asia/Kolkata';

/** Today's date at the school (YYYY-MM-DD), whatever the server's own time zone. */
export const schoolToday = (now = new Date()): string => new Intl.DateTimeFormat('en-CA', { timeZone: SCHOOL_TZ }).format(now);

/** The moment a school day (YYYY-MM-DD) begins: midnight India time (which keeps no summer time). */
export const schoolDayStart = (day: string): Date => new Date(`${day}T00:00:00+05:30`);

/** Today's date at the school, in SQL (the database's clock, India time). */
export const SCHOOL_TODAY_SQL = sql<string>`(now() at time zone ${sql.lit(SCHOOL_TZ)})::date`;

export const PERIODS = ['today', 'week', 'month', 'total'] as const;
export type Period = (typeof PERIODS)[number];

/**
 * The report card periods as rows (period, lo, hi): today, this week (from Monday), this month,
 * and the total (all time), each from midnight India time to the start of the next one.
 */
export function periodRows() {
  const TZ = sql.lit(SCHOOL_TZ);
  const local = sql`(now() at time zone ${TZ})`;
  const from = (unit: 'day' | 'week' | 'month') => sql`(date_trunc(${sql.lit(unit)}, ${local}) at time zone ${TZ})`;
  const to = (unit: 'day' | 'week' | 'month', step: string) => sql`((date_trunc(${sql.lit(unit)}, ${local}) + interval ${sql.lit(step)}) at time zone ${TZ})`;
  return sql<{ period: Period; lo: Date; hi: Date }>`(
    select 'today'::text as period, ${from('day')} as lo, ${to('day', '1 day')} as hi
    union all select 'week', ${from('week')}, ${to('week', '7 days')}
    union all select 'month', ${from('month')}, ${to('month', '1 month')}
    union all select 'total', '-infinity'::timestamptz, 'infinity'::timestamptz
  )`;
}
