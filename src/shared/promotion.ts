/**
 * The promote screen's rules (spec 1, sections 4 and 5): which call each action makes, with
 * its success message, and the checks made before it, in order, with the spec's messages.
 * The browser checks before calling and the server refuses with the very same words.
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
  if (PROMOTE_CALLS[action].withTo) {
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

/** Each action's call and success message. Promote, graduate and year back share one path. */
export const PROMOTE_CALLS = {
  promote: { method: 'POST', path: '/promote/students/', withTo: true, message: 'Students promoted' },
  graduate: { method: 'PUT', path: '/promote/students/', withTo: false, message: 'Students marked as Graduates' },
  yearBreak: { method: 'PATCH', path: '/promote/students/', withTo: false, message: 'Students marked for Year Back/Break' },
  shuffle: { method: 'POST', path: '/shuffle/students/', withTo: true, message: 'Students shuffled' },
} as const satisfies Record<PromoteAction, { method: 'POST' | 'PUT' | 'PATCH'; path: string; withTo: boolean; message: string }>;

/** Method, path, body and success message of an action. */
export function promoteCall(action: PromoteAction, s: PromoteState) {
  const { method, path, withTo, message } = PROMOTE_CALLS[action];
  const from = { from_class: s.from_class, from_ac_year: s.from_ac_year, students: s.students };
  return { method, path, message, body: withTo ? { ...from, to_class: s.to_class, to_ac_year: s.to_ac_year } : from };
}
