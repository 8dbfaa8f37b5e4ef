/**
 * Absence alerts: when the school's attendance SMS switch is on, each absent student's family
 * is texted once for a day. The claim (attendance.alerted_at) is made inside the save's
 * transaction, so a day saved again, or saved twice at once, texts no one a second time; the
 * texts go after the commit, as no gateway call is held inside a transaction. Once sent, the
 * rows are marked (alert_sent_at); a claim the server could not send (it stopped in between) is
 * sent when it starts again, if the student is still marked absent and the claim is recent.
 */
import { sql } from 'kysely';
import type { Ctx } from '../../framework/context.js';
import { items } from '../../framework/items.js';
import { audit } from '../../framework/service.js';
import { sendAll } from '../../integrations/sms/index.js';
import { schoolName } from '../../platform/settings.js';
import { templatedSms } from '../../platform/sms.js';
import { familyMobiles } from '../../platform/family-mobiles.js';

/** Marks the absentees not yet alerted for the day as alerted, and answers who they are. */
export async function claimAlerts(tx: Ctx, absent: number[], date: string): Promise<number[]> {
  if (!absent.length) return [];
  // raw write: the alerts' claim, in the day's taking transaction (bench: attendance)
  const rows = await tx.db.updateTable('attendance').set({ alerted_at: new Date() })
    .where('date', '=', date).where('student_id', 'in', absent).where('present', '=', 0).where('alerted_at', 'is', null)
    .returning('student_id').execute();
  return rows.map((r) => r.student_id);
}

/** Texts the claimed students' families (every number of each, once); answers how many texts went. */
export async function sendAbsenceAlerts(ctx: Ctx, studentIds: number[], date: string): Promise<number> {
  if (!studentIds.length) return 0;
  const [students, mobiles, school] = await Promise.all([
    ctx.db.selectFrom('student').select(['id', 'fullname']).where('id', 'in', studentIds).execute(),
    familyMobiles(ctx, studentIds),
    schoolName(ctx),
  ]);
  const day = date.split('-').reverse().join('-');
  const texts = students.flatMap((s) => (mobiles.get(s.id) ?? []).map((mobile) => ({
    mobile,
    ...templatedSms(ctx, 'absent_today', { school, student: s.fullname, date: day }, `Dear Parent, ${s.fullname} was absent from school on ${day}. - ${school}`),
  })));
  await sendAll(ctx.integrations.sms, ctx.db, texts);
  await items(ctx, 'attendance').updateWhere({ date, student_id: studentIds }, { alert_sent_at: new Date().toISOString() }, { action: 'alert-sent' });
  // The texts themselves (how many went, for whom): no row records them, so the call does.
  await audit(ctx, 'attendance', 'absence-sms', null, { date, students: studentIds, sent: texts.length });
  return texts.length;
}

/** A claim this old with no send is taken as cut off by a stop, not as a send under way. */
const CUT_OFF_AFTER = "interval '2 minutes'";

/**
 * Sends the alerts claimed in the last day but never sent (the server stopped between the save's
 * commit and the texts), for students still marked absent; answers how many texts went.
 */
export async function sendUnsentAlerts(ctx: Ctx): Promise<number> {
  const due = await ctx.db.selectFrom('attendance').select(['student_id', 'date'])
    .where('alerted_at', 'is not', null).where('alert_sent_at', 'is', null).where('present', '=', 0)
    .where('alerted_at', '<', sql<Date>`now() - ${sql.raw(CUT_OFF_AFTER)}`).where('alerted_at', '>', sql<Date>`now() - interval '1 day'`)
    .execute();
  const byDate = new Map<string, number[]>();
  for (const r of due) byDate.set(r.date, [...(byDate.get(r.date) ?? []), r.student_id]);
  let sent = 0;
  for (const [date, ids] of byDate) sent += await sendAbsenceAlerts(ctx, ids, date);
  return sent;
}
