/** What the timetable screens show, typed from the calls' answers. */
import type { CallData } from '../../framework/useDeclaredCall.js';
import { dayOfWeek, type Day } from '../../../shared/timetable.js';

export type Timing = CallData<'timetable.timing'>[number];
export type Week = CallData<'timetable.class'>['timetable'];
export type Entry = Week[Day][number];

/** Today's timetable day (null on a Sunday). */
export const today = (): Day | null => dayOfWeek(new Date().getDay());

/** 08:30 – 09:10 */
export const timeRange = (p: { start_time: string; end_time: string }) => `${p.start_time} – ${p.end_time}`;
