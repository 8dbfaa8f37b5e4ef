import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { DATE_INPUTS, DATE_TIME_INPUTS, readTypedDate } from '../../src/client/framework/dates.js';

const day = (text: string, allowed?: (d: dayjs.Dayjs) => boolean) => {
  const r = readTypedDate(text, DATE_INPUTS, allowed);
  return r.problem ?? r.date?.format('YYYY-MM-DD') ?? null;
};

describe('a date typed into a date input', () => {
  it('reads the shown format, the wire format and days without leading zeros', () => {
    expect(day('08-12-2026')).toBe('2026-12-08');
    expect(day(' 2026-12-08 ')).toBe('2026-12-08');
    expect(day('8-12-2026')).toBe('2026-12-08');
    expect(day('08/12/2026')).toBe('2026-12-08');
    expect(day('08.12.2026')).toBe('2026-12-08');
  });
  it('is nothing when emptied', () => {
    expect(readTypedDate('  ', DATE_INPUTS)).toEqual({ date: null, problem: null });
  });
  it('refuses half-typed text and days that do not exist, saying how to write one', () => {
    for (const t of ['08-12-20', '08-12-202', '31-02-2026', '12-31-2026', 'tomorrow']) expect(day(t)).toBe('Enter the date as DD-MM-YYYY');
  });
  it('refuses a date the field does not allow', () => {
    const notPast = (d: dayjs.Dayjs) => !d.isBefore('2026-01-01', 'day');
    expect(day('31-12-2025', notPast)).toBe('This date cannot be chosen here');
    expect(day('01-01-2026', notPast)).toBe('2026-01-01');
  });
  it('reads a day with its time, am or pm in either case', () => {
    const at = (t: string) => readTypedDate(t, DATE_TIME_INPUTS).date?.format('YYYY-MM-DD HH:mm') ?? null;
    expect(at('08-12-2026 02:30 pm')).toBe('2026-12-08 14:30');
    expect(at('2026-12-08 09:10')).toBe('2026-12-08 09:10');
    expect(at('08-12-2026')).toBeNull();
  });
});
