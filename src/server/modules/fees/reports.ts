import { sql, type AliasableExpression, type InferResult, type Kysely, type QueryCreator, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../../generated/db.js';
import { STUDENT_YEAR_STATUS as ACY } from '../../../generated/enums/students.js';
import { PERIODS, periodRows, SCHOOL_TZ, type Period } from '../../framework/periods.js';
import { FEE_ITEM_TOTALS } from './item-totals.js';
import type { DateRange } from '../../platform/query-text.js';

/**
 * Fee reports (spec 2 §2, §7; spec 3 multi-class fees): the class and year report (fee items
 * table, students of one item, the Today / This Week / This Month / Total cards), the class fee
 * list, the fee items report and the installments report. Staff only.
 *
 * Every figure is a numeric sum made by the database over the stored bills, lines and
 * installments, exact to the paisa (cast to a JSON number only at the end, as the generic
 * lists do with money), so the reports agree with each other and with the receipts:
 *   - a bill's paid amount is the sum of its installments (refunds negative);
 *   - the cards' paid figure is a sum of installments, their total a sum of bill totals and
 *     their pending what those bills still owe;
 *   - the fee items table sums bill lines (amount × quantity), before the bill's discount.
 * A bill belongs to a class through its student's year row for the bill's year (the live row:
 * a shuffled student's old class row, status 4, is history). Days, weeks (from Monday) and
 * months are the school's, in India time.
 */

/** At most this many installments are listed under each card. */
export const CARD_LIST_LIMIT = 50;

// ---------------------------------------------------------------- SQL pieces

const TZ = sql.lit(SCHOOL_TZ);
/** Midnight (India time) at the start of a YYYY-MM-DD day, as a timestamp. */
const dayStart = (day: string) => sql`(cast(${day} as date)::timestamp at time zone ${TZ})`;
/** Midnight at the end of a YYYY-MM-DD day. */
const dayEnd = (day: string) => sql`((cast(${day} as date) + 1)::timestamp at time zone ${TZ})`;

/** Rows dated within a range of school days (the timestamp column's index serves it). */
function inDateRange<D, T extends keyof D, O>(qb: SelectQueryBuilder<D, T, O>, column: string, range: DateRange) {
  let out = qb;
  if (range.start) out = out.where(sql.ref(column), '>=', dayStart(range.start));
  if (range.end) out = out.where(sql.ref(column), '<', dayEnd(range.end));
  return out;
}

/** Money out of the database: an exact numeric sum, a JSON number of rupees at the very end. */
const rupees = (expr: RawBuilder<unknown> | string) => sql<number>`${typeof expr === 'string' ? sql.ref(expr) : expr}::float8`;
const sumOf = (expr: RawBuilder<unknown> | string) => sql<number>`coalesce(sum(${typeof expr === 'string' ? sql.ref(expr) : expr}), 0)::float8`;

/** Bills of a class in a year: the bill's student has a live year row there. Alias p (bill), sy (year row). */
export function classBills(db: QueryCreator<DB>, classId: number, yearId: number) {
  return db.selectFrom('fee_payment as p')
    .innerJoin('student_year as sy', (j) => j.onRef('sy.student_id', '=', 'p.student_id').onRef('sy.ac_year_id', '=', 'p.ac_year_id'))
    .where('sy.class_id', '=', classId).where('sy.ac_year_id', '=', yearId).where('sy.status', '<>', ACY.SHUFFLED);
}

/** Which bills a report covers: a class (through the bill's year), a year, a range of days, a bill name. */
export interface BillFilter { classId?: number; yearId?: number; range?: DateRange; feeName?: string }

function filteredBills(db: Kysely<DB>, f: BillFilter) {
  const { classId } = f;
  let qb = db.selectFrom('fee_payment as p')
    .$if(classId !== undefined, (q) => q
      .innerJoin('student_year as sy', (j) => j.onRef('sy.student_id', '=', 'p.student_id').onRef('sy.ac_year_id', '=', 'p.ac_year_id'))
      .where('sy.class_id', '=', classId!).where('sy.status', '<>', ACY.SHUFFLED));
  if (f.yearId !== undefined) qb = qb.where('p.ac_year_id', '=', f.yearId);
  if (f.feeName !== undefined) qb = qb.where('p.name', '=', f.feeName);
  if (f.range) qb = inDateRange(qb, 'p.timestamp', f.range);
  return qb;
}

// ---------------------------------------------------------------- the reports' queries

/**
 * The fee items table: one row per fee item (by id; lines without an item, such as
 * Transportation and Miscellaneous or a deleted item's, by their name) with
 *   total_amount = Σ amount × quantity of its lines, quantity = Σ quantity,
 *   count = number of its bill lines (the bills that list it), amount = the item's listed amount
 *   (null without one).
 * Largest total first. For a class, summed from the class's bill lines; for the whole school
 * (a year, a range of days), from the fee item totals the ledger keeps per year, day and item
 * (item-totals.ts), which hold the same sums.
 */
export function feeItemsQuery(db: Kysely<DB>, f: BillFilter) {
  if (f.classId === undefined && f.feeName === undefined) {
    // The whole school: the totals the ledger keeps per year, day and item hold these sums.
    let kept = db.selectFrom(`${FEE_ITEM_TOTALS} as d`)
      .select(['d.fee_item_id', 'd.fee_item_name', 'd.quantity', 'd.total_amount as total', 'd.lines']);
    if (f.yearId !== undefined) kept = kept.where('d.ac_year_id', '=', f.yearId);
    if (f.range?.start) kept = kept.where('d.day', '>=', sql<string>`cast(${f.range.start} as date)`);
    if (f.range?.end) kept = kept.where('d.day', '<=', sql<string>`cast(${f.range.end} as date)`);
    return byFeeItem(db, kept);
  }
  const lines = filteredBills(db, f).innerJoin('fee_payment_detail as d', 'd.payment_id', 'p.id')
    .select(['d.fee_item_id', 'd.fee_item_name', 'd.quantity', sql<string>`${sql.ref('d.amount')} * ${sql.ref('d.quantity')}`.as('total'), sql<number>`1`.as('lines')]);
  return byFeeItem(db, lines);
}

/** What the fee items table sums: bill lines (one line each), or kept totals (their lines counted). */
interface ItemLines { fee_item_id: number | null; fee_item_name: string | null; quantity: number; total: string; lines: number }

/** The fee items table's rows from bill lines or kept totals (a plain subquery: the planner pulls it up). */
function byFeeItem(db: Kysely<DB>, source: AliasableExpression<ItemLines>) {
  return db.selectFrom(source.as('d')).leftJoin('fee_item as fi', 'fi.id', 'd.fee_item_id')
    .select([
      'd.fee_item_id as id',
      sql<string>`coalesce(${sql.ref('fi.name')}, min(${sql.ref('d.fee_item_name')}))`.as('fee_item_name'),
      sumOf('d.total').as('total_amount'),
      sql<number>`sum(${sql.ref('d.quantity')})::int`.as('quantity'),
      sql<number>`sum(${sql.ref('d.lines')})::int`.as('count'),
      // null for lines without an item (Transportation, Miscellaneous, a deleted item's).
      sql<number | null>`${sql.ref('fi.amount')}::float8`.as('amount'),
    ])
    .groupBy(['d.fee_item_id', 'fi.id', sql`case when ${sql.ref('d.fee_item_id')} is null then ${sql.ref('d.fee_item_name')} end`])
    .orderBy(sql`3`, 'desc').orderBy(sql`2`).orderBy(sql`1`);
}

/**
 * Students billed for one fee item in a class and year: one row per bill that has it, with the
 * bill's own figures (total_amount, paid_amount, discount_amount; fee_name is the bill's name,
 * date its date), what the item comes to on it (item_amount = Σ amount × quantity of its lines
 * of the item, item_quantity), and total_paid, what the student has paid on all their bills of
 * the year. id and payment_id are the bill's id.
 */
export function itemStudentsQuery(db: Kysely<DB>, classId: number, yearId: number, item: { id: number } | { name: string }) {
  let qb = classBills(db, classId, yearId)
    .innerJoin('fee_payment_detail as d', 'd.payment_id', 'p.id')
    .innerJoin('student as s', 's.id', 'p.student_id');
  qb = 'id' in item ? qb.where('d.fee_item_id', '=', item.id) : qb.where('d.fee_item_id', 'is', null).where('d.fee_item_name', '=', item.name);
  return qb.select([
    'p.id', 'p.student_id', 's.admission_no', 's.fullname', 'sy.roll_no',
    rupees('p.total_amount').as('total_amount'), rupees('p.paid_amount').as('paid_amount'),
    'p.id as payment_id', 'p.name as fee_name',
    sumOf(sql`${sql.ref('d.amount')} * ${sql.ref('d.quantity')}`).as('item_amount'),
    sql<number>`sum(${sql.ref('d.quantity')})::int`.as('item_quantity'),
    (eb) => eb.selectFrom('fee_payment as p2').select(sumOf('p2.paid_amount').as('x'))
      .whereRef('p2.student_id', '=', 'p.student_id').whereRef('p2.ac_year_id', '=', 'p.ac_year_id').as('total_paid'),
    rupees('p.discount_amount').as('discount_amount'),
    'p.timestamp as date',
  ])
    .groupBy(['p.id', 's.id', 'sy.roll_no'])
    .orderBy(sql`${sql.ref('sy.roll_no')} asc nulls last`).orderBy('s.fullname').orderBy('p.timestamp').orderBy('p.id');
}

/**
 * The four cards in one statement: the class's bills (b) and their installments (i), each
 * read once through the indexes (student year rows → bills → installments), then per period
 * its net paid sum (refunds negative), the total of the bills dated in it and what they still owe, and its newest
 * CARD_LIST_LIMIT installments with their student's name: one row per listed installment, or
 * one row with no installment for a period without any.
 */
export function cardsQuery(db: Kysely<DB>, classId: number, yearId: number) {
  const inPeriod = (t: string, per: string) =>
    sql<boolean>`${sql.ref(`${t}.timestamp`)} >= ${sql.ref(`${per}.lo`)} and ${sql.ref(`${t}.timestamp`)} < ${sql.ref(`${per}.hi`)}`;
  return db
    .with((cte) => cte('b').materialized(), (q) => classBills(q, classId, yearId).select(['p.id', 'p.student_id', 'p.total_amount', 'p.paid_amount', 'p.timestamp']))
    // The card periods as rows (period, lo, hi), materialised: the bounds are worked out once per query, not once per row.
    .with((cte) => cte('per').materialized(), () => periodRows())
    .with((cte) => cte('i').materialized(), (q) => q.selectFrom('b').innerJoin('fee_installment as i', 'i.payment_id', 'b.id')
      .select(['i.id', 'i.receipt_no', 'i.payment_id', 'b.student_id', 'i.paid_amount', 'i.mode', 'i.timestamp']))
    // The sums once per period (materialised: not once per listed row).
    .with((cte) => cte('f').materialized(), (q) => q.selectFrom('per').select((eb) => [
      'per.period', 'per.lo', 'per.hi',
      eb.selectFrom('i').select(sumOf('i.paid_amount').as('x')).where(inPeriod('i', 'per')).as('period_paid'),
      eb.selectFrom('b').select(sumOf('b.total_amount').as('x')).where(inPeriod('b', 'per')).as('period_total'),
      eb.selectFrom('b').select(sumOf(sql`${sql.ref('b.total_amount')} - ${sql.ref('b.paid_amount')}`).as('x')).where(inPeriod('b', 'per')).as('period_pending'),
    ]))
    .selectFrom('f')
    .leftJoinLateral(
      (eb) => eb.selectFrom('i').selectAll().where(inPeriod('i', 'f')).orderBy('i.timestamp', 'desc').orderBy('i.id', 'desc').limit(CARD_LIST_LIMIT).as('l'),
      (j) => j.onTrue(),
    )
    .leftJoin('student as s', 's.id', 'l.student_id')
    .select([
      'f.period', 'f.period_paid', 'f.period_total', 'f.period_pending',
      'l.id', 'l.receipt_no', 'l.payment_id', 'l.student_id', 's.fullname', rupees('l.paid_amount').as('paid_amount'), 'l.mode', 'l.timestamp',
    ])
    .orderBy('f.period').orderBy('l.timestamp', 'desc').orderBy('l.id', 'desc');
}

export type CardRow = InferResult<ReturnType<typeof cardsQuery>>[number];
/** A listed installment of a card: the row's own columns (a period without any has none, its id null). */
export type CardInstallment = Omit<CardRow, 'period' | 'period_paid' | 'period_total' | 'period_pending'>;
export interface Card { paid: number; total: number; pending: number; list: CardInstallment[] }

/** The four cards from the rows of cardsQuery. */
export function cardsFrom(rows: CardRow[]): Record<Period, Card> {
  const cards = Object.fromEntries(PERIODS.map((p) => [p, { paid: 0, total: 0, pending: 0, list: [] as CardInstallment[] }])) as Record<Period, Card>;
  for (const { period, period_paid: paid, period_total: total, period_pending: pending, ...installment } of rows) {
    // The sums are coalesced to 0 in SQL; a scalar subquery's type still admits null.
    Object.assign(cards[period], { paid: paid ?? 0, total: total ?? 0, pending: pending ?? 0 });
    if (installment.id !== null) cards[period].list.push(installment);
  }
  return cards;
}

/**
 * The class fee list: one row per student of the class in the year (live year rows), with the
 * sums of their bills (optionally only bills of one name or dated in a range): total, paid,
 * discount, pending (total − paid) and the number of bills. Students without bills show zeros.
 */
export function classFeeListQuery(db: Kysely<DB>, classId: number, yearId: number, f: { feeName?: string; range?: DateRange } = {}) {
  return db.selectFrom('student_year as sy')
    .innerJoin('student as s', 's.id', 'sy.student_id')
    .leftJoin('fee_payment as p', (j) => {
      let on = j.onRef('p.student_id', '=', 'sy.student_id').onRef('p.ac_year_id', '=', 'sy.ac_year_id');
      if (f.feeName !== undefined) on = on.on('p.name', '=', f.feeName);
      if (f.range?.start) on = on.on(sql.ref('p.timestamp'), '>=', dayStart(f.range.start));
      if (f.range?.end) on = on.on(sql.ref('p.timestamp'), '<', dayEnd(f.range.end));
      return on;
    })
    .select([
      's.id', 's.id as student_id', 's.admission_no', 's.fullname', 'sy.roll_no',
      sumOf('p.total_amount').as('total_amount'), sumOf('p.paid_amount').as('paid_amount'), sumOf('p.discount_amount').as('discount_amount'),
      sql<number>`(coalesce(sum(${sql.ref('p.total_amount')}), 0) - coalesce(sum(${sql.ref('p.paid_amount')}), 0))::float8`.as('pending_amount'),
      sql<number>`count(${sql.ref('p.id')})::int`.as('bills'),
    ])
    .where('sy.class_id', '=', classId).where('sy.ac_year_id', '=', yearId).where('sy.status', '<>', ACY.SHUFFLED)
    .groupBy(['s.id', 'sy.roll_no'])
    .orderBy(sql`${sql.ref('sy.roll_no')} asc nulls last`).orderBy('s.fullname').orderBy('s.id');
}

/** Installments (payments and refunds) of the school dated within a range of days, with the bill's student and class. */
function installmentsInRange(db: Kysely<DB>, range: Required<DateRange>, f: { yearId?: number; classId?: number }) {
  let qb = inDateRange(db.selectFrom('fee_installment as i'), 'i.timestamp', range)
    .innerJoin('fee_payment as p', 'p.id', 'i.payment_id');
  if (f.yearId !== undefined) qb = qb.where('p.ac_year_id', '=', f.yearId);
  if (f.classId !== undefined) {
    qb = qb.where((eb) => eb.exists(eb.selectFrom('student_year as f').select('f.id')
      .whereRef('f.student_id', '=', 'p.student_id').whereRef('f.ac_year_id', '=', 'p.ac_year_id')
      .where('f.class_id', '=', f.classId!).where('f.status', '<>', ACY.SHUFFLED)));
  }
  return qb;
}

/** The installments report's rows, newest first; a page of them when asked. */
export function installmentRowsQuery(db: Kysely<DB>, range: Required<DateRange>, f: { yearId?: number; classId?: number } = {}) {
  return installmentsInRange(db, range, f)
    .innerJoin('student as s', 's.id', 'p.student_id')
    // The bill's class: the student's live year row for the bill's year.
    .leftJoinLateral(
      (eb) => eb.selectFrom('student_year as y').select('y.class_id')
        .whereRef('y.student_id', '=', 'p.student_id').whereRef('y.ac_year_id', '=', 'p.ac_year_id').where('y.status', '<>', ACY.SHUFFLED)
        .orderBy('y.id', 'desc').limit(1).as('sy'),
      (j) => j.onTrue(),
    )
    .leftJoin('class as c', 'c.id', 'sy.class_id')
    .select([
      'i.id', 'i.receipt_no', 'i.payment_id', 'p.student_id', 's.fullname', 's.admission_no', 'c.class', 'c.section',
      rupees('i.paid_amount').as('paid_amount'), 'i.mode', 'i.kind', 'i.timestamp',
    ])
    .orderBy('i.timestamp', 'desc').orderBy('i.id', 'desc');
}

/** The installments report's figures over the whole range: Σ paid_amount (net of refunds) and how many. */
export function installmentTotalQuery(db: Kysely<DB>, range: Required<DateRange>, f: { yearId?: number; classId?: number } = {}) {
  return installmentsInRange(db, range, f).select([sumOf('i.paid_amount').as('total'), sql<number>`count(*)::int`.as('count')]);
}
