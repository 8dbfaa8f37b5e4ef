import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../generated/db.js';
import { csvFile } from '../../../shared/csv.js';
import type { Ctx } from '../../framework/context.js';
import { exportScope } from '../../framework/lookups.js';
import { STUDENT_YEAR_STATUS as ACY } from '../../../generated/enums/students.js';
import { SCHOOL_TZ } from '../../framework/periods.js';

/**
 * GET /export/fees/ (spec 3, admin actions "export"): the bills of an academic year (the
 * enabled one unless ?ac_year_id= names another), or of one class in it (?class_id=), as a CSV
 * in the file store; the answer's data.path downloads it. One row per bill with its lines, its
 * figures as the database holds them (exact decimals, e.g. 1250.50) and its receipt numbers.
 * Cells a spreadsheet would run as formulas are neutralised by the shared CSV writer.
 */

export const FEE_EXPORT_COLUMNS = [
  'Bill ID', 'Date', 'Admission No', 'Student Name', 'Class', 'Section', 'Academic Year', 'Fee Name', 'Items',
  'Total Amount', 'Discount', 'Paid Amount', 'Pending Amount', 'Receipt Nos',
];

/**
 * The export's rows, oldest bill first. Money as exact decimal text straight from numeric. The
 * lines, receipt numbers and class are gathered once per year (grouped), not looked up bill by
 * bill, so a whole school's year is one pass over each table.
 */
export function feeExportQuery(db: Kysely<DB>, yearId: number, classId?: number) {
  const tz = sql.lit(SCHOOL_TZ);
  /** The year's bill of a line or receipt (by its payment_id column), for a correlated exists. */
  const yearBill = (paymentId: string) => db.selectFrom('fee_payment as yb').select('yb.id').where('yb.ac_year_id', '=', yearId).where('yb.id', '=', sql.ref<number>(paymentId));
  const lines = db.selectFrom('fee_payment_detail as d')
    .select(['d.payment_id',
      sql<string>`string_agg(${sql.ref('d.fee_item_name')} || ' x' || ${sql.ref('d.quantity')} || ' @ ' || ${sql.ref('d.amount')}::text, '; ' order by ${sql.ref('d.id')})`.as('items')])
    .where((eb) => eb.exists(yearBill('d.payment_id'))).groupBy('d.payment_id');
  const receipts = db.selectFrom('fee_installment as i')
    .select(['i.payment_id', sql<string>`string_agg(${sql.ref('i.receipt_no')}::text, ' ' order by ${sql.ref('i.receipt_no')})`.as('receipts')])
    .where((eb) => eb.exists(yearBill('i.payment_id'))).groupBy('i.payment_id');
  // The bill's class: the student's live year row for the year (the latest if there were two).
  const places = db.selectFrom('student_year as sy').distinctOn('sy.student_id')
    .select(['sy.student_id', 'sy.class_id'])
    .where('sy.ac_year_id', '=', yearId).where('sy.status', '<>', ACY.SHUFFLED)
    .orderBy('sy.student_id').orderBy('sy.id', 'desc');
  let qb = db.selectFrom('fee_payment as p')
    .innerJoin('student as s', 's.id', 'p.student_id')
    .innerJoin('ac_year as y', 'y.id', 'p.ac_year_id')
    .leftJoin(places.as('sy'), 'sy.student_id', 'p.student_id')
    .leftJoin('class as c', 'c.id', 'sy.class_id')
    .leftJoin(lines.as('d'), 'd.payment_id', 'p.id')
    .leftJoin(receipts.as('r'), 'r.payment_id', 'p.id')
    .select([
      'p.id', sql<string>`to_char(${sql.ref('p.timestamp')} at time zone ${tz}, 'YYYY-MM-DD')`.as('date'),
      's.admission_no', 's.fullname', 'c.class', 'c.section', 'y.name as ac_year', 'p.name', 'd.items',
      sql<string>`${sql.ref('p.total_amount')}::text`.as('total_amount'),
      sql<string>`${sql.ref('p.discount_amount')}::text`.as('discount_amount'),
      sql<string>`${sql.ref('p.paid_amount')}::text`.as('paid_amount'),
      sql<string>`(${sql.ref('p.total_amount')} - ${sql.ref('p.paid_amount')})::text`.as('pending_amount'),
      'r.receipts',
    ])
    .where('p.ac_year_id', '=', yearId);
  if (classId !== undefined) qb = qb.where('sy.class_id', '=', classId);
  return qb.orderBy('p.timestamp').orderBy('p.id');
}

export async function exportFees(ctx: Ctx, classId: number | undefined, yearId: number | undefined): Promise<{ name: string; csv: string; count: number }> {
  const { year, label } = await exportScope(ctx, classId, yearId);
  const rows = await feeExportQuery(ctx.db, year.id, classId).execute();
  const csv = csvFile(FEE_EXPORT_COLUMNS, rows.map((r) => [
    r.id, r.date, r.admission_no, r.fullname, r.class, r.section, r.ac_year, r.name, r.items,
    r.total_amount, r.discount_amount, r.paid_amount, r.pending_amount, r.receipts,
  ]));
  return { name: `fees-${label}-${year.name}.csv`, csv, count: rows.length };
}
