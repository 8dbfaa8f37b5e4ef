/**
 * Bench figures for the finance reports (a section of `npm run bench`): a year of 50,000
 * expense transactions (expenses with their installments, over 12 categories, 4 accounts,
 * 6 payment modes and 40 vendors), then the finance dashboard (GET
 * /finance/reports/finance-dashboard/) and the expense report by category (GET
 * /reports/expense/?type=category) through the app, each next to the raw SQL of its sums in the
 * same run. Milliseconds per answer (median of RUNS), each way.
 * Run alone: `node --import tsx tests/bench/finance.ts`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { insertChunked, withBenchSchool } from './bench-school.js';

const TRANSACTIONS = Number(process.env.BENCH_FINANCE_TRANSACTIONS ?? 50_000);
const RUNS = 15;

export interface FinanceBench { transactions: number; dashboard: { appMs: number; sqlMs: number }; report: { appMs: number; sqlMs: number } }

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function timed(fn: () => Promise<unknown>): Promise<number> {
  await fn(); // warm
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) { const t0 = performance.now(); await fn(); ms.push(performance.now() - t0); }
  return median(ms);
}

export async function measureFinance(): Promise<FinanceBench> {
  return withBenchSchool('FN', async ({ db, schema, call }) => {
    const ids = async (table: 'fin_expense_category' | 'fin_payment_mode' | 'fin_vendor', n: number, prefix: string) => {
      await insertChunked(db, table, Array.from({ length: n }, (_, i) => ({ name: `${prefix} ${i + 1}` })));
      return (await db.selectFrom(table).select('id').orderBy('id').execute()).map((r) => r.id);
    };
    const cats = await ids('fin_expense_category', 12, 'Category');
    const modes = await ids('fin_payment_mode', 6, 'Mode');
    const vendors = await ids('fin_vendor', 40, 'Vendor');
    await insertChunked(db, 'fin_account', Array.from({ length: 4 }, (_, i) => ({ name: `Account ${i + 1}`, type: 'book', extras: '{}' })));
    const accounts = (await db.selectFrom('fin_account').select('id').orderBy('id').execute()).map((r) => r.id);
    // Half the transactions are expenses, half their installments (one each), dated over the last year.
    const expenses = TRANSACTIONS / 2;
    const now = Date.now();
    const day = (i: number) => new Date(now - (i % 365) * 86_400_000).toISOString().slice(0, 10);
    await insertChunked(db, 'fin_expense', Array.from({ length: expenses }, (_, i) => {
      const amount = 100 + (i % 997) + (i % 100) / 100;
      return {
        name: `Expense ${i + 1}`, exp_cat_id: cats[i % cats.length], account_id: accounts[i % accounts.length], vendor_id: i % 5 === 0 ? null : vendors[i % vendors.length],
        amount, tax: 0, total_amount: amount, paid_amount: amount, date: day(i), payment_mode_id: modes[i % modes.length], files: '[]',
      };
    }));
    const made = await db.selectFrom('fin_expense').select(['id', 'total_amount', 'date', 'account_id']).execute();
    await insertChunked(db, 'fin_expense_installment', made.map((e) => ({ expense_id: e.id, paid_amount: e.total_amount, payment_date: e.date, account_id: e.account_id })));
    await db.executeQuery(sql`analyze`.compile(db));

    const t = (name: string) => sql.id(schema, name);
    const dashboardSql = () => db.executeQuery(sql`
      select
        (select coalesce(sum(total_amount), 0) from ${t('fin_expense')} where date >= date_trunc('month', current_date)::date) as month,
        (select coalesce(sum(total_amount), 0) from ${t('fin_expense')} where date >= date_trunc('year', current_date)::date) as year,
        (select json_agg(x) from (select exp_cat_id, sum(total_amount) as s from ${t('fin_expense')} where date >= date_trunc('year', current_date)::date group by 1) x) as by_category,
        (select json_agg(x) from (select id, name, date, total_amount from ${t('fin_expense')} order by date desc, id desc limit 5) x) as last5,
        (select json_agg(x) from (select account_id, sum(paid_amount) as s from ${t('fin_expense_installment')} where payment_date >= date_trunc('year', current_date)::date group by 1) x) as accounts`.compile(db));
    const start = day(364);
    const end = day(0);
    const reportSql = () => db.executeQuery(sql`
      select c.id, c.name, sum(e.total_amount), count(*) from ${t('fin_expense')} e left join ${t('fin_expense_category')} c on c.id = e.exp_cat_id
      where e.date >= ${start} and e.date <= ${end} group by c.id, c.name order by 3 desc`.compile(db));

    return {
      transactions: TRANSACTIONS,
      dashboard: { appMs: await timed(() => call('GET', '/finance/reports/finance-dashboard/')), sqlMs: await timed(dashboardSql) },
      report: { appMs: await timed(() => call('GET', `/reports/expense/?type=category&start_date=${start}&end_date=${end}`)), sqlMs: await timed(reportSql) },
    };
  });
}

export function formatFinanceBench(f: FinanceBench | null, note = ''): string[] {
  if (!f) return [`14. Finance reports: ${note}`];
  const x = (p: { appMs: number; sqlMs: number }) => `app ${p.appMs.toFixed(1)} ms;  raw SQL ${p.sqlMs.toFixed(1)} ms;  app/SQL = ${(p.appMs / p.sqlMs).toFixed(1)}x`;
  return [
    `14. Finance reports on a year of ${f.transactions} transactions (median of ${RUNS}, one at a time):`,
    `   GET /finance/reports/finance-dashboard/  ${x(f.dashboard)}`,
    `   GET /reports/expense/?type=category      ${x(f.report)}`,
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(formatFinanceBench(await measureFinance()).join('\n'));
}
