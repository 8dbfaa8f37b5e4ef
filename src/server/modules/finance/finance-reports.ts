import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../../generated/db.js';
import { SCHOOL_TODAY_SQL as TODAY } from '../../framework/periods.js';
import { schoolTables } from '../../framework/query.js';
import { toRupees } from '../../../shared/money.js';
import { INSTALLMENT_THRESHOLD_PAISE } from '../../../shared/payroll.js';
import { ACYEAR_STATUS } from '../../../generated/enums/academics.js';

/**
 * The finance dashboard and the expense reports (spec 2, finance module). What each figure sums:
 *   - expense_month, expense_year: Σ total_amount (amount + tax) of the expenses dated in this
 *     calendar month and year (the school's, India time): what was spent, paid or still owed;
 *   - expense_by_category: the same sum over this year's expenses, per category;
 *   - fee_collection.fees_this_year / fees_next_year: the fee bills of the enabled academic
 *     year and of the year after it (by start date): total_amount = Σ bill totals, paid_amount
 *     = Σ paid (installments less refunds), due = total − paid;
 *   - last_5_expense: the five newest expenses (by date, then entry);
 *   - accounts: Σ paid_amount of this year's expense installments per account they were paid
 *     from: the money that left each account for expenses; an installment whose account is gone
 *     counts under 'Unknown/Others'.
 *   - unpaid_payroll: the payroll entries of any month with salary still to pay (more than the
 *     ₹1 the payslip treats as settled, INSTALLMENT_THRESHOLD_PAISE), how many and Σ (salary
 *     amount − amount paid): salaries owed, which are not expenses until an installment pays them.
 * Every sum is numeric in the database, exact to the paisa, a JSON number of rupees at the end.
 */

/** The label of spend, or of a report row, that has no named account, vendor or mode. */
export const UNKNOWN = 'Unknown/Others';

const periodStart = (unit: 'month' | 'year') => sql`date_trunc(${sql.lit(unit)}, ${TODAY})::date`;
const periodEnd = (unit: 'month' | 'year') => sql`(date_trunc(${sql.lit(unit)}, ${TODAY}) + interval ${sql.lit(`1 ${unit}`)})::date`;
const inPeriod = (col: string, unit: 'month' | 'year') => sql<boolean>`${sql.ref(col)} >= ${periodStart(unit)} and ${sql.ref(col)} < ${periodEnd(unit)}`;
const money = (expr: RawBuilder<unknown>) => sql<number>`coalesce(${expr}, 0)::float8`;

export interface YearFees { ac_year_id: number | null; ac_year: string | null; total_amount: number; paid_amount: number; due_amount: number }

/** The fee bills of one academic year: totals, paid and due (all zero, year null, when there is no such year). */
async function yearFees(db: Kysely<DB>, schema: string, which: 'this' | 'next'): Promise<YearFees> {
  const tb = schoolTables(schema);
  // The enabled year (status 1); the next is the first to start after it.
  const current = sql`(select id, start_date from ${tb('ac_year')} where status = ${sql.lit(ACYEAR_STATUS.ENABLED)} order by start_date desc, id desc limit 1)`;
  const year = which === 'this'
    ? sql`select y.id, y.name from ${tb('ac_year')} y join ${current} c on c.id = y.id`
    : sql`select y.id, y.name from ${tb('ac_year')} y join ${current} c on y.start_date > c.start_date order by y.start_date, y.id limit 1`;
  const { rows } = await sql<YearFees>`
    select y.id as ac_year_id, y.name as ac_year,
      ${money(sql`sum(p.total_amount)`)} as total_amount, ${money(sql`sum(p.paid_amount)`)} as paid_amount,
      ${money(sql`sum(p.total_amount) - sum(p.paid_amount)`)} as due_amount
    from (${year}) as y left join ${tb('fee_payment')} p on p.ac_year_id = y.id
    group by y.id, y.name`.execute(db);
  return rows[0] ?? { ac_year_id: null, ac_year: null, total_amount: 0, paid_amount: 0, due_amount: 0 };
}

