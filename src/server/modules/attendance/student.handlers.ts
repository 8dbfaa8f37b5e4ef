/**
 * A child's attendance for their parent (or themselves), spec 4 §2.8: the academic year the
 * student is in today (else their latest), each day taken, the school's holidays and weekly off
 * within it, and the totals. Row scope has already admitted the student (a parent's own children).
 */
import { defineHandlers } from '../../framework/calls.js';
import type { Ctx } from '../../framework/context.js';
import { notFound } from '../../framework/errors.js';
import { schoolToday } from '../../framework/periods.js';
import { holidayDays } from '../../../shared/calendar.js';
import { calendarOf } from './days.js';

/** The student's year covering today, else the latest they have a place in. */
async function yearOf(ctx: Ctx, studentId: number, today: string) {
  const years = await ctx.db.selectFrom('student_year as sy').innerJoin('ac_year as y', 'y.id', 'sy.ac_year_id')
    .innerJoin('class as c', 'c.id', 'sy.class_id')
    .select(['y.id', 'y.name', 'y.start_date', 'y.end_date', 'c.class', 'c.section'])
    .where('sy.student_id', '=', studentId).orderBy('y.start_date', 'desc').execute();
  return years.find((y) => y.start_date <= today && today <= y.end_date) ?? years[0] ?? null;
}

export default defineHandlers('attendance', {
  async student(ctx, { params }) {
    const student = await ctx.db.selectFrom('student').select(['id', 'fullname', 'admission_no']).where('id', '=', params.student_id).executeTakeFirst();
    if (!student) throw notFound('Student not found');
    const today = schoolToday();
    const year = await yearOf(ctx, student.id, today);
    const calendar = calendarOf(ctx);
    const days = year
      ? await ctx.db.selectFrom('attendance').select(['date', 'present', 'reason'])
        .where('student_id', '=', student.id).where('ac_year_id', '=', year.id).orderBy('date').execute()
      : [];
    const present = days.filter((d) => d.present === 1).length;
    return {
      student, today,
      ac_year: year ? { id: year.id, name: year.name, start_date: year.start_date, end_date: year.end_date, class: year.class, section: year.section } : null,
      weekly_off: calendar?.weekly_off ?? [],
      holidays: year ? holidayDays(calendar, year.start_date, year.end_date) : [],
      days,
      totals: {
        present_days: present, absent_days: days.length - present, total_days: days.length,
        percentage: days.length ? Math.round((present / days.length) * 1000) / 10 : null,
      },
    };
  },
});
