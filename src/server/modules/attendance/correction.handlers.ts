import type { AttendanceCorrectPayload as AttendanceBody } from '../../../generated/call-inputs.js';
import { defineHandlers } from '../../framework/calls.js';
import type { Ctx } from '../../framework/context.js';
import { badRequest, conflict, notFound } from '../../framework/errors.js';
import { inTransaction } from '../../framework/service.js';
import { items, pick, type Values } from '../../framework/items.js';
import type { Attendance } from '../../../generated/entities/attendance.js';
import { service } from '../../framework/services.js';
import { matchesFormat } from '../../framework/validation.js';

/**
 * The student details' attendance editor: read one day, correct it. Teachers take attendance,
 * so they may correct it as the attendance declaration allows.
 */

const COLUMNS = ['id', 'student_id', 'class_id', 'ac_year_id', 'date', 'present', 'reason'] as const;

/** The class and year a day belongs to: the year covering the date where the student has a place, else their latest. */
async function placeOn(ctx: Ctx, student: { id: number; class_id: number; ac_year_id: number }, date: string) {
  const row = await ctx.db.selectFrom('student_year as sy').innerJoin('ac_year as y', 'y.id', 'sy.ac_year_id')
    .select(['sy.class_id', 'sy.ac_year_id'])
    .where('sy.student_id', '=', student.id).where('y.start_date', '<=', date).where('y.end_date', '>=', date)
    .orderBy('y.start_date', 'desc').executeTakeFirst();
  return row ?? { class_id: student.class_id, ac_year_id: student.ac_year_id };
}

async function saveAttendance(ctx: Ctx, body: AttendanceBody) {
  return inTransaction(ctx, async (tx) => {
    if (body.id !== undefined) {
      const existing = await tx.db.selectFrom('attendance').select([...COLUMNS]).where('id', '=', body.id).forUpdate().executeTakeFirst();
      if (!existing) throw notFound('Attendance not found');
      if (body.student_id !== undefined && body.student_id !== existing.student_id) throw badRequest('The attendance belongs to another student');
      const changes: Values<Attendance> = { present: body.present };
      if (body.reason !== undefined) changes.reason = body.reason;
      if (body.date !== undefined && body.date !== existing.date) {
        const clash = await tx.db.selectFrom('attendance').select('id').where('student_id', '=', existing.student_id).where('date', '=', body.date).executeTakeFirst();
        if (clash) throw conflict('Attendance for this day is already recorded');
        changes.date = body.date;
      }
      await items(tx, 'attendance').update(body.id, changes);
      return tx.db.selectFrom('attendance').select([...COLUMNS]).where('id', '=', body.id).executeTakeFirstOrThrow();
    }
    // No record yet ("Attendance Not Taken"): the student and the day say which one to write.
    if (body.student_id === undefined) throw badRequest('Select the attendance record or the student');
    if (body.date === undefined) throw badRequest('Date is required');
    const student = await service('students.lockStudent')(tx, body.student_id);
    const existing = await tx.db.selectFrom('attendance').select([...COLUMNS]).where('student_id', '=', student.id).where('date', '=', body.date).executeTakeFirst();
    if (existing) {
      const changes = { present: body.present, ...(body.reason !== undefined ? { reason: body.reason } : {}) };
      await items(tx, 'attendance').update(existing.id, changes);
      return tx.db.selectFrom('attendance').select([...COLUMNS]).where('id', '=', existing.id).executeTakeFirstOrThrow();
    }
    const place = await placeOn(tx, student as { id: number; class_id: number; ac_year_id: number }, body.date);
    const row = await items(tx, 'attendance').create({
      student_id: student.id, class_id: place.class_id, ac_year_id: place.ac_year_id, date: body.date, present: body.present, reason: body.reason ?? null,
    });
    return pick(row, COLUMNS);
  });
}

export default defineHandlers('attendance', {
  day: async (ctx, { params: { student_id, date } }) => {
    if (!matchesFormat('date', date)) throw ctx.fail('date');
    const row = await ctx.db.selectFrom('attendance').select(['id', 'date', 'present', 'reason'])
      .where('student_id', '=', student_id).where('date', '=', date).executeTakeFirst();
    return row ?? { id: null, date, present: null, reason: null };
  },

  // The payload's `format: 'date'` has checked the day.
  correct: async (ctx, { body }) => saveAttendance(ctx, body),
});
