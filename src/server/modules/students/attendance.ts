import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../framework/context.js';
import { ok } from '../../framework/envelope.js';
import { badRequest, conflict, notFound } from '../../framework/errors.js';
import { addRoute, type RouteEnv } from '../../framework/route.js';
import { audit, inTransaction } from '../../framework/service.js';
import { assertValid, compile } from '../../framework/validation.js';
import { lockStudent } from './queries.js';
import { isIsoDate } from '../../framework/inputs.js';
import { reaches } from '../../framework/scope.js';

/**
 * The student details' attendance editor: read one day, correct it. Teachers take attendance,
 * so they may correct it as the attendance declaration allows (roles 2, 3, 4).
 */
const READ = [1, 2, 3, 4] as const;
const WRITE = [2, 3, 4] as const;

export const attendancePayload = {
  type: 'object',
  properties: {
    id: { type: 'integer', title: 'Attendance', minimum: 1, maximum: 999999999 },
    student_id: { type: 'integer', title: 'Student', minimum: 1, maximum: 999999999 },
    present: { type: 'integer', title: 'Present', enum: [0, 1], errorMessage: { enum: 'Attendance is required', type: 'Attendance is required' } },
    reason: { type: ['string', 'null'], title: 'Reason', maxLength: 300 },
    date: { type: 'string', title: 'Date', format: 'date', errorMessage: { format: 'Date must be YYYY-MM-DD' } },
  },
  required: ['present'],
  additionalProperties: false,
  errorMessage: { required: { present: 'Attendance is required' } },
};
const validateAttendance = compile(attendancePayload);

interface AttendanceBody { id?: number; student_id?: number; present: 0 | 1; reason?: string | null; date?: string }

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
      const changes: Record<string, unknown> = { present: body.present };
      if (body.reason !== undefined) changes.reason = body.reason;
      if (body.date !== undefined && body.date !== existing.date) {
        const clash = await tx.db.selectFrom('attendance').select('id').where('student_id', '=', existing.student_id).where('date', '=', body.date).executeTakeFirst();
        if (clash) throw conflict('Attendance for this day is already recorded');
        changes.date = body.date;
      }
      await tx.db.updateTable('attendance').set({ ...changes, updated_at: new Date() }).where('id', '=', body.id).execute();
      await audit(tx, 'attendance', 'update', body.id, { before: existing, changes });
      return tx.db.selectFrom('attendance').select([...COLUMNS]).where('id', '=', body.id).executeTakeFirstOrThrow();
    }
    // No record yet ("Attendance Not Taken"): the student and the day say which one to write.
    if (body.student_id === undefined) throw badRequest('Select the attendance record or the student');
    if (body.date === undefined) throw badRequest('Date is required');
    const student = await lockStudent(tx, body.student_id);
    const existing = await tx.db.selectFrom('attendance').select([...COLUMNS]).where('student_id', '=', student.id).where('date', '=', body.date).executeTakeFirst();
    if (existing) {
      const changes = { present: body.present, ...(body.reason !== undefined ? { reason: body.reason } : {}) };
      await tx.db.updateTable('attendance').set({ ...changes, updated_at: new Date() }).where('id', '=', existing.id).execute();
      await audit(tx, 'attendance', 'update', existing.id, { before: existing, changes });
      return tx.db.selectFrom('attendance').select([...COLUMNS]).where('id', '=', existing.id).executeTakeFirstOrThrow();
    }
    const place = await placeOn(tx, student as { id: number; class_id: number; ac_year_id: number }, body.date);
    const row = await tx.db.insertInto('attendance').values({
      student_id: student.id, class_id: place.class_id, ac_year_id: place.ac_year_id, date: body.date, present: body.present, reason: body.reason ?? null,
    }).returning([...COLUMNS]).executeTakeFirstOrThrow();
    await audit(tx, 'attendance', 'create', row.id, row);
    return row;
  });
}

export function registerAttendanceRoutes(app: FastifyInstance, env: RouteEnv) {
  addRoute(app, env, {
    call: 'GET /attendance/student/{student_id}/{date}/', roles: READ, module: 'students', textParams: ['date'],
    handler: async (ctx, _req, p, t) => {
      const date = t.date!;
      if (!isIsoDate(date)) throw badRequest('Date must be YYYY-MM-DD');
      if (!await reaches(ctx, 'students', p.student_id!)) throw notFound('Student not found');
      const row = await ctx.db.selectFrom('attendance').select(['id', 'date', 'present', 'reason'])
        .where('student_id', '=', p.student_id!).where('date', '=', date).executeTakeFirst();
      return ok(row ?? { id: null, date, present: null, reason: null });
    },
  });

  addRoute(app, env, {
    call: 'POST /attendance/students/', roles: WRITE, module: 'students', perm: 'update',
    handler: async (ctx, req) => {
      assertValid(validateAttendance, attendancePayload, req.body);
      const body = req.body as AttendanceBody;
      if (body.date !== undefined && !isIsoDate(body.date)) throw badRequest('Date must be YYYY-MM-DD');
      return ok(await saveAttendance(ctx, body), 'Attendance Updated');
    },
  });
}
