import { sql, type InferResult } from 'kysely';
import { toPaise, toRupees } from '../../../shared/money.js';
import type { Ctx } from '../../framework/context.js';
import { defineHandlers } from '../../framework/calls.js';
import { moneyColumn } from '../../framework/query.js';
import { defaultDetails, getSetting } from '../../platform/settings.js';

/** Receipts and a student's fee history (spec 2 §7, spec 4): staff, and parents for their own children (the declared scope). */

/** Bills with their year's name, money as rupees. */
const billRows = (ctx: Ctx) => ctx.db.selectFrom('fee_payment as p').leftJoin('ac_year as y', 'y.id', 'p.ac_year_id')
  .select(['p.id', 'p.student_id', 'p.ac_year_id', 'p.name', 'p.timestamp', 'p.created_fee_id', 'y.name as ac_year_name',
    moneyColumn('p.total_amount'), moneyColumn('p.paid_amount'), moneyColumn('p.discount_amount')]);

/**
 * A bill as the screens read it: the stored figures plus the names the spec also uses, the total
 * before the discount and the pending amount. `total_amount` is what is payable, the discount
 * already taken off (the ledger stores it so), so the screens can show
 * gross_amount − discount_amount − paid_amount = pending_amount, each figure as the server has it.
 */
function billView(b: InferResult<ReturnType<typeof billRows>>[number]) {
  return {
    id: b.id, student_id: b.student_id, ac_year_id: b.ac_year_id, ac_year_name: b.ac_year_name, name: b.name,
    total_amount: b.total_amount, paid_amount: b.paid_amount, discount_amount: b.discount_amount,
    amount_total: b.total_amount, amount_paid: b.paid_amount,
    gross_amount: toRupees(toPaise(b.total_amount) + toPaise(b.discount_amount)),
    pending_amount: toRupees(toPaise(b.total_amount) - toPaise(b.paid_amount)),
    timestamp: b.timestamp, created_fee_id: b.created_fee_id,
  };
}

type BillView = ReturnType<typeof billView>;
const FIGURES = ['gross_amount', 'discount_amount', 'total_amount', 'paid_amount', 'pending_amount'] as const;

/** A student's bills added up, in whole paise: the figures the history's summary shows. */
function billTotals(bills: BillView[]): Record<(typeof FIGURES)[number], number> {
  return Object.fromEntries(FIGURES.map((f) => [f, toRupees(bills.reduce((sum, b) => sum + toPaise(b[f]), 0))])) as Record<(typeof FIGURES)[number], number>;
}

/** Bills with their lines and installments, newest first. */
async function billsWith(ctx: Ctx, where: { billId?: number; studentId?: number }) {
  let qb = billRows(ctx);
  if (where.billId !== undefined) qb = qb.where('p.id', '=', where.billId);
  if (where.studentId !== undefined) qb = qb.where('p.student_id', '=', where.studentId);
  const bills = await qb.orderBy('p.timestamp', 'desc').orderBy('p.id', 'desc').execute();
  if (!bills.length) return [];
  const ids = bills.map((b) => b.id);
  const [lines, installments, refundsDue] = await Promise.all([
    ctx.db.selectFrom('fee_payment_detail').select(['id', 'payment_id', 'fee_item_id', 'fee_item_name', moneyColumn('amount'), 'quantity'])
      .where('payment_id', 'in', ids).orderBy('id').execute(),
    ctx.db.selectFrom('fee_installment').select(['id', 'payment_id', moneyColumn('paid_amount'), 'mode', 'account', 'kind', 'receipt_no', 'timestamp', 'extras'])
      .where('payment_id', 'in', ids).orderBy('timestamp').orderBy('id').execute(),
    // Online payments the gateway took after the bill was already settled: the school owes them back.
    ctx.db.selectFrom('fee_order').select(['payment_id', 'order_id', 'gateway', moneyColumn('amount'), 'updated_at as timestamp', sql<string>`extras->'refund_due'->>'payment_id'`.as('gateway_payment_id')])
      .where('payment_id', 'in', ids).where('status', '=', 'failed').where(sql<boolean>`extras ? 'refund_due'`).orderBy('id').execute(),
  ]);
  return bills.map((b) => ({
    payment: billView(b),
    details: lines.filter((l) => l.payment_id === b.id),
    installments: installments.filter((i) => i.payment_id === b.id),
    refunds_due: refundsDue.filter((o) => o.payment_id === b.id),
  }));
}

/** The student with the class of the given year (or their latest), for receipt and history headings. */
async function studentHeading(ctx: Ctx, studentId: number, yearId?: number) {
  const student = await ctx.db.selectFrom('student').select(['id', 'fullname', 'admission_no', 'roll_no', 'mobile', 'class_id', 'user_id'])
    .where('id', '=', studentId).executeTakeFirst();
  if (!student) return null;
  const place = yearId === undefined ? null : await ctx.db.selectFrom('student_year').select(['class_id', 'roll_no'])
    .where('student_id', '=', studentId).where('ac_year_id', '=', yearId).orderBy('status', 'asc').orderBy('id', 'desc').executeTakeFirst();
  const classId = place?.class_id ?? student.class_id;
  const klass = classId == null ? null : await ctx.db.selectFrom('class').select(['id', 'class', 'section']).where('id', '=', classId).executeTakeFirst();
  return { student: { ...student, roll_no: place?.roll_no ?? student.roll_no, class: klass?.class ?? null, section: klass?.section ?? null }, klass: klass ?? null };
}

export default defineHandlers('fee-payments', {
  async receipt(ctx, { params }) {
    const [record] = await billsWith(ctx, { billId: params.id });
    const heading = await studentHeading(ctx, record!.payment.student_id, record!.payment.ac_year_id);
    const school = await getSetting(ctx.db, 'school', defaultDetails(ctx.school.name));
    const { user_id: _u, ...student } = heading!.student;
    return {
      ...record!,
      student,
      ac_year: { id: record!.payment.ac_year_id, name: record!.payment.ac_year_name },
      class: heading!.klass,
      school: { school_name: school.school_name, school_logo: school.school_logo, school_address: school.school_address, phone_number: school.phone_number },
    };
  },

  async history(ctx, { params }) {
    const { user_id: _u, ...student } = (await studentHeading(ctx, params.student_id))!.student;
    const fees = await billsWith(ctx, { studentId: params.student_id });
    return { student, fees, totals: billTotals(fees.map((f) => f.payment)) };
  },
});
