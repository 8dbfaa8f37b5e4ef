/** Query strings of the reports' calls, read alike by every module. */
import { badRequest } from '../framework/errors.js';

/** An id, a date or a text of a query the declared query schema has already checked; the browser's 'null' is none. */
export const given = (v: string | undefined): string | undefined => (v === undefined || v === '' || v === 'null' || v === 'undefined' ? undefined : v);
export const givenId = (v: string | undefined): number | undefined => (given(v) === undefined ? undefined : Number(v));

export interface DateRange { start?: string; end?: string }

/** ?start_date&end_date: days of the school's calendar, both included. */
export function dateRange(q: { start_date?: string; end_date?: string }): DateRange {
  const start = given(q.start_date);
  const end = given(q.end_date);
  if (start && end && start > end) throw badRequest('The start date cannot be after the end date');
  return { start, end };
}
