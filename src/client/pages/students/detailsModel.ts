/**
 * Pure helpers of the student details page: the year to preselect, status labels, the marks
 * grid, attendance by day, the monthly chart's bars and the numbers a text message goes to.
 * No React here; tested in tests/unit/student-details.test.ts.
 */
import dayjs from 'dayjs';
import type { CallData } from '../../framework/useDeclaredCall.js';

/** What the student and details calls answer (typed by their handlers). */
export type StudentRecord = CallData<'students.one'>;
export type AcademicYearEntry = NonNullable<StudentRecord['academic_years']>[number];
export type DetailsAnswer = CallData<'students.details'>;
export type MarksAnswer = DetailsAnswer['marks'];
export type AttendanceDay = DetailsAnswer['attendance'][number];
export type MonthlyAttendance = DetailsAnswer['monthly_attendance'][number];

/** The year the page opens on: the student's latest (academic_years come oldest first). */
export function latestYear<Y>(years: Y[] | undefined): Y | undefined {
  return years && years.length > 0 ? years[years.length - 1] : undefined;
}

/** A profile field kept either on the record or in its extras (father_name, address, blood_group). */
export function profileValue(s: { extras?: Record<string, unknown> | null; [field: string]: unknown }, field: string): string {
  const own = s[field];
  if (own !== undefined && own !== null && own !== '') return String(own);
  const extra = s.extras?.[field];
  return extra !== undefined && extra !== null ? String(extra) : '';
}

export interface MarksRow { key: number; test: string; cells: Record<number, string> }

/** One row per test, one cell per subject: the mark, or 'NA' when there is none. */
export function marksGrid(m: { tests: MarksAnswer['tests']; subjects: Array<Pick<MarksAnswer['subjects'][number], 'id' | 'name'>>; marks: MarksAnswer['marks'] } | undefined): MarksRow[] {
  if (!m) return [];
  const found = new Map<string, string>();
  for (const x of m.marks ?? []) {
    if (x.marks !== null && x.marks !== undefined && x.marks !== '') found.set(`${x.test_id}:${x.subject_id}`, String(x.marks));
  }
  return (m.tests ?? []).map((t) => ({
    key: t.id,
    test: t.name,
    cells: Object.fromEntries((m.subjects ?? []).map((s) => [s.id, found.get(`${t.id}:${s.id}`) ?? 'NA'])),
  }));
}

/** Attendance records by their day (YYYY-MM-DD). */
export function attendanceByDate<D extends Pick<AttendanceDay, 'date'>>(days: D[] | undefined): Map<string, D> {
  const out = new Map<string, D>();
  for (const d of days ?? []) out.set(String(d.date).slice(0, 10), d);
  return out;
}

/** The month the calendar opens on: the latest month with attendance, else today. */
export function calendarStart(days: Array<Pick<AttendanceDay, 'date'>> | undefined, today = dayjs()): dayjs.Dayjs {
  let latest: string | undefined;
  for (const d of days ?? []) {
    const day = String(d.date).slice(0, 10);
    if (!latest || day > latest) latest = day;
  }
  return latest ? dayjs(latest, 'YYYY-MM-DD') : today;
}

export interface MonthBar { month: string; label: string; present: number; absent: number; total: number }

/** The chart's bars, in month order: present and absent (total minus present, never below 0). */
export function monthlyBars(rows: MonthlyAttendance[] | undefined): MonthBar[] {
  return [...(rows ?? [])]
    .sort((a, b) => a.month.localeCompare(b.month))
    .map((r) => {
      const present = Math.max(0, Number(r.present) || 0);
      const total = Math.max(present, Number(r.total) || 0);
      return { month: r.month, label: dayjs(`${r.month}-01`, 'YYYY-MM-DD').format('MMM YYYY'), present, absent: total - present, total };
    });
}

/** A readable scale top for the chart: the largest total rounded up to a multiple of 5 (at least 5). */
export function chartMax(bars: MonthBar[]): number {
  const top = Math.max(0, ...bars.map((b) => b.total));
  return Math.max(5, Math.ceil(top / 5) * 5);
}

/** The numbers a text message from the details page goes to: the student's and SMS-enabled contacts', once each. */
export function textMobiles(student: { mobile?: string | null } | undefined, contacts: Array<{ mobile?: string | null; enable_sms?: boolean | null }> = []): string[] {
  const out: string[] = [];
  const add = (m: string | null | undefined) => {
    const v = (m ?? '').trim();
    if (v && !out.includes(v)) out.push(v);
  };
  add(student?.mobile);
  for (const c of contacts) if (c.enable_sms) add(c.mobile);
  return out;
}

/** More than two SMS-enabled contacts: the hint of spec 1 (at most 2 should receive SMS). */
export const tooManySms = (contacts: Array<{ enable_sms?: boolean | null }>): boolean => contacts.filter((c) => c.enable_sms).length > 2;

export const PROFILE_ITEMS: Array<{ name: 'religion' | 'caste' | 'gender' | 'blood_group' | 'quota'; label: string }> = [
  { name: 'religion', label: 'Religion' },
  { name: 'caste', label: 'Caste' },
  { name: 'gender', label: 'Gender' },
  { name: 'blood_group', label: 'Blood Group' },
  { name: 'quota', label: 'Quota' },
];
