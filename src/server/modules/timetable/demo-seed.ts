import type { Ctx } from '../../framework/context.js';
import { DAYS } from '../../../shared/timetable.js';

/** Eight periods of 40 minutes with a short break after the third and lunch after the fifth. */
const TIMINGS = [
  { name: 'Period 1', period_type: 1, start_time: '08:30', end_time: '09:10' },
  { name: 'Period 2', period_type: 1, start_time: '09:10', end_time: '09:50' },
  { name: 'Period 3', period_type: 1, start_time: '09:50', end_time: '10:30' },
  { name: 'Short Break', period_type: 0, start_time: '10:30', end_time: '10:45' },
  { name: 'Period 4', period_type: 1, start_time: '10:45', end_time: '11:25' },
  { name: 'Period 5', period_type: 1, start_time: '11:25', end_time: '12:05' },
  { name: 'Lunch', period_type: 0, start_time: '12:05', end_time: '12:45' },
  { name: 'Period 6', period_type: 1, start_time: '12:45', end_time: '13:25' },
  { name: 'Period 7', period_type: 1, start_time: '13:25', end_time: '14:05' },
  { name: 'Period 8', period_type: 1, start_time: '14:05', end_time: '14:45' },
];

/** The classes with a full week, and the room each sits in. */
const CLASSES: Array<[string, string]> = [['5A', '105'], ['10A', '210']];

/**
 * The demo school's timings and a full week for 5 A and 10 A, each period a subject of the class
 * with its subject teacher, rotating so a teacher is never in both classes at once.
 */
export async function seedDemoTimetable(ctx: Ctx, input: { classIds: Record<string, number> }): Promise<void> {
  // raw write: the demo school's past, stored as it happened (demo data)
  const periods = await ctx.db.insertInto('timetable_timing').values(TIMINGS).returning(['id', 'period_type']).execute();
  const teaching = periods.filter((p) => p.period_type === 1);
  const busy = new Set<string>();
  const rows: Array<{ class_id: number; day: string; period_id: number; subject_id: number; teacher_id: number | null; room: string }> = [];
  for (const [ci, [key, room]] of CLASSES.entries()) {
    const classId = input.classIds[key]!;
    const subjects = await ctx.db.selectFrom('subject').select(['id', 'subject_teacher_id']).where('class_id', '=', classId).orderBy('id').execute();
    DAYS.forEach((day, d) => teaching.forEach((p, i) => {
      // Start the day's rotation at a different subject each day and class; skip a subject whose teacher is busy.
      for (let k = 0; k < subjects.length; k++) {
        const s = subjects[(d + i + ci * 2 + k) % subjects.length]!;
        const slot = `${day}:${p.id}:${s.subject_teacher_id}`;
        if (s.subject_teacher_id != null && busy.has(slot)) continue;
        if (s.subject_teacher_id != null) busy.add(slot);
        rows.push({ class_id: classId, day, period_id: p.id, subject_id: s.id, teacher_id: s.subject_teacher_id, room });
        break;
      }
    }));
  }
  // raw write: the demo school's past, stored as it happened (demo data)
  await ctx.db.insertInto('timetable').values(rows).execute();
}
