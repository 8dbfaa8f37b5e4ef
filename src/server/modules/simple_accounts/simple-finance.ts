import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../../generated/db.js';
import { periodRows, SCHOOL_TZ, type Period } from '../../framework/periods.js';
import type { Page } from '../../framework/paging.js';
import { schoolTables, type SchoolTables as Tables } from '../../framework/query.js';

/**
 * The simple finance dashboard and its reports panel (spec 2: /simple-finance/, also
 * /finance/dashboard/). What each figure sums, per period (today, this week from Monday, this
 * month, and the total of all time; days are the school's, India time):
 *   - fees (Fees Collected): the fee installments received in the period (fee_installment,
 *     by the moment they were taken), refunds (negative installments) subtracted;
 *   - credit (Other Credit): the simple accounts' credit entries dated in the period;
 *   - total_credit: fees + credit;
 *   - debit: the simple accounts' debit entries dated in the period;
 *   - expense: the simple expenses dated in the period;
 *   - expenses (the card's Expenses): expense + debit, all that went out other than salaries;
 *   - payroll (Salary): the payroll installments paid in the period (payroll_installment, by
 *     payment date);
 *   - total_debit: expenses + payroll;
 *   - net: total_credit − total_debit.
 * Every figure is one numeric sum (or difference of sums) made by the database, exact to the
 * paisa, and only then a JSON number of rupees.
 */
export interface FinanceFigures {
  fees: number; credit: number; total_credit: number;
  debit: number; expense: number; expenses: number; payroll: number; total_debit: number;
  net: number;
}

const TZ = sql.lit(SCHOOL_TZ);


/** Σ of a column over a table's rows whose date column lies in the period d (dlo ≤ date < dhi). */
const datedSum = (tb: Tables, table: string, amount: string, dateCol: string, extra?: RawBuilder<unknown>) =>
  sql`(select coalesce(sum(${sql.ref(`t.${amount}`)}), 0) from ${tb(table)} as t
       where ${sql.ref(`t.${dateCol}`)} >= d.dlo and ${sql.ref(`t.${dateCol}`)} < d.dhi ${extra ? sql`and ${extra}` : sql``})`;

export async function financeDashboard(db: Kysely<DB>, schema: string): Promise<Record<Period, FinanceFigures>> {
  const tb = schoolTables(schema);
  const { rows } = await sql<FinanceFigures & { period: Period }>`
    with per as materialized ${periodRows()},
    d as (select period, lo, hi, (lo at time zone ${TZ})::date as dlo, (hi at time zone ${TZ})::date as dhi from per),
    s as (
      select d.period,
        (select coalesce(sum(i.paid_amount), 0) from ${tb('fee_installment')} i where i.timestamp >= d.lo and i.timestamp < d.hi) as fees,
        ${datedSum(tb, 'simple_account', 'amount', 'date', sql`t.txn_type = 0`)} as credit,
        ${datedSum(tb, 'simple_account', 'amount', 'date', sql`t.txn_type = 1`)} as debit,
        ${datedSum(tb, 'simple_expense', 'amount', 'date')} as expense,
        ${datedSum(tb, 'payroll_installment', 'amount', 'payment_date')} as payroll
      from d
    )
    select period,
      fees::float8 as fees, credit::float8 as credit, (fees + credit)::float8 as total_credit,
      debit::float8 as debit, expense::float8 as expense, (expense + debit)::float8 as expenses, payroll::float8 as payroll,
      (expense + debit + payroll)::float8 as total_debit,
      (fees + credit - expense - debit - payroll)::float8 as net
    from s`.execute(db);
  const out = {} as Record<Period, FinanceFigures>;
  for (const { period, ...figures } of rows) out[period] = figures;
  return out;
}

// ---------------------------------------------------------------- the reports panel

export const REPORT_FIELDS = ['all', 'fees', 'credit', 'debit', 'expense', 'payroll'] as const;
export type ReportField = (typeof REPORT_FIELDS)[number];
export const REPORT_INTERVALS = ['all', 'daily', 'weekly', 'monthly', 'annual'] as const;
export type ReportInterval = (typeof REPORT_INTERVALS)[number];

/** The name of a summed row: by category, for money in (txn_type 0) and out (1). */
export const SUMMED_NAMES: Record<ReportField, [string, string]> = {
  all: ['Total Credit', 'Total Debit'],
  fees: ['Fees Collected', 'Fee Refunds'],
  credit: ['Other Credit', 'Other Credit'],
  debit: ['Debit Entries', 'Debit Entries'],
  expense: ['Expenses', 'Expenses'],
  payroll: ['Salary', 'Salary'],
};

export interface ReportRow { date: string; name: string; amount: number; txn_type: 0 | 1 }

/**
 * The entries of one category dated within [start, end] (school days, both included), each as
 * (date, name, amount > 0, txn_type, at, id): a fee installment is a credit, a refund a debit of
 * its size; salary installments are named after the employee and the payslip's month.
 */
