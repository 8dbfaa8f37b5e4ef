/**
 * The loss-of-pay days HR recorded for an employee in a month, for payroll.
 *
 * Rules, day by day over the employee's attendance records of the month:
 * - present (1): not counted; a day with no record, or left unmarked (present null), is not counted;
 * - absent (0) with no leave type, or type 0 (Unknown): 1 day of loss of pay;
 * - absent on leave of type -1 (Loss of Pay): 1 day;
 * - absent on paid leave (1 Casual, 2 Sick, 4 Others): free while the employee still has days of
 *   that type assigned for the academic year the day falls in (the sum of their leave
 *   assignments of leave types with that code that are not marked loss of pay); the days of that
 *   type taken earlier in the same year use the allowance first, and each day beyond it is 1 day.
 *   A day outside every academic year has no allowance.
 * The payment multiplier of an assignment does not change the count (payroll applies it).
 * Returns null when HR has no attendance record of the employee in that month.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../../generated/db.js';

/** Leave-type codes (spec 3 §4) whose leave is paid up to the assigned days. */
export const PAID_LEAVE_CODES: readonly number[] = [1, 2, 4];

/** The first and last day of a YYYY-MM month. */
export function monthBounds(month: string): { from: string; to: string } {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new Error(`Not a month: ${month}`);
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

export async function hrAbsentDays(db: Kysely<DB>, employeeId: number, month: string): Promise<number | null> {
  const { from, to } = monthBounds(month);
  const days = await db.selectFrom('hr_employee_attendance').select(['date', 'present', 'leave_type'])
    .where('emp_id', '=', employeeId).where('date', '>=', from).where('date', '<=', to).orderBy('date').execute();
  if (days.length === 0) return null;

  let lossOfPay = 0;
  const paid = days.filter((d) => d.present === 0 && d.leave_type !== null && PAID_LEAVE_CODES.includes(d.leave_type));
  for (const d of days) if (d.present === 0 && !paid.includes(d)) lossOfPay++;
  if (paid.length === 0) return lossOfPay;

  const years = await db.selectFrom('ac_year').select(['id', 'start_date', 'end_date'])
    .where('start_date', '<=', to).where('end_date', '>=', from).execute();
  for (const code of new Set(paid.map((d) => d.leave_type!))) {
    for (const d of paid.filter((x) => x.leave_type === code)) {
      const year = years.find((y) => y.start_date <= d.date && d.date <= y.end_date);
      if (!year) { lossOfPay++; continue; }
      const allowed = await assignedDays(db, employeeId, year.id, code);
      // Days of this type taken in the year up to and including this one.
      const taken = await db.selectFrom('hr_employee_attendance').select((eb) => eb.fn.countAll<string>().as('n'))
        .where('emp_id', '=', employeeId).where('present', '=', 0).where('leave_type', '=', code)
        .where('date', '>=', year.start_date).where('date', '<=', d.date).executeTakeFirstOrThrow();
      if (Number(taken.n) > allowed) lossOfPay++;
    }
  }
  return lossOfPay;
}

/** The paid days of one leave-type code assigned to the employee for an academic year. */
async function assignedDays(db: Kysely<DB>, employeeId: number, yearId: number, code: number): Promise<number> {
  const row = await db.selectFrom('hr_employee_leave as l').innerJoin('hr_leave_type as t', 't.id', 'l.hr_leave_type_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('l.value'), eb.val('0')).as('days'))
    .where('l.hr_employee_id', '=', employeeId).where('l.ac_year_id', '=', yearId)
    .where('t.leave_type', '=', code).where('l.loss_of_pay', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.days);
}
