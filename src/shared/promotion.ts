/**
 * The promote screen's rules (spec 1, sections 4 and 5): which call each action makes, with
 * its success message, and the checks made before it, in order, with the spec's messages.
 * The browser checks before calling and the server refuses with the very same words.
 */
import { counted } from './plural.js';

export type PromoteAction = 'promote' | 'graduate' | 'yearBreak' | 'shuffle';

export interface PromoteState {
  from_class?: number | null;
  from_ac_year?: number | null;
  to_class?: number | null;
  to_ac_year?: number | null;
  students: number[];
}

export const PROMOTE_MSG = {
  fromTo: 'Select From class, academic year and To class, academic year',
  from: 'Select From class and academic year',
  sameYear: "Academic Year can't be same",
  promote: 'Please select students to be promoted',
  graduate: 'Please select students to be graduated',
  yearBreak: 'Please select students to be marked for year back/break',
  shuffleYear: 'Shuffle changes the class within one academic year: choose the same From and To academic year',
  shuffleClass: 'Choose a To class other than the From class',
} as const;

const empty = (v: unknown) => v === undefined || v === null || v === '' || v === 0;

/** The message that stops an action, or null when it may be sent. */
export function promoteProblem(action: PromoteAction, s: PromoteState): string | null {
  if (PROMOTE_WITH_TO[action]) {
    if ([s.from_class, s.from_ac_year, s.to_class, s.to_ac_year].some(empty)) return PROMOTE_MSG.fromTo;
  } else if ([s.from_class, s.from_ac_year].some(empty)) {
    return PROMOTE_MSG.from;
  }
  if (s.students.length === 0) {
    return action === 'graduate' ? PROMOTE_MSG.graduate : action === 'yearBreak' ? PROMOTE_MSG.yearBreak : PROMOTE_MSG.promote;
  }
  if (action === 'promote' && s.from_ac_year === s.to_ac_year) return PROMOTE_MSG.sameYear;
  if (action === 'shuffle') {
    if (s.from_ac_year !== s.to_ac_year) return PROMOTE_MSG.shuffleYear;
    if (s.from_class === s.to_class) return PROMOTE_MSG.shuffleClass;
  }
  return null;
}

/**
 * A class's level from its name, for telling a lower class: pre-primary names before class 1,
 * then numbers (arabic or roman). Null for a name it cannot place (a house, 'Special').
 */
export function classLevel(name: string | null | undefined): number | null {
  const n = String(name ?? '').trim().toUpperCase().replace(/[\s.-]+/g, '');
  const pre: Record<string, number> = { PLAYGROUP: -4, PLAYSCHOOL: -4, NURSERY: -3, PREKG: -3, LKG: -2, PP1: -2, UKG: -1, PP2: -1 };
  if (n in pre) return pre[n]!;
  if (/^\d{1,2}$/.test(n)) return Number(n);
  const roman = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'].indexOf(n);
  return roman >= 0 ? roman + 1 : null;
}

/** The refusal of a promotion into a lower class (a student kept back is Detained or given a Year Back/Break), or null. */
export function lowerClassProblem(fromClass: string | null | undefined, toClass: string | null | undefined): string | null {
  const from = classLevel(fromClass);
  const to = classLevel(toClass);
  if (from === null || to === null || to >= from) return null;
  return `Students cannot be promoted to a lower class (${String(fromClass).trim()} to ${String(toClass).trim()}): use Year Back/Break, or the same class to detain them`;
}

/** How the screen names the classes and years of an action in its confirmation. */
export interface PromoteLabels { fromClass: string; fromYear: string; toClass?: string; toYear?: string }

/** The question asked before an action, saying what will happen to how many students. */
export function promoteQuestion(action: PromoteAction, count: number, l: PromoteLabels): string {
  const n = counted(count, 'student');
  switch (action) {
    case 'promote':
      return l.toClass === l.fromClass
        ? `Keep ${n} in ${l.fromClass} for ${l.toYear} (detained)?`
        : `Promote ${n} from ${l.fromClass} ${l.fromYear} to ${l.toClass} ${l.toYear}?`;
    case 'graduate': return `Mark ${n} of ${l.fromClass} ${l.fromYear} as graduated?`;
    case 'yearBreak': return `Mark ${n} of ${l.fromClass} ${l.fromYear} for Year Back/Break?`;
    case 'shuffle': return `Move ${n} from ${l.fromClass} to ${l.toClass} in ${l.fromYear}?`;
  }
}

/** Whether an action names a To class and year (promote and shuffle) or only the From ones. */
export const PROMOTE_WITH_TO: Record<PromoteAction, boolean> = { promote: true, graduate: false, yearBreak: false, shuffle: true };

/** The body an action sends (its call and message are declared: student-years.<action>). */
export function promoteBody(action: PromoteAction, s: PromoteState) {
  const from = { from_class: s.from_class, from_ac_year: s.from_ac_year, students: s.students };
  return PROMOTE_WITH_TO[action] ? { ...from, to_class: s.to_class, to_ac_year: s.to_ac_year } : from;
}
