/**
 * Reading the timetable: the school's timings, and a week of entries (of a class, or of a
 * teacher) grouped by day in the order of the day's periods.
 */
import type { Ctx } from '../../framework/context.js';
import { DAYS, type Day } from '../../../shared/timetable.js';

export async function timings(ctx: Ctx) {
  const rows = await ctx.db.selectFrom('timetable_timing').select(['id', 'name', 'period_type', 'start_time', 'end_time'])
    .orderBy('start_time').orderBy('id').execute();
  return rows.map((r) => ({ ...r, type: r.period_type === 0 ? 'break' : 'period' }));
}

export type Week<T> = Record<Day, T[]>;

/** The entries of one class or one teacher, by day, each with its period's times and its class, subject and teacher names. */
export async function week(ctx: Ctx, of: { class_id: number } | { teacher_id: number }) {
  let q = ctx.db.selectFrom('timetable as e')
    .innerJoin('timetable_timing as p', 'p.id', 'e.period_id')
    .innerJoin('class as c', 'c.id', 'e.class_id')
    .leftJoin('subject as s', 's.id', 'e.subject_id')
    .leftJoin('teacher as t', 't.id', 'e.teacher_id')
    .select(['e.id', 'e.day', 'e.period_id', 'p.name as period', 'p.start_time', 'p.end_time', 'e.subject_id', 's.name as subject',
      'e.teacher_id', 't.fullname as teacher', 'e.room', 'e.class_id', 'c.class', 'c.section'])
    .orderBy('p.start_time').orderBy('c.class').orderBy('c.section');
  q = 'class_id' in of ? q.where('e.class_id', '=', of.class_id) : q.where('e.teacher_id', '=', of.teacher_id);
  const rows = await q.execute();
  const out = Object.fromEntries(DAYS.map((d) => [d, [] as typeof rows])) as Week<(typeof rows)[number]>;
  for (const r of rows) out[r.day as Day]?.push(r);
  return out;
}
