/**
 * How every screen shows dates and times, in tables and inputs alike: DD-MM-YYYY and a 12-hour
 * clock. The API keeps YYYY-MM-DD dates and UTC timestamps; inputs also take a typed YYYY-MM-DD.
 */
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { keepEnterInPicker } from './form/keys.js';

dayjs.extend(customParseFormat);

export const DATE_FORMAT = 'DD-MM-YYYY';
/** A calendar day on the wire (query strings, payloads). */
export const WIRE_DATE = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'DD-MM-YYYY hh:mm A';
export const TIME_FORMAT = 'hh:mm A';

/** What a calendar day's input reads: the shown format first, then the wire's, then without leading zeros. */
export const DATE_INPUTS = [DATE_FORMAT, WIRE_DATE, 'D-M-YYYY'];
/** What a day-and-time input reads. */
export const DATE_TIME_INPUTS = [DATE_TIME_FORMAT, `${WIRE_DATE} HH:mm`, 'D-M-YYYY h:mm A'];

/** Props of an antd DatePicker for a calendar day. */
export const datePickerProps = {
  format: DATE_INPUTS,
  placeholder: DATE_FORMAT,
  onKeyDown: keepEnterInPicker,
};

/** Props of an antd DatePicker for a day and a time stepping by `minuteStep` minutes. */
export const dateTimePickerProps = (minuteStep = 1) => ({
  showTime: { minuteStep: minuteStep as 1, format: TIME_FORMAT, use12Hours: true },
  format: DATE_TIME_INPUTS,
  placeholder: 'Select date and time',
  onKeyDown: keepEnterInPicker,
});

/** Why a typed date is not taken. */
export const DATE_PROBLEMS = {
  unreadable: (shown: string) => `Enter the date as ${shown}`,
  notAllowed: 'This date cannot be chosen here',
};

export type TypedDate = { date: Dayjs | null; problem: null } | { date: null; problem: string };

/**
 * What text typed into a date input means: a date when it reads exactly in one of `formats`
 * (slashes and dots taken for dashes, am/pm in either case) and `allowed` accepts it, nothing
 * when it is empty, else why not. Strict, so a half-typed '08-12-20' is not the year 20.
 */
export function readTypedDate(text: string, formats: readonly string[], allowed: (d: Dayjs) => boolean = () => true): TypedDate {
  const t = text.trim().replace(/[/.]/g, '-').replace(/\s+/g, ' ').toUpperCase();
  if (!t) return { date: null, problem: null };
  for (const f of formats) {
    const d = dayjs(t, f, true);
    if (d.isValid()) return allowed(d) ? { date: d, problem: null } : { date: null, problem: DATE_PROBLEMS.notAllowed };
  }
  return { date: null, problem: DATE_PROBLEMS.unreadable(formats[0] ?? DATE_FORMAT) };
}
