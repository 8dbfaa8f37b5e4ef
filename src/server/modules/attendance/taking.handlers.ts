/**
 * Taking attendance (spec 3 Attendance): a class's day with each student's mark and days so far,
 * and saving the day. A save is one transaction with one multi-row upsert, so a class of 60 is
 * written whole or not at all and saving a day again updates it. Absentees' families are texted
 * once a day (see absence-alerts.ts), after the save has committed.
 */
import type { AttendanceTakePayload } from '../../../generated/call-inputs.js';
import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { matchesFormat } from '../../framework/validation.js';
import { audit, inTransaction } from '../../framework/service.js';
import { smsAllowed } from '../school/sms.js';
import { checkSchoolDay, classDayRows, classRoster } from './days.js';
import { claimAlerts, sendAbsenceAlerts } from './absence-alerts.js';

type Entry = AttendanceTakePayload['attendance'][number];

/** The rows sent, each student once, or the first repeated student's name refused. */
async function oncePerStudent(ctx: CallCtx, entries: Entry[]): Promise<Entry[]> {
  const seen = new Set<number>();
  const twice = entries.find((e) => seen.has(e.student_id) || !seen.add(e.student_id));
  if (!twice) return entries;
  const s = await ctx.db.selectFrom('student').select('fullname').where('id', '=', twice.student_id).executeTakeFirst();
  throw ctx.fail('twice', 400, { name: s?.fullname ?? `Student ${twice.student_id}` });
}

async function take(ctx: CallCtx, body: AttendanceTakePayload) {
  checkSchoolDay(ctx, body.date);
  const entries = await oncePerStudent(ctx, body.attendance);
  // Read before the transaction: a switch is a setting, not part of what is being written.
  const alerting = await smsAllowed(ctx.db, 'attendance_sms');
  const result = await inTransaction(ctx, async (tx) => {
    const roster = new Map((await classRoster(tx, body.class_id, body.ac_year_id).execute()).map((s) => [s.student_id, s]));
    const stray = entries.find((e) => !roster.has(e.student_id));
    if (stray) {
      const s = await tx.db.selectFrom('student').select('fullname').where('id', '=', stray.student_id).executeTakeFirst();
      throw ctx.fail('notInClass', 400, { name: s?.fullname ?? `Student ${stray.student_id}` });
    }
    const named = entries.filter((e) => e.att_id != null);
    if (named.length) {
      const records = new Map((await tx.db.selectFrom('attendance').select(['id', 'student_id', 'date'])
        .where('id', 'in', named.map((e) => e.att_id!)).execute()).map((r) => [r.id, r]));
      const wrong = named.find((e) => records.get(e.att_id!)?.student_id !== e.student_id || records.get(e.att_id!)?.date !== body.date);
      if (wrong) throw ctx.fail('wrongRecord', 400, { att_id: wrong.att_id, name: roster.get(wrong.student_id)!.fullname });
    }
    await tx.db.insertInto('attendance')
      .values(entries.map((e) => ({ student_id: e.student_id, class_id: body.class_id, ac_year_id: body.ac_year_id, date: body.date, present: e.present })))
      .onConflict((oc) => oc.columns(['student_id', 'date']).doUpdateSet((eb) => ({
        present: eb.ref('excluded.present'), class_id: eb.ref('excluded.class_id'), ac_year_id: eb.ref('excluded.ac_year_id'), updated_at: new Date(),
      })))
      .execute();
    const absent = entries.filter((e) => e.present === 0).map((e) => e.student_id);
    const claimed = alerting ? await claimAlerts(tx, absent, body.date) : [];
    await audit(tx, 'attendance', 'take', body.class_id, {
      class_id: body.class_id, ac_year_id: body.ac_year_id, date: body.date, present: entries.length - absent.length, absent: absent.length, alerted: claimed,
    });
    return { saved: entries.length, present: entries.length - absent.length, absent: absent.length, claimed };
  });
  const sms_sent = await sendAbsenceAlerts(ctx, result.claimed, body.date);
  return { saved: result.saved, present: result.present, absent: result.absent, sms_sent };
}

export default defineHandlers('attendance', {
  async classDay(ctx, { params, query }) {
    if (!matchesFormat('date', params.date)) throw ctx.fail('date');
    // The list reads any day; taking opens only on a school day that has come.
    if (query.list !== 'true') checkSchoolDay(ctx, params.date);
    return classDayRows(ctx, params.class, params.date, params.acYear);
  },

  take: (ctx, { body }) => take(ctx, body),
});