export async function financeDashboard(db: Kysely<DB>, schema: string) {
  const sums = await db.selectFrom('fin_expense').select([
    money(sql`sum(total_amount) filter (where ${inPeriod('date', 'month')})`).as('expense_month'),
    money(sql`sum(total_amount) filter (where ${inPeriod('date', 'year')})`).as('expense_year'),
  ]).executeTakeFirstOrThrow();
  const byCategory = await db.selectFrom('fin_expense as e')
    .leftJoin('fin_expense_category as c', 'c.id', 'e.exp_cat_id')
    .where(inPeriod('e.date', 'year'))
    .select([
      'e.exp_cat_id as id', sql<string>`coalesce(${sql.ref('c.name')}, ${UNKNOWN})`.as('title'),
      money(sql`sum(${sql.ref('e.total_amount')})`).as('total_amount'),
    ])
    .groupBy(['e.exp_cat_id', 'c.name']).orderBy(sql`3`, 'desc').orderBy(sql`2`).execute();
  const last5 = await db.selectFrom('fin_expense as e')
    .leftJoin('fin_expense_category as c', 'c.id', 'e.exp_cat_id')
    .leftJoin('fin_account as a', 'a.id', 'e.account_id')
    .leftJoin('fin_vendor as v', 'v.id', 'e.vendor_id')
    .select([
      'e.id', 'e.name', 'e.date', 'c.name as exp_category', 'a.name as account', 'v.name as vendor',
      money(sql`${sql.ref('e.amount')}`).as('amount'), money(sql`${sql.ref('e.tax')}`).as('tax'),
      money(sql`${sql.ref('e.total_amount')}`).as('total_amount'), money(sql`${sql.ref('e.paid_amount')}`).as('paid_amount'),
    ])
    .orderBy('e.date', 'desc').orderBy('e.id', 'desc').limit(5).execute();
  const accounts = await db.selectFrom('fin_expense_installment as i')
    .leftJoin('fin_account as a', 'a.id', 'i.account_id')
    .where(inPeriod('i.payment_date', 'year'))
    .select([
      'a.id', sql<string>`coalesce(${sql.ref('a.name')}, ${UNKNOWN})`.as('name'),
      money(sql`sum(${sql.ref('i.paid_amount')})`).as('total_amount'),
    ])
    .groupBy(['a.id', 'a.name']).orderBy(sql`3`, 'desc').orderBy(sql`2`).execute();
  const [thisYear, nextYear] = [await yearFees(db, schema, 'this'), await yearFees(db, schema, 'next')];
  const pending = sql`${sql.ref('salary_amount')} - ${sql.ref('amount_paid')}`;
  const unpaid = await db.selectFrom('payroll')
    .where(sql<boolean>`${pending} > ${toRupees(INSTALLMENT_THRESHOLD_PAISE)}`)
    .select([sql<number>`count(*)::int`.as('count'), money(sql`sum(${pending})`).as('amount')])
    .executeTakeFirstOrThrow();
  return {
    expenses: { expense_month: sums.expense_month, expense_year: sums.expense_year, expense_by_category: byCategory },
    fee_collection: { fees_this_year: thisYear, fees_next_year: nextYear },
    last_5_expense: last5,
    accounts,
    unpaid_payroll: unpaid,
  };
}

// ---------------------------------------------------------------- expense reports

