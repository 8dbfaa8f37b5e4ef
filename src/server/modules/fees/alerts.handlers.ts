import { sql } from 'kysely';
import { formatINR, toPaise, toRupees } from '../../../shared/money.js';
import type { FeePaymentsYearAlertPayload as DueAlertPayload } from '../../../generated/call-inputs.js';
import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import type { Ctx } from '../../framework/context.js';
import { assertClass, assertYear, enabledYearId } from '../../framework/lookups.js';
import { audit } from '../../framework/service.js';
import { sendAll, type SmsMessage } from '../../integrations/sms/index.js';
import { schoolName } from '../../platform/settings.js';
import { templatedSms } from '../../platform/sms.js';
import { visibleBill } from './ledger.js';
import { familyMobiles } from '../../platform/family-mobiles.js';
import { STUDENT_YEAR_STATUS } from '../../../generated/enums/students.js';

/** Due-alert SMS (spec 2 §7, spec 3 §7): one bill's balance, or every pending balance of a year. */

export const dueAlertText = (school: string, fullname: string, billName: string, pending: number) =>
  `Dear Parent, ${formatINR(pending)} of ${billName} for ${fullname} is pending. Please pay at the earliest. - ${school}`;

/** The due alert in the school's `fee_due` template (config sms.templates) or the product's words. */
const dueAlertSms = (ctx: Ctx, school: string, fullname: string, billName: string, pending: number) =>
  templatedSms(ctx, 'fee_due', { school, student: fullname, bill: billName, amount: formatINR(pending) }, dueAlertText(school, fullname, billName, pending));

/** One bill's alert: its pending amount, the student's name and the mobiles it goes to. */
async function billAlert(ctx: CallCtx, paymentId: number) {
  const bill = await visibleBill(ctx, paymentId);
  const pending = toRupees(toPaise(bill.total_amount) - toPaise(bill.paid_amount));
  if (pending <= 0) throw ctx.fail('nothing');
  const student = await ctx.db.selectFrom('student').select('fullname').where('id', '=', bill.student_id).executeTakeFirstOrThrow();
  const mobiles = (await familyMobiles(ctx, [bill.student_id])).get(bill.student_id) ?? [];
  if (!mobiles.length) throw ctx.fail('noMobile');
  return { bill, pending, fullname: student.fullname, mobiles };
}

/**
 * The year's alerts (the enabled year unless given, one class if given): every student with a
 * balance, one SMS to each of their numbers. Families are counted by the student's own mobile
 * (the family login), so brothers and sisters make one family.
 */
async function yearAlerts(ctx: CallCtx, b: DueAlertPayload) {
  if (b.class_id !== undefined) await assertClass(ctx, b.class_id, { inPayload: true });
  if (b.ac_year_id !== undefined) await assertYear(ctx, b.ac_year_id, { inPayload: true });
  const yearId = b.ac_year_id ?? await enabledYearId(ctx);
  if (yearId == null) throw ctx.fail('year');
  let qb = ctx.db.selectFrom('fee_payment as p').innerJoin('student as s', 's.id', 'p.student_id')
    .select(['p.student_id', 's.fullname', 's.mobile', sql<number>`sum(p.total_amount - p.paid_amount)::float8`.as('pending')])
    .where('p.ac_year_id', '=', yearId).where(sql<boolean>`p.total_amount > p.paid_amount`)
    .groupBy(['p.student_id', 's.fullname', 's.mobile']);
  if (b.class_id !== undefined) {
    qb = qb.where('p.student_id', 'in', ctx.db.selectFrom('student_year').select('student_id')
      .where('ac_year_id', '=', yearId).where('class_id', '=', b.class_id).where('status', '<>', STUDENT_YEAR_STATUS.SHUFFLED));
  }
  const dues = await qb.execute();
  const mobiles = await familyMobiles(ctx, dues.map((d) => d.student_id));
  const reached = dues.filter((d) => (mobiles.get(d.student_id) ?? []).length > 0);
  const families = new Set(reached.map((d) => d.mobile ?? `student:${d.student_id}`)).size;
  return { yearId, classId: b.class_id ?? null, dues, mobiles, families, sms: reached.reduce((n, d) => n + mobiles.get(d.student_id)!.length, 0) };
}

export default defineHandlers('fee-payments', {
  async dueAlert(ctx, { params }) {
    const { bill, pending, fullname, mobiles } = await billAlert(ctx, params.payment_id);
    const text = dueAlertSms(ctx, await schoolName(ctx), fullname, bill.name, pending);
    await sendAll(ctx.integrations.sms, ctx.db, mobiles.map((mobile) => ({ mobile, ...text })));
    await audit(ctx, 'fee-payments', 'due-alert', bill.id, { mobiles, message: text.message });
    return { sent: mobiles.length };
  },

  // What the bill's alert would send, for the screen's confirmation; nothing is sent.
  async dueAlertPreview(ctx, { params }) {
    const { bill, pending, fullname, mobiles } = await billAlert(ctx, params.payment_id);
    return { sms: mobiles.length, pending, fullname, bill_name: bill.name };
  },

  // From the fee reports: every student with a balance in the year (the enabled one unless given), one SMS each.
  async yearAlert(ctx, { body }) {
    const a = await yearAlerts(ctx, body);
    const school = await schoolName(ctx);
    const messages: SmsMessage[] = a.dues.flatMap((d) => (a.mobiles.get(d.student_id) ?? [])
      .map((mobile) => ({ mobile, ...dueAlertSms(ctx, school, d.fullname, 'fees', d.pending) })));
    await sendAll(ctx.integrations.sms, ctx.db, messages);
    await audit(ctx, 'fee-payments', 'due-alert', null, { ac_year_id: a.yearId, class_id: a.classId, students: a.dues.length, sent: messages.length });
    return { sent: messages.length, students: a.dues.length, families: a.families };
  },

  // How many SMS the year's alert would send, to how many families; nothing is sent.
  async yearAlertPreview(ctx, { body }) {
    const a = await yearAlerts(ctx, body);
    return { sms: a.sms, families: a.families, students: a.dues.length };
  },
});
