/** The library's late rule (spec 3 §4): days late from the last date, and the fine exact to the paisa. */
import { expect, it } from 'vitest';
import { daysLate, lateFine } from '../../src/shared/library.js';

it('counts the days past the last date, and none when on time or early', () => {
  expect(daysLate('2026-11-20', '2026-11-23')).toBe(3);
  expect(daysLate('2026-11-23', '2026-11-23')).toBe(0);
  expect(daysLate('2026-11-25', '2026-11-23')).toBe(0);
  expect(daysLate('2026-02-27', '2026-03-02')).toBe(3);
  expect(daysLate('2025-12-31', '2026-01-01')).toBe(1);
});

it('charges the fine per day for each day late, exact to the paisa', () => {
  expect(lateFine(3, 2.5)).toBe(7.5);
  expect(lateFine(7, 0.1)).toBe(0.7);
  expect(lateFine(3, 0.35)).toBe(1.05);
  expect(lateFine(0, 5)).toBe(0);
  expect(lateFine(12, 1)).toBe(12);
});
