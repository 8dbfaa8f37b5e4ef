/**
 * Taking attendance (spec 3 Attendance): a class's day with each student's mark and days so far,
 * and saving the day. A save is one transaction with one multi-row upsert, so a class of 60 is
 * written whole or not at all and saving a day again updates it. Absentees' families are texted
 * once a day (see absence-alerts.ts), after the save has committed.
 */
import { sql } from 'kysely';
import type { AttendanceTakePayload } from '../../../generated/call-inputs.js';
import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { matchesFormat } from '../../framework/validation.js';
import { audit, inTransaction } from '../../framework/service.js';
import { publish } from '../../framework/events.js';
import { smsAllowed } from '../../platform/sms.js';
import { checkSchoolDay, classDayRows } from './days.js';
import { claimAlerts, sendAbsenceAlerts } from './absence-alerts.js';
import { STUDENT_YEAR_STATUS } from '../../../generated/enums/students.js';

type Entry = AttendanceTakePayload['attendance'][number];

/** The rows sent, each student once, or the first repeated student's name refused. */
async function oncePerStudent(ctx: CallCtx, entries: Entry[]): Promise<Entry[]> {
  const seen = new Set<number>();
  const twice = entries.find((e) => seen.has(e.student_id) || !seen.add(e.student_id));
  if (!twice) return entries;
  const s = await ctx.db.selectFrom('student').select('fullname').where('id', '=', twice.student_id).executeTakeFirst();
  throw ctx.fail('twice', 400, { name: s?.fullname ?? `Student ${twice.student_id}` });
}

/** Each record named by the screen (att_id) must be that student's for the day. */
async function checkRecords(tx: CallCtx, named: Entry[], date: string) {
  const records = new Map((await tx.db.selectFrom('attendance').select(['id', 'student_id', 'date'])
    .where('id', 'in', named.map((e) => e.att_id!)).execute()).map((r) => [r.id, r]));
  const wrong = named.find((e) => records.get(e.att_id!)?.student_id !== e.student_id || records.get(e.att_id!)?.date !== date);
  if (!wrong) return;
  const s = await tx.db.selectFrom('student').select('fullname').where('id', '=', wrong.student_id).executeTakeFirst();
  throw tx.fail('wrongRecord', 400, { att_id: wrong.att_id, name: s?.fullname ?? `Student ${wrong.student_id}` });
}

/** Names the first student sent who is not in the class that year. */
async function refuseStray(ctx: CallCtx, tx: CallCtx, entries: Entry[], written: Set<number>): Promise<never> {
  const stray = entries.find((e) => !written.has(e.student_id))!;
  const s = await tx.db.selectFrom('student').select('fullname').where('id', '=', stray.student_id).executeTakeFirst();
  throw ctx.fail('notInClass', 400, { name: s?.fullname ?? `Student ${stray.student_id}` });
}

async function take(ctx: CallCtx, body: AttendanceTakePayload) {
  checkSchoolDay(ctx, body.date);
  const entries = await oncePerStudent(ctx, body.attendance);
  // Read before the transaction: a switch is a setting, not part of what is being written.
  const alerting = await smsAllowed(ctx.db, 'attendance_sms');
  const absentIds = entries.filter((e) => e.present === 0).map((e) => e.student_id);
  const result = await inTransaction(ctx, async (tx) => {
    const named = entries.filter((e) => e.att_id != null);
    if (named.length) await checkRecords(tx, named, body.date);
    // One statement writes the day, and only for students of the class that year: a row it
    // leaves out is a student from elsewhere, and the transaction is undone.
    // raw write: a class's day as one multi-row upsert (bench: attendance)
    const written = await tx.db.insertInto('attendance')
      .columns(['student_id', 'class_id', 'ac_year_id', 'date', 'present'])
      .expression(tx.db.selectFrom('student_year as sy').distinct()
        .select(['sy.student_id', sql<number>`${body.class_id}::int`.as('class_id'), sql<number>`${body.ac_year_id}::int`.as('ac_year_id'), sql<string>`${body.date}::date`.as('date'),
          (absentIds.length ? sql<number>`case when sy.student_id in (${sql.join(absentIds)}) then 0 else 1 end` : sql<number>`1`).as('present')])
        .where('sy.class_id', '=', body.class_id).where('sy.ac_year_id', '=', body.ac_year_id).where('sy.status', '<>', STUDENT_YEAR_STATUS.SHUFFLED)
        .where('sy.student_id', 'in', entries.map((e) => e.student_id)))
      .onConflict((oc) => oc.columns(['student_id', 'date']).doUpdateSet((eb) => ({
        present: eb.ref('excluded.present'), class_id: eb.ref('excluded.class_id'), ac_year_id: eb.ref('excluded.ac_year_id'), updated_at: new Date(),
      })))
      .returning('student_id').execute();
    if (written.length < entries.length) await refuseStray(ctx, tx, entries, new Set(written.map((r) => r.student_id)));
    const claimed = alerting ? await claimAlerts(tx, absentIds, body.date) : [];
    await audit(tx, 'attendance', 'take', body.class_id, {
      class_id: body.class_id, ac_year_id: body.ac_year_id, date: body.date, present: entries.length - absentIds.length, absent: absentIds.length, alerted: claimed,
    });
    await publish(tx, 'attendance.taken', { class_id: body.class_id, ac_year_id: body.ac_year_id, date: body.date, absent: absentIds });
    return { saved: entries.length, present: entries.length - absentIds.length, absent: absentIds.length, claimed };
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
