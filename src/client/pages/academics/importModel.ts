/**
 * Pure helpers of the student import screen: the id it polls the progress by, and the words
 * of its progress and its result. No React here; tested in tests/unit/import-model.test.ts.
 */

import type { CallData } from '../../framework/useDeclaredCall.js';

/** What the import answers (a screen may have only part of it). */
export type ImportAnswer = Partial<CallData<'students.import'>>;
export type ImportProgress = CallData<'students.importProgress'>;

/** An id for students.importProgress (letters, digits and -, as the server asks). */
export function newImportId(): string {
  const random = Array.from({ length: 4 }, () => Math.random().toString(36).slice(2, 8)).join('');
  return `imp-${Date.now().toString(36)}-${random}`;
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

/** "1,200 of 5,000 rows" while the import runs; "Reading the file" before it has counted them. */
export function progressText(p: ImportProgress | null): string {
  if (!p || p.total === 0) return 'Reading the file…';
  return `${p.done.toLocaleString('en-IN')} of ${count(p.total, 'row', 'rows')}`;
}

export const progressPercent = (p: ImportProgress | null) => (p && p.total > 0 ? Math.floor((p.done / p.total) * 100) : 0);

/** "412 students added, 3 rows not added" (and the rows already there, when some were). */
export function importSummary(a: { added?: number; skipped?: number; errors?: unknown[] }): string {
  const added = a.added ?? 0;
  const skipped = a.skipped ?? 0;
  const notAdded = a.errors?.length ?? 0;
  const parts = [`${count(added, 'student', 'students')} added`];
  if (skipped) parts.push(`${count(skipped, 'row', 'rows')} already there`);
  if (notAdded) parts.push(`${count(notAdded, 'row', 'rows')} not added`);
  return parts.join(', ');
}