export const REPORT_TYPES = ['category', 'payment_mode', 'account', 'vendor'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** What a summary groups by: the expense's column and the named table it points at. */
const GROUPS: Record<ReportType, { column: 'exp_cat_id' | 'payment_mode_id' | 'account_id' | 'vendor_id'; table: 'fin_expense_category' | 'fin_payment_mode' | 'fin_account' | 'fin_vendor' }> = {
  category: { column: 'exp_cat_id', table: 'fin_expense_category' },
  payment_mode: { column: 'payment_mode_id', table: 'fin_payment_mode' },
  account: { column: 'account_id', table: 'fin_account' },
  vendor: { column: 'vendor_id', table: 'fin_vendor' },
};

export interface Period { start?: string; end?: string }

/** Expenses dated within the period (days, both ends included). */
function expensesIn(db: Kysely<DB>, p: Period) {
  let qb = db.selectFrom('fin_expense as e');
  if (p.start) qb = qb.where('e.date', '>=', p.start);
  if (p.end) qb = qb.where('e.date', '<=', p.end);
  return qb;
}

/**
 * ?type=: per category (payment mode, account, vendor) of the period's expenses, its name
 * (title; none or gone is 'Unknown/Others'), Σ total_amount and how many; largest first.
 */
export function expenseSummary(db: Kysely<DB>, type: ReportType, p: Period) {
  const { column, table } = GROUPS[type];
  // Each named table has id and name; one type for the join keeps the select simple.
  return expensesIn(db, p)
    .leftJoin(`${table as 'fin_vendor'} as g`, 'g.id', `e.${column as 'vendor_id'}`)
    .select([
      'g.id', sql<string>`coalesce(${sql.ref('g.name')}, ${UNKNOWN})`.as('title'),
      money(sql`sum(${sql.ref('e.total_amount')})`).as('total_amount'),
      sql<number>`count(*)::int`.as('count'),
    ])
    .groupBy(['g.id', 'g.name']).orderBy(sql`3`, 'desc').orderBy(sql`2`).execute();
}

export interface ExpenseFilter extends Period { catId?: number; paymentModeId?: number; accountId?: number; vendorId?: number }

/** ?filter=: the period's expenses narrowed by the ids given, oldest first, with the names they point at (not paged: spec 2 §9). */
export function expenseRows(db: Kysely<DB>, f: ExpenseFilter) {
  return filtered(db, f)
    .leftJoin('fin_expense_category as c', 'c.id', 'e.exp_cat_id')
    .leftJoin('fin_payment_mode as m', 'm.id', 'e.payment_mode_id')
    .leftJoin('fin_account as a', 'a.id', 'e.account_id')
    .leftJoin('fin_vendor as v', 'v.id', 'e.vendor_id')
    .select([
      'e.id', 'e.date', 'e.name as title',
      sql<string>`coalesce(${sql.ref('c.name')}, ${UNKNOWN})`.as('exp_category'),
      sql<string>`coalesce(${sql.ref('v.name')}, ${UNKNOWN})`.as('vendor'),
      sql<string>`coalesce(${sql.ref('m.name')}, ${UNKNOWN})`.as('payment_mode'),
      sql<string>`coalesce(${sql.ref('a.name')}, ${UNKNOWN})`.as('account'),
      money(sql`${sql.ref('e.amount')}`).as('amount'), money(sql`${sql.ref('e.tax')}`).as('tax'),
      money(sql`${sql.ref('e.total_amount')}`).as('total_amount'), money(sql`${sql.ref('e.paid_amount')}`).as('paid_amount'),
    ])
    .orderBy('e.date').orderBy('e.id').execute();
}

/** The expenses a filter admits: the period's, narrowed by each id given. */
function filtered(db: Kysely<DB>, f: ExpenseFilter) {
  let qb = expensesIn(db, f);
  if (f.catId !== undefined) qb = qb.where('e.exp_cat_id', '=', f.catId);
  if (f.paymentModeId !== undefined) qb = qb.where('e.payment_mode_id', '=', f.paymentModeId);
  if (f.accountId !== undefined) qb = qb.where('e.account_id', '=', f.accountId);
  if (f.vendorId !== undefined) qb = qb.where('e.vendor_id', '=', f.vendorId);
  return qb;
}

/** Σ total_amount of the expenses a filter admits (a report's total line, summed by the database). */
export async function expenseTotal(db: Kysely<DB>, f: ExpenseFilter): Promise<number> {
  const row = await filtered(db, f).select(money(sql`sum(${sql.ref('e.total_amount')})`).as('total')).executeTakeFirstOrThrow();
  return row.total;
}
