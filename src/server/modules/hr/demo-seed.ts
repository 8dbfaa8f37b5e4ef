import type { Ctx } from '../../framework/context.js';
import { schoolToday } from '../../framework/periods.js';
import { configOf } from '../../framework/school-config.js';
import * as service from '../../framework/service.js';
import { resourceByName } from '../../../shared/registry.js';
import { dayOff, nextDay } from '../../../shared/calendar.js';

const DEPARTMENTS = ['Teaching', 'Administration', 'Support'] as const;

/** name, job title, department, login email (linked), date of birth, hire date. */
const EMPLOYEES: Array<[string, string, (typeof DEPARTMENTS)[number], string | null, string, string]> = [
  ['Anita Sharma', 'Senior Teacher', 'Teaching', 'teacher@demo01.school', '1984-04-12', '2015-06-01'],
  ['Rahul Verma', 'Teacher', 'Teaching', null, '1988-09-03', '2018-06-01'],
  ['Priya Nair', 'Teacher', 'Teaching', null, '1990-01-25', '2019-06-01'],
  ['Suresh Gowda', 'Teacher', 'Teaching', null, '1979-11-30', '2012-06-01'],
  ['Meena Iyer', 'Librarian', 'Administration', 'librarian@demo01.school', '1986-07-14', '2017-07-01'],
  ['Kavitha Rao', 'Office Manager', 'Administration', null, '1982-02-08', '2014-04-01'],
  ['Arjun Mehta', 'Accountant', 'Administration', null, '1991-05-19', '2021-04-01'],
  ['Lakshmi Devi', 'Receptionist', 'Administration', null, '1993-12-02', '2022-01-10'],
  ['Manjunath B', 'Bus Driver', 'Support', null, '1980-03-21', '2016-06-01'],
  ['Shankar Naik', 'Security Guard', 'Support', null, '1975-08-09', '2013-01-01'],
];

const HOLIDAYS: Array<[string, string]> = [
  ['2026-08-15', 'Independence Day'], ['2026-10-02', 'Gandhi Jayanti'], ['2026-10-20', 'Dasara'],
  ['2026-11-01', 'Kannada Rajyotsava'], ['2026-12-25', 'Christmas'], ['2027-01-26', 'Republic Day'],
];

/**
 * The demo school's HR: departments, ten employees (the demo teacher and the librarian linked to
 * their logins), holidays, the four leave types, each employee's leave for the enabled academic
 * year, and employee attendance for every school day of last month and of this month up to
 * yesterday (today is left to take). Rahul Verma was absent without leave on two days last
 * month; Priya Nair was on sick leave one day; this month Kavitha Rao took a casual leave day and
 * Arjun Mehta was absent once. The office admin is given no HR access.
 */
export async function seedDemoHr(ctx: Ctx, opts: { yearId: number }): Promise<void> {
  const r = resourceByName;
  const dept: Record<string, number> = {};
  for (const name of DEPARTMENTS) dept[name] = (await service.create(ctx, r('departments'), { name })).id;
  const emp: Record<string, number> = {};
  for (const [name, job_title, d, email, dob, hire] of EMPLOYEES) {
    const user = email ? await ctx.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow() : null;
    emp[name] = (await service.create(ctx, r('employees'), {
      name, job_title, hr_department_id: dept[d]!, dob, hire_date: hire, join_date: hire, user_id: user?.id ?? null,
    })).id;
  }
  for (const [date, reason] of HOLIDAYS) await service.create(ctx, r('holidays'), { date, reason });

  const types: Record<number, number> = {};
  for (const [name, leave_type] of [['Loss of Pay', -1], ['Casual Leave', 1], ['Sick Leave', 2], ['Other Leave', 4]] as const) {
    types[leave_type] = (await service.create(ctx, r('leave-types'), { name, leave_type })).id;
  }
  for (const id of Object.values(emp)) {
    const base = { hr_employee_id: id, ac_year_id: opts.yearId };
    await service.create(ctx, r('employee-leaves'), { ...base, hr_leave_type_id: types[1]!, value: 12, loss_of_pay: false, payment_multiplier: 1 });
    await service.create(ctx, r('employee-leaves'), { ...base, hr_leave_type_id: types[2]!, value: 10, loss_of_pay: false, payment_multiplier: 1 });
    await service.create(ctx, r('employee-leaves'), { ...base, hr_leave_type_id: types[-1]!, value: null, loss_of_pay: true, payment_multiplier: 1 });
  }

  const days = schoolDays(ctx, HOLIDAYS.map(([d]) => d));
  const lastMonth = days.filter((d) => d < `${schoolToday().slice(0, 7)}-01`);
  const thisMonth = days.filter((d) => d >= `${schoolToday().slice(0, 7)}-01`);
  /** 'name|date' -> [present, leave type] for the days that were not plain present. */
  const marks = new Map<string, [number, number | null]>();
  for (const d of pick(lastMonth, [3, 9])) marks.set(`Rahul Verma|${d}`, [0, null]);
  for (const d of pick(lastMonth, [6])) marks.set(`Priya Nair|${d}`, [0, 2]);
  for (const d of pick(thisMonth, [2])) marks.set(`Kavitha Rao|${d}`, [0, 1]);
  for (const d of pick(thisMonth, [4])) marks.set(`Arjun Mehta|${d}`, [0, null]);
  const rows = days.flatMap((date) => Object.entries(emp).map(([name, id]) => {
    const [present, leave_type] = marks.get(`${name}|${date}`) ?? [1, null];
    return { emp_id: id, date, present, leave_type };
  }));
  // raw write: the demo school's past, stored as it happened (demo data)
  if (rows.length) await ctx.db.insertInto('hr_employee_attendance').values(rows).execute();
}

/** The school days (not the weekly off, a school or an HR holiday) from the 1st of last month to yesterday. */
function schoolDays(ctx: Ctx, hrHolidays: string[]): string[] {
  const today = schoolToday();
  const [y, m] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10);
  const calendar = configOf(ctx).config?.calendar;
  const out: string[] = [];
  for (let d = first; d < today; d = nextDay(d)) if (!dayOff(calendar, d) && !hrHolidays.includes(d)) out.push(d);
  return out;
}

/** The days at these positions of a list, those it has. */
const pick = (days: string[], at: number[]) => at.map((i) => days[i]).filter((d): d is string => d !== undefined);
