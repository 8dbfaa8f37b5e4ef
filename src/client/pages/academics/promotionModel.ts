/**
 * The promote screen's checks, made in the browser before a call (the server makes the same
 * ones, in the same order, with the same messages of spec 1 section 5), and the calls
 * themselves. Pure; tested in tests/unit/promotion.test.ts.
 */

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
  const withTo = action === 'promote' || action === 'shuffle';
  if (withTo) {
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

/** Method, path, body and success message of an action (contract: promotion calls). */
export function promoteCall(action: PromoteAction, s: PromoteState): { method: 'POST' | 'PUT' | 'PATCH'; path: string; body: Record<string, unknown>; message: string } {
  const from = { from_class: s.from_class, from_ac_year: s.from_ac_year, students: s.students };
  const full = { ...from, to_class: s.to_class, to_ac_year: s.to_ac_year };
  switch (action) {
    case 'promote': return { method: 'POST', path: '/promote/students/', body: full, message: 'Students promoted' };
    case 'graduate': return { method: 'PUT', path: '/promote/students/', body: from, message: 'Students marked as Graduates' };
    case 'yearBreak': return { method: 'PATCH', path: '/promote/students/', body: from, message: 'Students marked for Year Back/Break' };
    case 'shuffle': return { method: 'POST', path: '/shuffle/students/', body: full, message: 'Students shuffled' };
  }
}
