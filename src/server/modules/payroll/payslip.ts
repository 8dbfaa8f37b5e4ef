import { sql } from 'kysely';
import type { Ctx } from '../../framework/context.js';
import { notFound } from '../../framework/errors.js';
import { SCHOOL_TZ } from '../../framework/periods.js';
import { applyScope } from '../../framework/scope.js';
import { resourceByName } from '../../../shared/registry.js';
import { toPaise, toRupees } from '../../../shared/money.js';
import { CREDIT, DEBIT, INSTALLMENT_THRESHOLD_PAISE } from '../../../shared/payroll.js';

export interface PayslipLine { key: string; item_name: string; type: number; value: number }

/** A date column's day, whichever way the driver hands it over. */
export const dayOf = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);

const payslipNotFound = () => notFound('Payroll entry not found');

/**
 * A payroll entry as its payslip shows it: the employee, the days, the items with their credit
 * and debit totals, what is paid and pending, and the installments. Only entries the person
 * reaches (the payslips' row scope: an employee their own) are found; others answer 404.
 */
export async function payslipOf(ctx: Ctx, id: number) {
  const row = await applyScope(ctx, resourceByName('payslips'), ctx.db.selectFrom('payroll as t')
    .innerJoin('hr_employee as e', 'e.id', 't.employee_id')
    .select(['t.id', 't.employee_id', 'e.name as emp_name', 'e.job_title', 't.month_year', 't.absent_days', 't.total_days', 't.present_days',
      't.salary_amount', 't.amount_paid', 't.payment_date', 't.extras', 't.note'])
    .where('t.id', '=', id)).executeTakeFirst();
  if (!row) throw payslipNotFound();
  const lines = (row.extras.payslip ?? []) as PayslipLine[];
  const sum = (type: number) => lines.filter((l) => l.type === type).reduce((a, l) => a + toPaise(l.value), 0);
  const salary = toPaise(Number(row.salary_amount));
  const paid = toPaise(Number(row.amount_paid));
  const installments = await ctx.db.selectFrom('payroll_installment as i').leftJoin('fin_account as a', 'a.id', 'i.account_id')
    .select(['i.id', 'i.amount', 'i.payment_mode', 'i.payment_date', 'i.payment_mode_details', 'a.name as account'])
    .where('i.payroll_id', '=', id).orderBy('i.id').execute();
  return {
    id: row.id, employee_id: row.employee_id, emp_name: row.emp_name, job_title: row.job_title ?? null,
    month_year: dayOf(row.month_year), absent_days: row.absent_days, total_days: row.total_days, present_days: row.present_days,
    ctc: Number(row.extras.ctc ?? 0),
    salary_amount: toRupees(salary), amount_paid: toRupees(paid), pending: toRupees(salary - paid),
    payment_date: row.payment_date == null ? null : dayOf(row.payment_date),
    extras: { payslip: lines }, note: row.note ?? null,
    total_credit: toRupees(sum(CREDIT)), total_debit: toRupees(sum(DEBIT)), total: toRupees(sum(CREDIT) - sum(DEBIT)),
    can_pay: salary - paid > INSTALLMENT_THRESHOLD_PAISE,
    installments: installments.map((i) => ({ id: i.id, amount: Number(i.amount), payment_mode: i.payment_mode, date: dayOf(i.payment_date), payment_mode_details: i.payment_mode_details ?? null, account: i.account ?? null })),
  };
}

export type PayslipData = Awaited<ReturnType<typeof payslipOf>>;

/** The entries the person reaches, newest month first (an employee's own payslips). */
export async function ownPayrolls(ctx: Ctx) {
  const rows = await applyScope(ctx, resourceByName('payslips'), ctx.db.selectFrom('payroll as t')
    .innerJoin('hr_employee as e', 'e.id', 't.employee_id')
    .select(['t.id', 't.employee_id', 'e.name as emp_name', 't.month_year', 't.absent_days', 't.total_days', 't.present_days', 't.salary_amount', 't.amount_paid', 't.payment_date']))
    .orderBy('t.month_year', 'desc').orderBy('t.id', 'desc').execute();
  return rows.map((r) => ({
    ...r, month_year: dayOf(r.month_year), salary_amount: Number(r.salary_amount), amount_paid: Number(r.amount_paid),
    payment_date: r.payment_date == null ? null : dayOf(r.payment_date),
  }));
}

/** The payroll dashboard (spec 2 §3): the cards, the monthly salary and paid sums, and each employee's totals; sums in SQL numeric. */
export async function dashboardOf(ctx: Ctx, today = new Date()) {
  const month = `${today.toLocaleDateString('en-CA', { timeZone: SCHOOL_TZ }).slice(0, 7)}-01`;
  const money = (v: unknown) => toRupees(toPaise(Number(v ?? 0)));
  const [employees, totals, monthly, perEmployee] = await Promise.all([
    ctx.db.selectFrom('hr_employee').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ctx.db.selectFrom('payroll').select([
      sql<string>`coalesce(sum(salary_amount), 0)::text`.as('total_salary'),
      sql<string>`coalesce(sum(amount_paid), 0)::text`.as('total_paid'),
      sql<string>`coalesce(sum(salary_amount) filter (where month_year = ${month}::date), 0)::text`.as('month_salary'),
      sql<string>`coalesce(sum(amount_paid) filter (where month_year = ${month}::date), 0)::text`.as('month_paid'),
    ]).executeTakeFirstOrThrow(),
    ctx.db.selectFrom('payroll').select(['month_year', sql<string>`sum(salary_amount)::text`.as('salary_amount'), sql<string>`sum(amount_paid)::text`.as('amount_paid')])
      .groupBy('month_year').orderBy('month_year', 'desc').limit(12).execute(),
    ctx.db.selectFrom('hr_employee as e').leftJoin('payroll as p', 'p.employee_id', 'e.id').leftJoin('payroll_salary as s', 's.employee_id', 'e.id')
      .select(['e.id', 'e.name', 'e.job_title', 's.ctc', sql<string>`count(p.id)::text`.as('entries'),
        sql<string>`coalesce(sum(p.salary_amount), 0)::text`.as('total_salary'), sql<string>`coalesce(sum(p.amount_paid), 0)::text`.as('total_paid')])
      .groupBy(['e.id', 'e.name', 'e.job_title', 's.ctc']).orderBy('e.name').execute(),
  ]);
  return {
    card: {
      employees: Number(employees.n),
      month: month.slice(0, 7),
      month_salary_amount: money(totals.month_salary), month_amount_paid: money(totals.month_paid),
      total_salary_amount: money(totals.total_salary), total_amount_paid: money(totals.total_paid),
    },
    payroll: monthly.reverse().map((m) => ({ month_year: dayOf(m.month_year), salary_amount: money(m.salary_amount), amount_paid: money(m.amount_paid) })),
    employees: perEmployee.map((e) => ({
      id: e.id, name: e.name, job_title: e.job_title ?? null, ctc: e.ctc == null ? null : Number(e.ctc),
      entries: Number(e.entries), total_salary: money(e.total_salary), total_paid: money(e.total_paid),
    })),
  };
}
