/**
 * A report card's shape and sums, CBSE style unless the school configures otherwise
 * (`academics.terms`, `academics.assessment_components`, `academics.co_scholastic_areas`):
 * each term's components scaled from the marks of the test chosen for them, the term's total
 * and grade, the co-scholastic areas and discipline. Pure, so the server, the screens and the
 * unit tests share one rule.
 */
import { gradeFor, percentOf, type GradeBand } from './grades.js';
import type { SchoolConfig } from './school-config.js';

type Academics = NonNullable<SchoolConfig['academics']>;
export type Component = { code: string; name: string; max_marks: number };
export type Area = { name: string; grades: string[] };

/** CBSE's two terms (classes IX–X): used when the school names none. */
export const DEFAULT_TERMS = ['Term 1', 'Term 2'];
/** CBSE's internal assessment and term exam, out of 100 together. */
export const DEFAULT_COMPONENTS: Component[] = [
  { code: 'PT', name: 'Periodic Test', max_marks: 10 },
  { code: 'NB', name: 'Notebook', max_marks: 5 },
  { code: 'SE', name: 'Subject Enrichment', max_marks: 5 },
  { code: 'EX', name: 'Term Exam', max_marks: 80 },
];
/** CBSE's 3-point scale for co-scholastic areas and discipline. */
export const THREE_POINT = ['A', 'B', 'C'];
export const DEFAULT_AREAS: Area[] = [
  { name: 'Work Education', grades: THREE_POINT },
  { name: 'Art Education', grades: THREE_POINT },
  { name: 'Health & Physical Education', grades: THREE_POINT },
];
export const DISCIPLINE = 'Discipline';

/** What a result may say. */
export const RESULTS = ['Passed', 'Promoted', 'Needs improvement'] as const;

export interface CardPlan {
  terms: string[];
  components: Component[];
  /** Co-scholastic areas, discipline apart. */
  areas: Area[];
  discipline: Area;
}

/** The school's terms, components and areas, CBSE's where it sets none; an area called Discipline is the discipline row. */
export function cardPlan(academics: Academics | null | undefined): CardPlan {
  const terms = academics?.terms?.length ? academics.terms.map((t) => t.name) : DEFAULT_TERMS;
  const components = academics?.assessment_components?.length
    ? academics.assessment_components.map((c) => ({ code: c.code, name: c.name, max_marks: c.max_marks }))
    : DEFAULT_COMPONENTS;
  const configured = (academics?.co_scholastic_areas ?? []).map((a) => ({ name: a.name, grades: a.grades?.length ? a.grades : THREE_POINT }));
  const isDiscipline = (a: Area) => a.name.toLowerCase() === DISCIPLINE.toLowerCase();
  const areas = configured.length ? configured.filter((a) => !isDiscipline(a)) : DEFAULT_AREAS;
  return { terms, components, areas, discipline: configured.find(isDiscipline) ?? { name: DISCIPLINE, grades: THREE_POINT } };
}

/** Every area graded on the card (co-scholastic ones, then discipline). */
export const gradedAreas = (plan: CardPlan): Area[] => [...plan.areas, plan.discipline];

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A component's cell: the scaled marks, AB for absent (counted 0), or null when nothing is entered. */
export type ComponentMark = number | 'AB' | null;

/** Marks of a test scaled to a component: obtained / test max × component max (two decimals). */
export function scaleMark(m: { marks_obtained: number | null; absent: boolean } | undefined, testMax: number, componentMax: number): ComponentMark {
  if (!m) return null;
  if (m.absent) return 'AB';
  if (m.marks_obtained === null || !(testMax > 0)) return null;
  return round2((m.marks_obtained / testMax) * componentMax);
}

export interface TermResult {
  /** Component code to its cell; a component with no test chosen is left out. */
  marks: Record<string, ComponentMark>;
  total: number | null;
  /** What the components with a test add up to (100 with CBSE's four). */
  max: number;
  grade: string | null;
}

/**
 * A term of one subject: the total of its components with a test (absent counts 0) out of
 * those components' maximum, graded on the scale by percentage; null when nothing is entered.
 */
export function termResult(plan: CardPlan, marks: Record<string, ComponentMark>, chosen: string[], scale: GradeBand[]): TermResult {
  const counted = plan.components.filter((c) => chosen.includes(c.code));
  const max = counted.reduce((s, c) => s + c.max_marks, 0);
  const cells = counted.map((c) => marks[c.code] ?? null);
  if (!cells.some((x) => x !== null)) return { marks, total: null, max, grade: null };
  const total = round2(cells.reduce<number>((s, x) => s + (typeof x === 'number' ? x : 0), 0));
  return { marks, total, max, grade: gradeFor(percentOf(total, max), scale) };
}

/** The year's result of a subject: the terms' totals together, graded by percentage. */
export function overallResult(terms: TermResult[], scale: GradeBand[]): { total: number | null; max: number; percent: number | null; grade: string | null } {
  const done = terms.filter((t) => t.total !== null);
  const max = done.reduce((s, t) => s + t.max, 0);
  if (!done.length || !max) return { total: null, max, percent: null, grade: null };
  const total = round2(done.reduce((s, t) => s + t.total!, 0));
  const percent = percentOf(total, max);
  return { total, max, percent, grade: gradeFor(percent, scale) };
}

/** A number as a card prints it: 7.5, 8, never 8.00; AB; a dash for nothing. */
export const markText = (m: ComponentMark | undefined): string => (m === null || m === undefined ? '-' : m === 'AB' ? 'AB' : String(round2(m)));

/** The scale in one line for the card's foot: "A1 91-100, A2 81-90.99, …". */
export const scaleText = (scale: GradeBand[]) => [...scale].sort((a, b) => b.min - a.min).map((b) => `${b.grade} ${b.min}-${b.max}`).join(', ');
