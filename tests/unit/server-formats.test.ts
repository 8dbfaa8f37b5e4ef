import { describe, expect, it } from 'vitest';
import { compile, formatErrors, matchesFormat } from '../../src/server/framework/validation.js';
import { dateProblem } from '../../src/server/modules/students/import-export.handlers.js';

/** Dates and times in payloads are checked by ajv-formats' `date` and `date-time`. */
describe('date formats on the server', () => {
  const schema = {
    type: 'object',
    properties: {
      day: { type: 'string', title: 'Day', format: 'date' },
      at: { type: 'string', title: 'Start Time', format: 'date-time' },
    },
    additionalProperties: false,
  };
  const validate = compile(schema);
  const messages = (data: unknown) => (validate(data) ? [] : formatErrors(schema, validate.errors ?? []));

  it('takes real calendar days only, leap years included', () => {
    expect(messages({ day: '2028-02-29' })).toEqual([]);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-04-31', '01-09-2026', '2026-9-1', 'today', '2026-09-01T00:00:00Z']) {
      expect(messages({ day: bad }), bad).toEqual(['Day is not a valid date (YYYY-MM-DD)']);
    }
  });

  it('takes a date and time with its offset', () => {
    expect(messages({ at: '2026-06-01T10:30:00Z' })).toEqual([]);
    expect(messages({ at: '2026-06-01T10:30:00.000+05:30' })).toEqual([]);
    for (const bad of ['2026-06-01 10:30', '2026-06-01', '2026-06-31T10:30:00Z', '2026-06-01T25:00:00Z']) {
      expect(messages({ at: bad }), bad).toEqual(['Start Time is not a valid date and time']);
    }
  });

  it('checks one value as a payload would, and refuses a format no schema knows', () => {
    expect(matchesFormat('date', '2024-02-29')).toBe(true);
    expect(matchesFormat('date', '2023-02-29')).toBe(false);
    expect(matchesFormat('money', 10.5)).toBe(true);
    expect(matchesFormat('money', 10.005)).toBe(false);
    expect(() => matchesFormat('dat', '2024-01-01')).toThrow('Unknown format dat');
  });

  it('gives an imported date its message: the form, then a real day from 1900 to 2100', () => {
    expect(dateProblem('2015-06-21', 'DoB')).toBeNull();
    expect(dateProblem('21-06-2015', 'DoB')).toBe('DoB must be a date written YYYY-MM-DD, e.g. 2015-06-21');
    expect(dateProblem('2015-02-29', 'DoB')).toBe('DoB is not a real date: 2015-02-29');
    expect(dateProblem('1899-12-31', 'DoB')).toBe('DoB is not a real date: 1899-12-31');
    expect(dateProblem('2016-02-29', 'DoB')).toBeNull();
  });
});
