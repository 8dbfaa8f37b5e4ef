/**
 * Grades on a school's scale (config `academics.grading_scale`; CBSE's 8-point scale when the
 * school sets none). The marks editor, the viewer and report cards grade with this one rule.
 */
import type { SchoolConfig } from './school-config.js';

export type GradeBand = NonNullable<NonNullable<SchoolConfig['academics']>['grading_scale']>[number];

/** CBSE's scholastic scale: A1 91–100 … D 33–40, E 32 and below. */
export const CBSE_SCALE: GradeBand[] = [
  { grade: 'A1', min: 91, max: 100, points: 10 },
  { grade: 'A2', min: 81, max: 90.99, points: 9 },
  { grade: 'B1', min: 71, max: 80.99, points: 8 },
  { grade: 'B2', min: 61, max: 70.99, points: 7 },
  { grade: 'C1', min: 51, max: 60.99, points: 6 },
  { grade: 'C2', min: 41, max: 50.99, points: 5 },
  { grade: 'D', min: 33, max: 40.99, points: 4 },
  { grade: 'E', min: 0, max: 32.99 },
];

export const gradingScale = (c: SchoolConfig | null | undefined): GradeBand[] => {
  const s = c?.academics?.grading_scale;
  return s && s.length ? s : CBSE_SCALE;
};

/** Percentage to two decimals (half up), as marks sheets print it. */
export const percentOf = (obtained: number, max: number): number => (max > 0 ? Math.round((obtained / max) * 10000) / 100 : 0);

/**
 * The grade of a percentage (two decimals): the highest band whose minimum it reaches, so a
 * scale written to two decimals (A2 81–90.99) leaves no gap; null below every band.
 */
export function gradeFor(percent: number, scale: GradeBand[]): string | null {
  const p = Math.round(percent * 100) / 100;
  return [...scale].sort((a, b) => b.min - a.min).find((b) => p >= b.min)?.grade ?? null;
}
