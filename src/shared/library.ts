/**
 * The library's rules both sides use (spec 3 §4, §9): how late a book is and the fine it makes.
 * Dates are YYYY-MM-DD days at the school; money is counted in paise, never as floating rupees.
 */
import { toPaise, toRupees } from './money.js';

/** The settings a school starts with until an administrator saves its Library tab: two books a borrower and ₹1 a late day (the spec prefills the fine with the days late). */
export const LIBRARY_DEFAULTS = { lib_max_books_allowed: 2, lib_fine_per_day: 1 } as const;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** Days between the last date and `today` (YYYY-MM-DD); 0 when the book is not late. */
export function daysLate(lastDate: string, today: string): number {
  return Math.max(0, Math.round(dayNumber(today) - dayNumber(lastDate)));
}

/** The fine for `days` late at `perDay` rupees a day, exact to the paisa. */
export const lateFine = (days: number, perDay: number): number => toRupees(days * toPaise(perDay));
