/**
 * What the attendance calls share: whether a day can be taken (a school day that has come), a
 * class's students for a year, and a class's day as the screens show it.
 */
import { sql } from 'kysely';
import type { CallCtx } from '../../framework/calls.js';
import type { Ctx } from '../../framework/context.js';
import { schoolToday } from '../../framework/periods.js';
import { configOf } from '../../framework/school-config.js';
import { dayOff } from '../../../shared/calendar.js';
import { STUDENT_YEAR_STATUS } from '../../../generated/enums/students.js';

/** The school's calendar (config `calendar`), or none. */
export const calendarOf = (ctx: Ctx) => configOf(ctx).config?.calendar ?? null;

/** Refuses a day still to come, a holiday or the weekly off, naming which. */
export function checkSchoolDay(ctx: CallCtx, date: string) {
  if (date > schoolToday()) throw ctx.fail('future');
  const off = dayOff(calendarOf(ctx), date);
  if (off) throw ctx.fail('dayOff', 400, { day: date.split('-').reverse().join('-'), reason: off.reason });
}

/** The students of a class in a year (not those who left), by roll number then name. */
export function classRoster(ctx: Ctx, classId: number, yearId: number) {
  return ctx.db.selectFrom('student_year as sy').innerJoin('student as s', 's.id', 'sy.student_id')
    .select(['s.id as student_id', 's.admission_no', 's.fullname', 'sy.roll_no'])
    .where('sy.class_id', '=', classId).where('sy.ac_year_id', '=', yearId).where('sy.status', '<>', STUDENT_YEAR_STATUS.SHUFFLED)
    .orderBy(sql`sy.roll_no nulls last`).orderBy('s.fullname').orderBy('s.id');
}

/**
 * One row per student of the class on a day: the day's mark (1, 0, or null when not taken) and
 * the student's days present and days taken in the year up to that day.
 */
export async function classDayRows(ctx: Ctx, classId: number, date: string, yearId: number) {
  const totals = ctx.db.selectFrom('attendance')
    .select(['student_id', sql<number>`count(*)::int`.as('total_days'), sql<number>`(count(*) filter (where present = 1))::int`.as('present_days')])
    .where('ac_year_id', '=', yearId).where('date', '<=', date).groupBy('student_id').as('t');
  const rows = await classRoster(ctx, classId, yearId)
    .leftJoin('attendance as a', (j) => j.onRef('a.student_id', '=', 's.id').on('a.date', '=', date))
    .leftJoin(totals, 't.student_id', 's.id')
    .select(['a.id as att_id', 'a.present', 't.present_days', 't.total_days'])
    .execute();
  return rows.map((r) => ({
    student_id: r.student_id, att_id: r.att_id ?? null, admission_no: r.admission_no, fullname: r.fullname, roll_no: r.roll_no,
    present: r.present ?? null, present_days: r.present_days ?? 0, total_days: r.total_days ?? 0,
  }));
}
