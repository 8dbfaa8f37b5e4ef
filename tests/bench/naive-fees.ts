/**
 * The bench's reference line for the fee reports: their SQL as the previous release wrote it
 * (every bill line of the school summed for the fee items report; the cards joined with the
 * periods and numbered with window functions, in two statements). The bench runs them as that
 * release's planner did (random_page_cost 4, PostgreSQL's default for disks), so a run shows the
 * before and the after side by side, and that both answer the same JSON.
 */
import { sql, type Kysely, type QueryCreator, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { periodRows, PERIODS, type Period } from '../../src/server/framework/periods.js';
import { ACY } from '../../src/server/modules/students/student.hooks.js';
import { CARD_LIST_LIMIT, classBills, type Card, type CardInstallment } from '../../src/server/modules/fees/reports.js';

const rupees = (expr: RawBuilder<unknown> | string) => sql<number>`${typeof expr === 'string' ? sql.ref(expr) : expr}::float8`;
const sumOf = (expr: RawBuilder<unknown> | string) => sql<number>`coalesce(sum(${typeof expr === 'string' ? sql.ref(expr) : expr}), 0)::float8`;
const withPeriods = (db: Kysely<any>) => db.with((cte) => cte('per').materialized(), () => periodRows() as any);
/** The class's bills as an untyped query, to join the CTE `per` the school's tables do not name. */
const billsOf = (q: QueryCreator<any>, classId: number, yearId: number): SelectQueryBuilder<any, any, object> => classBills(q, classId, yearId);

/** The fee items table from every bill line of the year (or of a class's bills). */
export function naiveFeeItemsQuery(db: Kysely<any>, f: { classId?: number; yearId: number }) {
  let qb = db.selectFrom('fee_payment as p');
  if (f.classId !== undefined) {
    qb = qb.innerJoin('student_year as sy', (j) => j.onRef('sy.student_id', '=', 'p.student_id').onRef('sy.ac_year_id', '=', 'p.ac_year_id'))
      .where('sy.class_id', '=', f.classId).where('sy.status', '<>', ACY.SHUFFLED);
  }
  qb = qb.where('p.ac_year_id', '=', f.yearId);
  const byName = sql`case when ${sql.ref('d.fee_item_id')} is null then ${sql.ref('d.fee_item_name')} end`;
  return qb
    .innerJoin('fee_payment_detail as d', 'd.payment_id', 'p.id')
    .leftJoin('fee_item as fi', 'fi.id', 'd.fee_item_id')
    .select([
      'd.fee_item_id as id',
      sql<string>`coalesce(${sql.ref('fi.name')}, min(${sql.ref('d.fee_item_name')}))`.as('fee_item_name'),
      sumOf(sql`${sql.ref('d.amount')} * ${sql.ref('d.quantity')}`).as('total_amount'),
      sql<number>`sum(${sql.ref('d.quantity')})::int`.as('quantity'),
      sql<number>`count(*)::int`.as('count'),
      rupees('fi.amount').as('amount'),
    ])
    .groupBy(['d.fee_item_id', 'fi.id', byName])
    .orderBy(sql`3`, 'desc').orderBy(sql`2`).orderBy(sql`1`);
}

/** The cards' installments: every installment of the class joined with the periods, numbered per period. */
export function naiveCardInstallmentsQuery(db: Kysely<any>, classId: number, yearId: number) {
  const q = withPeriods(db);
  const inner = billsOf(q, classId, yearId)
    .innerJoin('fee_installment as i', 'i.payment_id', 'p.id')
    .innerJoin('per', (j) => j.on(sql<boolean>`${sql.ref('i.timestamp')} >= ${sql.ref('per.lo')} and ${sql.ref('i.timestamp')} < ${sql.ref('per.hi')}`))
    .select([
      'per.period', 'i.id', 'i.receipt_no', 'i.payment_id', 'p.student_id', 'i.paid_amount', 'i.mode', 'i.timestamp',
      sql<number>`sum(${sql.ref('i.paid_amount')}) over (partition by ${sql.ref('per.period')})::float8`.as('period_paid'),
      sql<number>`row_number() over (partition by ${sql.ref('per.period')} order by ${sql.ref('i.timestamp')} desc, ${sql.ref('i.id')} desc)`.as('n'),
    ]);
  return q.selectFrom(inner.as('x'))
    .innerJoin('student as s', 's.id', 'x.student_id')
    .select(['x.period', 'x.id', 'x.receipt_no', 'x.payment_id', 'x.student_id', 's.fullname', rupees('x.paid_amount').as('paid_amount'), 'x.mode', 'x.timestamp', 'x.period_paid'])
    .where('x.n', '<=', CARD_LIST_LIMIT).orderBy('x.period').orderBy('x.n');
}

/** The cards' bill totals and what those bills still owe: the class's bills joined with the periods. */
export function naiveCardBillsQuery(db: Kysely<any>, classId: number, yearId: number) {
  return billsOf(withPeriods(db), classId, yearId)
    .innerJoin('per', (j) => j.on(sql<boolean>`${sql.ref('p.timestamp')} >= ${sql.ref('per.lo')} and ${sql.ref('p.timestamp')} < ${sql.ref('per.hi')}`))
    .select(['per.period', sumOf('p.total_amount').as('total'), sumOf(sql`${sql.ref('p.total_amount')} - ${sql.ref('p.paid_amount')}`).as('pending')])
    .groupBy('per.period');
}

/** The four cards from the rows of the two statements. */
export function naiveCardsFrom(installments: Array<Record<string, any>>, bills: Array<Record<string, any>>): Record<Period, Card> {
  const cards = Object.fromEntries(PERIODS.map((p) => [p, { paid: 0, total: 0, pending: 0, list: [] as CardInstallment[] }])) as Record<Period, Card>;
  for (const b of bills) Object.assign(cards[b.period as Period], { total: b.total, pending: b.pending });
  for (const r of installments) {
    const card = cards[r.period as Period];
    card.paid = r.period_paid;
    card.list.push({ id: r.id, receipt_no: r.receipt_no, payment_id: r.payment_id, student_id: r.student_id, fullname: r.fullname, paid_amount: r.paid_amount, mode: r.mode, timestamp: r.timestamp });
  }
  return cards;
}