function entries(tb: Tables, field: ReportField, start: string, end: string): RawBuilder<unknown> {
  const inDates = (col: string) => sql`${sql.ref(col)} >= cast(${start} as date) and ${sql.ref(col)} <= cast(${end} as date)`;
  const parts: Record<Exclude<ReportField, 'all'>, RawBuilder<unknown>> = {
    fees: sql`select (i.timestamp at time zone ${TZ})::date as date, 'Fee receipt ' || i.receipt_no || ': ' || s.fullname as name,
        abs(i.paid_amount) as amount, case when i.paid_amount < 0 then 1 else 0 end as txn_type, i.timestamp as at, i.id
      from ${tb('fee_installment')} i join ${tb('fee_payment')} p on p.id = i.payment_id join ${tb('student')} s on s.id = p.student_id
      where i.timestamp >= (cast(${start} as date)::timestamp at time zone ${TZ}) and i.timestamp < ((cast(${end} as date) + 1)::timestamp at time zone ${TZ})`,
    credit: sql`select date, title as name, amount, 0 as txn_type, created_at as at, id from ${tb('simple_account')} where txn_type = 0 and ${inDates('date')}`,
    debit: sql`select date, title as name, amount, 1 as txn_type, created_at as at, id from ${tb('simple_account')} where txn_type = 1 and ${inDates('date')}`,
    expense: sql`select date, name, amount, 1 as txn_type, created_at as at, id from ${tb('simple_expense')} where ${inDates('date')}`,
    payroll: sql`select pi.payment_date as date, 'Salary: ' || e.name || ' (' || to_char(p.month_year, 'YYYY-MM') || ')' as name,
        pi.amount, 1 as txn_type, pi.payment_date::timestamptz as at, pi.id
      from ${tb('payroll_installment')} pi join ${tb('payroll')} p on p.id = pi.payroll_id join ${tb('hr_employee')} e on e.id = p.employee_id
      where ${inDates('pi.payment_date')}`,
  };
  if (field !== 'all') return parts[field];
  return sql.join(Object.values(parts).map((p) => sql`(${p})`), sql` union all `);
}

/** How an interval groups days: the bucket's first day and its label ('Week n', YYYY-MM, YYYY). */
const BUCKETS: Record<Exclude<ReportInterval, 'all'>, { unit: string; label: (b: RawBuilder<unknown>) => RawBuilder<string> }> = {
  daily: { unit: 'day', label: (b) => sql`to_char(${b}, 'YYYY-MM-DD')` },
  weekly: { unit: 'week', label: (b) => sql`'Week ' || extract(week from ${b})::int` },
  monthly: { unit: 'month', label: (b) => sql`to_char(${b}, 'YYYY-MM')` },
  annual: { unit: 'year', label: (b) => sql`to_char(${b}, 'YYYY')` },
};

/**
 * The report's rows, oldest first, a page at a time, and how many there are. Interval `all`
 * lists every entry; the others sum the entries of each day, week (from Monday), month or
 * year, money in and money out as separate rows (named by SUMMED_NAMES).
 */
export async function financeReport(db: Kysely<DB>, schema: string, q: { field: ReportField; interval: ReportInterval; start: string; end: string }, page: Page) {
  const source = entries(schoolTables(schema), q.field, q.start, q.end);
  const offset = (page.page - 1) * page.size;
  if (q.interval === 'all') {
    const { rows } = await sql<ReportRow & { total: number }>`
      select to_char(e.date, 'YYYY-MM-DD') as date, e.name, e.amount::float8 as amount, e.txn_type::int as txn_type, count(*) over ()::int as total
      from (${source}) as e order by e.date, e.at, e.id limit ${page.size} offset ${offset}`.execute(db);
    return { rows: rows.map(({ total: _total, ...r }) => r), total: rows[0]?.total ?? await countOf(db, sql`select 1 from (${source}) as e`) };
  }
  const { unit, label } = BUCKETS[q.interval];
  const bucket = sql`date_trunc(${sql.lit(unit)}, e.date)`;
  const [inName, outName] = SUMMED_NAMES[q.field];
  const grouped = sql`select ${bucket} as b, e.txn_type, sum(e.amount) as amount from (${source}) as e group by 1, 2`;
  const { rows } = await sql<ReportRow & { total: number }>`
    select ${label(sql`g.b`)} as date, case when g.txn_type = 0 then ${inName} else ${outName} end as name,
      g.amount::float8 as amount, g.txn_type::int as txn_type, count(*) over ()::int as total
    from (${grouped}) as g order by g.b, g.txn_type limit ${page.size} offset ${offset}`.execute(db);
  return { rows: rows.map(({ total: _total, ...r }) => r), total: rows[0]?.total ?? await countOf(db, sql`select 1 from (${grouped}) as g`) };
}

/** Rows of a query (a page past the end still answers the true total). */
async function countOf(db: Kysely<DB>, q: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from (${q}) as c`.execute(db);
  return rows[0]?.n ?? 0;
}
