import type { Kysely } from 'kysely';
import type { DB } from '../../../generated/db.js';
import type { Payroll } from '../../../generated/entities/payroll.js';
import { badRequest } from '../../framework/errors.js';
import { toRupees } from '../../../shared/money.js';
import { computePayslip, daysInMonth, daysProblem, monthStart } from '../../../shared/payroll.js';
import { service } from '../../framework/services.js';
import { itemsInPaise, salaryOf } from './salary.js';

export const SALARY_NOT_SET = 'Employee salary is not set';

/** The columns of a payroll entry the server works out; the rest (employee, payments) its caller sets. */
export type EntryFigures = Pick<Payroll, 'month_year' | 'total_days' | 'absent_days' | 'present_days' | 'salary_amount' | 'extras'>;

/**
 * One employee's pay for one month, from their salary structure (src/shared/payroll.ts): the
 * single entry (payroll.hooks.ts) and the month's run (run.ts) both store what this answers, so
 * a month run for everyone pays exactly what one entry at a time would.
 * Absent days left empty are the loss-of-pay days HR recorded for the month (0 when HR has no
 * attendance for it; `hrRecorded` says which); total days left empty are the days of the month.
 */
export async function entryFigures(
  db: Kysely<DB>, employeeId: number, monthYear: string, given: { total_days?: number | null; absent_days?: number | null } = {},
): Promise<{ figures: EntryFigures; hrRecorded: boolean }> {
  const month = monthStart(monthYear);
  const salary = await salaryOf(db, employeeId);
  if (!salary) throw badRequest(SALARY_NOT_SET);
  const total = given.total_days ?? daysInMonth(month);
  const hr = given.absent_days == null ? await service('hr.absentDays')(db, employeeId, month.slice(0, 7)) : null;
  const absent = given.absent_days ?? hr ?? 0;
  const problem = daysProblem(total, absent);
  if (problem) throw badRequest(problem);
  const slip = computePayslip(salary.ctcPaise, itemsInPaise(salary.items), total, absent);
  return {
    hrRecorded: hr !== null,
    figures: {
      month_year: month, total_days: total, absent_days: absent, present_days: slip.present_days,
      salary_amount: toRupees(slip.salaryPaise),
      extras: {
        ctc: toRupees(salary.ctcPaise),
        payslip: slip.items.map((i) => ({ key: i.key, item_name: i.item_name, type: i.type, value: toRupees(i.paise) })),
      },
    },
  };
}
