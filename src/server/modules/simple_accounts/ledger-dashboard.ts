import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../../generated/db.js';
import { SCHOOL_TODAY_SQL as TODAY } from '../../framework/periods.js';

/**
 * The simple accounts dashboard (GET /simple/accounts/dashboard/): the credit and debit entries
 * dated today, this month and in all, and the monthly report of the last twelve months (oldest
 * first, months without entries as zeros). Sums are numeric in the database, exact to the
 * paisa, turned into JSON numbers of rupees only at the end. Days and months are the school's
 * (India time).
 */
/** Credits and debits of a period, and its balance (credit − debit, worked out in numeric too). */
export interface CreditDebit { credit: number; debit: number; balance: number }
export interface LedgerDashboard { today: CreditDebit; month: CreditDebit; total: CreditDebit; monthly_report: Array<{ month: string; credit: number; debit: number }> }

/** How many months the chart shows, the current one last. */
export const MONTHS_SHOWN = 12;

const MONTH_START = sql`date_trunc('month', ${TODAY})::date`;

const sumWhere = (txn: 0 | 1, cond: RawBuilder<unknown>) =>
  sql<number>`coalesce(sum(amount) filter (where txn_type = ${sql.lit(txn)} and ${cond}), 0)`;
/** A period's three figures as JSON numbers, the balance a numeric difference. */
const figures = (name: string, cond: RawBuilder<unknown>) => [
  sql<number>`${sumWhere(0, cond)}::float8`.as(`${name}_credit`),
  sql<number>`${sumWhere(1, cond)}::float8`.as(`${name}_debit`),
  sql<number>`(${sumWhere(0, cond)} - ${sumWhere(1, cond)})::float8`.as(`${name}_balance`),
] as const;

/** `schema` is the school's: the raw statement names its tables in full. */
export async function ledgerDashboard(db: Kysely<DB>, schema: string): Promise<LedgerDashboard> {
  const sums = await db.selectFrom('simple_account').select([
    ...figures('today', sql`date = ${TODAY}`), ...figures('month', sql`date >= ${MONTH_START} and date < (${MONTH_START} + interval '1 month')::date`), ...figures('total', sql`true`),
  ]).executeTakeFirstOrThrow();
  // The months as rows, each joined to its entries through the date index.
  const months = await sql<{ month: string; credit: number; debit: number }>`
    select to_char(m.start, 'YYYY-MM') as month,
           coalesce(sum(a.amount) filter (where a.txn_type = 0), 0)::float8 as credit,
           coalesce(sum(a.amount) filter (where a.txn_type = 1), 0)::float8 as debit
    from generate_series(${MONTH_START} - interval ${sql.lit(`${MONTHS_SHOWN - 1} months`)}, ${MONTH_START}, interval '1 month') as m(start)
    left join ${sql.table(`${schema}.simple_account`)} a on a.date >= m.start::date and a.date < (m.start + interval '1 month')::date
    group by m.start order by m.start`.execute(db);
  return {
    today: { credit: sums.today_credit, debit: sums.today_debit, balance: sums.today_balance },
    month: { credit: sums.month_credit, debit: sums.month_debit, balance: sums.month_balance },
    total: { credit: sums.total_credit, debit: sums.total_debit, balance: sums.total_balance },
    monthly_report: months.rows,
  };
}
