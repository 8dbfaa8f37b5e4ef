import { schoolToday } from '../../framework/periods.js';

/** A date range of the query; the start of this month to today when not given (spec 2 §9). */
export function dateRange(query: { start_date?: string; end_date?: string }, today = schoolToday()): { start: string; end: string } {
  const given = (v?: string) => (v && v !== 'null' && v !== 'undefined' ? v : undefined);
  return { start: given(query.start_date) ?? `${today.slice(0, 8)}01`, end: given(query.end_date) ?? today };
}
