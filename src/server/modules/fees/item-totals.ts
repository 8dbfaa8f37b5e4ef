import { sql, type Expression, type Insertable, type Kysely, type RawBuilder } from 'kysely';
import type { DB, FeeItemDayTable } from '../../../generated/db.js';
import type { DerivedTable } from '../../db/derived.js';
import { SCHOOL_TZ } from '../../framework/periods.js';

/**
 * What the school's bills come to per fee item, per academic year and per school day (India
 * time): Σ amount × quantity of the bill lines, Σ quantity and how many lines, one row per
 * year, day, fee item id and line name (lines without an item, such as Transportation, by
 * their name). The fee items report for the whole school (or a year, or a range of days) sums
 * these few rows instead of every line of every bill.
 *
 * Kept by the fees ledger, in the transaction that writes the bill and under its lock: a new
 * bill's lines are added, a deleted bill's taken away (a bill's lines, year and date never
 * change otherwise; discounts and payments are not part of these figures). Deleting a fee item
 * moves its lines' totals under their name (fee-item.hooks.ts), as its lines lose the item's id. Rows are touched in
 * key order, so two bills cannot wait on each other's rows. Built from the bills when a store
 * first gets the table, and again whenever the version below changes.
 */
export const FEE_ITEM_TOTALS = 'fee_item_day';

const KEY = ['ac_year_id', 'day', 'fee_item_id', 'fee_item_name'] as const;
const COLUMNS = [...KEY, 'total_amount', 'quantity', 'lines'] as const;

/** The school day of a timestamp column, as the reports count days. */
export const schoolDay = (column: string) => sql<string>`(${sql.ref(column)} at time zone ${sql.lit(SCHOOL_TZ)})::date`;

/** Bill lines summed by key, in key order: all of them, or one bill's (negated to take them away). */
function linesByKey(db: Kysely<DB>, bill?: { id: number; sign: 1 | -1 }) {
  const signed = <T>(expr: RawBuilder<T>) => (bill?.sign === -1 ? sql<T>`-${expr}` : expr);
  let qb = db.selectFrom('fee_payment_detail as d').innerJoin('fee_payment as p', 'p.id', 'd.payment_id')
    .select([
      'p.ac_year_id', schoolDay('p.timestamp').as('day'), 'd.fee_item_id', 'd.fee_item_name',
      signed(sql<string>`sum(${sql.ref('d.amount')} * ${sql.ref('d.quantity')})`).as('total_amount'),
      signed(sql<number>`sum(${sql.ref('d.quantity')})`).as('quantity'),
      signed(sql<number>`count(*)`).as('lines'),
    ])
    .groupBy([sql`1`, sql`2`, sql`3`, sql`4`])
    .orderBy(sql`1`).orderBy(sql`2`).orderBy(sql`3`).orderBy(sql`4`);
  if (bill) qb = qb.where('d.payment_id', '=', bill.id);
  return qb;
}

/** Adds rows (in key order) to the kept ones: a new key is inserted, a kept key's figures grow (or shrink). */
async function addRows(db: Kysely<DB>, rows: Expression<Insertable<FeeItemDayTable>>): Promise<void> {
  const plus = (column: string) => sql<number>`${sql.ref(`${FEE_ITEM_TOTALS}.${column}`)} + ${sql.ref(`excluded.${column}`)}`;
  await db.insertInto(FEE_ITEM_TOTALS).columns([...COLUMNS]).expression(rows)
    .onConflict((oc) => oc.columns([...KEY]).doUpdateSet({ total_amount: plus('total_amount'), quantity: plus('quantity'), lines: plus('lines') }))
    .execute();
}

export const feeItemTotalsTable: DerivedTable = {
  name: FEE_ITEM_TOTALS,
  version: 1,
  ddl: [
    `create table if not exists ${FEE_ITEM_TOTALS} (
      ac_year_id integer not null,
      day date not null,
      fee_item_id integer,
      fee_item_name text,
      total_amount numeric not null,
      quantity bigint not null,
      lines bigint not null
    )`,
    // A line without an item is one key per name: here NULL ids are equal.
    `create unique index if not exists ${FEE_ITEM_TOTALS}_key_uq on ${FEE_ITEM_TOTALS} (${KEY.join(', ')}) nulls not distinct`,
  ],
  fill: async (db) => { await db.insertInto(FEE_ITEM_TOTALS).columns([...COLUMNS]).expression(linesByKey(db)).execute(); },
};

/**
 * Adds a bill's lines to the totals (sign 1, once they are written) or takes them away
 * (sign -1, before they are deleted). Runs inside the ledger's transaction.
 */
export async function countBillLines(db: Kysely<DB>, billId: number, sign: 1 | -1): Promise<void> {
  await addRows(db, linesByKey(db, { id: billId, sign }));
  if (sign === -1) {
    // Keys no bill has any more go (the bill is still there: its lines are taken away first).
    const bill = db.selectFrom('fee_payment as p').where('p.id', '=', billId);
    await db.deleteFrom(FEE_ITEM_TOTALS).where('lines', '=', 0)
      .where('ac_year_id', '=', bill.select('p.ac_year_id'))
      .where('day', '=', bill.select(schoolDay('p.timestamp').as('day')))
      .execute();
  }
}

/**
 * A deleted fee item: its bill lines lose the item's id and keep their name (the generic delete
 * clears the reference), so its totals become those of lines without an item, by name, merged
 * with any already kept under that name. Runs in the delete's transaction, after the lines changed.
 */
export async function forgetFeeItem(db: Kysely<DB>, itemId: number): Promise<void> {
  const rows = db.selectFrom(`${FEE_ITEM_TOTALS} as t`)
    .select(['t.ac_year_id', 't.day', sql<null>`null::integer`.as('fee_item_id'), 't.fee_item_name', 't.total_amount', 't.quantity', 't.lines'])
    .where('t.fee_item_id', '=', itemId)
    .orderBy('t.ac_year_id').orderBy('t.day').orderBy('t.fee_item_name');
  await addRows(db, rows);
  await db.deleteFrom(FEE_ITEM_TOTALS).where('fee_item_id', '=', itemId).execute();
}
