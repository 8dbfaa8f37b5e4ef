/**
 * What the exam screens share (spec 4 §9 'Exam'): durations are stored in seconds and shown in
 * minutes; start times are UTC, shown in local time as the spec's exam table writes them.
 */
import dayjs from 'dayjs';
import type { CallData } from '../../framework/useDeclaredCall.js';

export const EXAM_TIME_FORMAT = 'YYYY-MM-DD HH:mm A';

export const minutes = (seconds: number | null | undefined) => Math.round(Number(seconds ?? 0) / 60);
export const examTime = (v: string | null | undefined) => (v ? dayjs(v).format(EXAM_TIME_FORMAT) : '—');

export type StaffExam = CallData<'exams.list'>[number];
export type StaffQuestion = CallData<'exams.questions'>[number];
export type FamilyExam = CallData<'exam-attempts.list'>[number];
export type Attempt = CallData<'exam-attempts.attempts'>[number];
export type Started = CallData<'exam-attempts.start'>;
export type Result = CallData<'exam-attempts.submit'>;

/** What the details screen is opened with (spec 4 §8: without it, the list). */
export interface DetailsState { student_id: number }

/** A list call's rows; nothing (not an empty object) while it loads. */
export const rowsOf = <T>(data: unknown): T[] => (Array.isArray(data) ? (data as T[]) : []);
