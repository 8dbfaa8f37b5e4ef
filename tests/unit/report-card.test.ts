/**
 * A report card's sums: the plan from the school's configuration (CBSE's by default), marks
 * scaled to components, a term's total and grade, the year's overall grade.
 */
import { describe, expect, it } from 'vitest';
import { CBSE_SCALE, type GradeBand } from '../../src/shared/grades.js';
import { cardPlan, DEFAULT_COMPONENTS, gradedAreas, markText, overallResult, scaleMark, termResult } from '../../src/shared/report-card.js';

const CBSE = cardPlan(null);
const ALL = ['PT', 'NB', 'SE', 'EX'];

describe('the plan', () => {
  it('is CBSE\'s when the school sets nothing: two terms, PT 10, NB 5, SE 5, exam 80, three areas and discipline on A-C', () => {
    expect(CBSE.terms).toEqual(['Term 1', 'Term 2']);
    expect(CBSE.components).toEqual(DEFAULT_COMPONENTS);
    expect(CBSE.components.reduce((s, c) => s + c.max_marks, 0)).toBe(100);
    expect(gradedAreas(CBSE).map((a) => `${a.name}: ${a.grades.join('')}`)).toEqual([
      'Work Education: ABC', 'Art Education: ABC', 'Health & Physical Education: ABC', 'Discipline: ABC',
    ]);
  });

  it('follows the school\'s terms, components and areas, its Discipline area being the discipline row', () => {
    const plan = cardPlan({
      terms: [{ name: 'Half Yearly' }, { name: 'Annual' }, { name: 'Supplementary' }],
      assessment_components: [{ code: 'IA', name: 'Internal', max_marks: 20 }, { code: 'TH', name: 'Theory', max_marks: 80 }],
      co_scholastic_areas: [{ name: 'Music', grades: ['A+', 'A', 'B'] }, { name: 'discipline', grades: ['O', 'G'] }, { name: 'Yoga' }],
    });
    expect(plan.terms).toEqual(['Half Yearly', 'Annual', 'Supplementary']);
    expect(plan.components.map((c) => c.code)).toEqual(['IA', 'TH']);
    expect(plan.areas).toEqual([{ name: 'Music', grades: ['A+', 'A', 'B'] }, { name: 'Yoga', grades: ['A', 'B', 'C'] }]);
    expect(plan.discipline).toEqual({ name: 'discipline', grades: ['O', 'G'] });
  });
});

describe('component scaling', () => {
  it('is obtained / test max x component max, to two decimals', () => {
    expect(scaleMark({ marks_obtained: 18, absent: false }, 20, 10)).toBe(9);
    expect(scaleMark({ marks_obtained: 7, absent: false }, 10, 5)).toBe(3.5);
    expect(scaleMark({ marks_obtained: 67, absent: false }, 100, 80)).toBe(53.6);
    expect(scaleMark({ marks_obtained: 2, absent: false }, 3, 5)).toBe(3.33);
    expect(scaleMark({ marks_obtained: 0, absent: false }, 25, 10)).toBe(0);
  });

  it('shows AB for absent and nothing when no marks are entered', () => {
    expect(scaleMark({ marks_obtained: null, absent: true }, 20, 10)).toBe('AB');
    expect(scaleMark({ marks_obtained: null, absent: false }, 20, 10)).toBeNull();
    expect(scaleMark(undefined, 20, 10)).toBeNull();
    expect(scaleMark({ marks_obtained: 5, absent: false }, 0, 10)).toBeNull();
    expect([markText('AB'), markText(null), markText(3.5), markText(8)]).toEqual(['AB', '-', '3.5', '8']);
  });
});

describe('term totals and grades', () => {
  it('adds the components out of 100 and grades on the CBSE scale, absent counting 0', () => {
    expect(termResult(CBSE, { PT: 9, NB: 4, SE: 5, EX: 72 }, ALL, CBSE_SCALE)).toMatchObject({ total: 90, max: 100, grade: 'A2' });
    expect(termResult(CBSE, { PT: 'AB', NB: 3, SE: 3.5, EX: 40 }, ALL, CBSE_SCALE)).toMatchObject({ total: 46.5, grade: 'C2' });
    expect(termResult(CBSE, { PT: 10, NB: 5, SE: 5, EX: 71 }, ALL, CBSE_SCALE).grade).toBe('A1');
    expect(termResult(CBSE, { PT: 10, NB: 5, SE: 5, EX: 70.99 }, ALL, CBSE_SCALE).grade).toBe('A2');
    // D is 33 to 40.99, E 32.99 and below.
    expect(termResult(CBSE, { PT: 2, NB: 1, SE: 1, EX: 29 }, ALL, CBSE_SCALE).grade).toBe('D');
    expect(termResult(CBSE, { PT: 2, NB: 1, SE: 1, EX: 28.99 }, ALL, CBSE_SCALE).grade).toBe('E');
    expect(termResult(CBSE, { PT: 2, NB: 1, SE: 1, EX: 28 }, ALL, CBSE_SCALE).grade).toBe('E');
  });

  it('counts only the components with a test, and is empty when nothing is entered', () => {
    expect(termResult(CBSE, { PT: 8, EX: 64 }, ['PT', 'EX'], CBSE_SCALE)).toMatchObject({ total: 72, max: 90, grade: 'B1' });
    expect(termResult(CBSE, { PT: null, EX: null }, ['PT', 'EX'], CBSE_SCALE)).toMatchObject({ total: null, grade: null });
    expect(termResult(CBSE, {}, [], CBSE_SCALE)).toMatchObject({ total: null, max: 0, grade: null });
  });

  it('grades on the school\'s own scale', () => {
    const scale: GradeBand[] = [{ grade: 'O', min: 90, max: 100 }, { grade: 'P', min: 40, max: 89.99 }, { grade: 'F', min: 0, max: 39.99 }];
    expect(termResult(CBSE, { PT: 9, NB: 4, SE: 5, EX: 72 }, ALL, scale).grade).toBe('O');
    expect(termResult(CBSE, { PT: 2, NB: 1, SE: 1, EX: 28 }, ALL, scale).grade).toBe('F');
  });

  it('gives the year\'s overall percentage and grade over the terms with marks', () => {
    const t1 = termResult(CBSE, { PT: 9, NB: 4, SE: 5, EX: 72 }, ALL, CBSE_SCALE);
    const t2 = termResult(CBSE, { PT: 7, NB: 3, SE: 4, EX: 56 }, ALL, CBSE_SCALE);
    const none = termResult(CBSE, {}, ALL, CBSE_SCALE);
    expect(overallResult([t1, t2], CBSE_SCALE)).toEqual({ total: 160, max: 200, percent: 80, grade: 'B1' });
    expect(overallResult([t1, none], CBSE_SCALE)).toEqual({ total: 90, max: 100, percent: 90, grade: 'A2' });
    expect(overallResult([none, none], CBSE_SCALE)).toMatchObject({ total: null, grade: null });
  });
});
