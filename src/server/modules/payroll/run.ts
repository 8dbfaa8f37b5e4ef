import type { Ctx } from '../../framework/context.js';
import { AppError, badRequest } from '../../framework/errors.js';
import { audit, create, inTransaction } from '../../framework/service.js';
import { toPaise, toRupees } from '../../../shared/money.js';
import { resourceByName } from '../../../shared/registry.js';
import { daysInMonth, LOSS_OF_PAY, monthLabel, monthStart, OVERTIME } from '../../../shared/payroll.js';
import { entryFigures, SALARY_NOT_SET } from './entry.js';

/** One employee of a month's run, as the clerk reviews it. */
export interface RunRow {
  employee_id: number;
  name: string;
  job_title: string | null;
  ctc: number;
  /** The employee's entry for the month when there is one already: the run leaves them out. */
  entry_id: number | null;
  total_days: number | null;
  absent_days: number | null;
  present_days: number | null;
  /** Whether HR recorded attendance for the employee that month (else absent days are 0). */
  hr_attendance: boolean;
  loss_of_pay: number;
  overtime: number;
  salary_amount: number | null;
  /** Why the employee cannot be paid for the month (the days do not add up), else null. */
  problem: string | null;
}

const itemPaise = (extras: { payslip?: Array<{ item_name: string; value: number }> }, name: string) =>
  toPaise((extras.payslip ?? []).find((i) => i.item_name === name)?.value ?? 0);

/** Employees with their salary's CTC (null when no salary is set). */
const staff = (ctx: Ctx) => ctx.db.selectFrom('hr_employee as e').leftJoin('payroll_salary as s', 's.employee_id', 'e.id')
  .select(['e.id', 'e.name', 'e.job_title', 's.ctc']);

/** The payroll entries of a month, as a run's row shows them. */
const entriesOf = (ctx: Ctx, month: string) => ctx.db.selectFrom('payroll')
  .select(['id', 'employee_id', 'total_days', 'absent_days', 'present_days', 'salary_amount', 'extras'])
  .where('month_year', '=', month);

type EnteredRow = Awaited<ReturnType<ReturnType<typeof entriesOf>['executeTakeFirstOrThrow']>>;

/**
 * One employee's row: their entry for the month when it exists, else what an entry made now would
 * hold (entry.ts, the computation the single entry's create runs), absent days from HR.
 */
async function rowOf(ctx: Ctx, e: { id: number; name: string; job_title: string | null; ctc: unknown }, month: string, entered?: EnteredRow): Promise<RunRow> {
  const base = { employee_id: e.id, name: e.name, job_title: e.job_title ?? null, ctc: Number(e.ctc), entry_id: null, hr_attendance: false, problem: null };
  if (entered) {
    const extras = entered.extras as { payslip?: Array<{ item_name: string; value: number }> };
    return {
      ...base, entry_id: entered.id, total_days: entered.total_days, absent_days: entered.absent_days, present_days: entered.present_days,
      loss_of_pay: toRupees(itemPaise(extras, LOSS_OF_PAY)), overtime: toRupees(itemPaise(extras, OVERTIME)),
      salary_amount: toRupees(toPaise(Number(entered.salary_amount))),
    };
  }
  try {
    const { figures: f, hrRecorded } = await entryFigures(ctx.db, e.id, month);
    return {
      ...base, hr_attendance: hrRecorded, total_days: f.total_days ?? null, absent_days: f.absent_days ?? null, present_days: f.present_days,
      loss_of_pay: toRupees(itemPaise(f.extras, LOSS_OF_PAY)), overtime: toRupees(itemPaise(f.extras, OVERTIME)), salary_amount: f.salary_amount,
    };
  } catch (err) {
    if (!(err instanceof AppError) || err.status !== 400) throw err;
    return { ...base, total_days: null, absent_days: null, present_days: null, loss_of_pay: 0, overtime: 0, salary_amount: null, problem: err.message };
  }
}


/**
 * The month's run as it would be saved, nothing stored: every employee with a salary, in name
 * order, with the loss of pay HR's attendance gives and the salary it leaves; employees already
 * entered for the month show their entry instead. Employees with no salary are named apart,
 * since the run cannot pay them.
 */
export async function runPreview(ctx: Ctx, monthYear: string) {
  const month = monthStart(monthYear);
  const [employees, entered] = await Promise.all([
    staff(ctx).orderBy('e.name').orderBy('e.id').execute(),
    entriesOf(ctx, month).execute(),
  ]);
  const byEmployee = new Map(entered.map((p) => [p.employee_id, p]));
  const rows: RunRow[] = [];
  for (const e of employees) if (e.ctc != null) rows.push(await rowOf(ctx, e, month, byEmployee.get(e.id)));
  return {
    month_year: month,
    total_days: daysInMonth(month),
    employees: rows,
    no_salary: employees.filter((e) => e.ctc == null).map((e) => ({ id: e.id, name: e.name })),
  };
}

export interface RunInput {
  month_year: string;
  entries: Array<{ employee_id: number; absent_days: number; salary_amount: number; note?: string | null }>;
}

/** Why a run is refused as a whole: the declared messages of `payroll-runs.save`. */
export type RunRefusal = (code: 'entered' | 'changed' | 'unknown', values: Record<string, unknown>) => AppError;

/**
 * Saves the month's entries for the employees the clerk kept, in one transaction: each is made by
 * the payroll entries' own create (its hooks, checks and audit), with the days the clerk was shown,
 * so a run pays what one entry at a time would. Before each, the employee's figures are worked out
 * again; an employee entered meanwhile, or whose attendance or salary changed since the run was
 * shown, refuses the whole run and nothing is kept.
 */
export async function saveRun(ctx: Ctx, body: RunInput, refuse: RunRefusal) {
  const month = monthStart(body.month_year);
  const payrolls = resourceByName('payrolls');
  return inTransaction(ctx, async (tx) => {
    const ids: number[] = [];
    for (const want of body.entries) {
      const e = await staff(tx).where('e.id', '=', want.employee_id).executeTakeFirst();
      if (!e) throw refuse('unknown', { id: want.employee_id });
      if (e.ctc == null) throw badRequest(`${e.name}: ${SALARY_NOT_SET}`);
      const entered = await entriesOf(tx, month).where('employee_id', '=', e.id).executeTakeFirst();
      if (entered) throw refuse('entered', { name: e.name, month: monthLabel(month) });
      const now = await rowOf(tx, e, month);
      if (now.problem) throw badRequest(`${e.name}: ${now.problem}`);
      if (now.absent_days !== want.absent_days || toPaise(now.salary_amount!) !== toPaise(want.salary_amount)) {
        throw refuse('changed', { name: e.name });
      }
      const note = want.note?.trim() || null;
      const row = await create(tx, payrolls, { employee_id: e.id, month_year: month, total_days: now.total_days, absent_days: now.absent_days, note });
      ids.push(row.id as number);
    }
    await audit(tx, 'payroll-runs', 'save', null, { month_year: month, entries: ids });
    return { month_year: month, count: ids.length, ids };
  });
}
