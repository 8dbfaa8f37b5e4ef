/**
 * The timetable's writes, admins only: the school day's timings (a change clears every class's
 * timetable, in the same transaction) and a class's week. A save refuses, with 409 and the other
 * class's name, a teacher or a room already placed elsewhere in that day and period. Saves take
 * one transaction lock, so two classes saved at once are checked one after the other; the
 * service's uniqueness check and the unique indexes on (day, period, teacher) and (day, period,
 * room) hold even if that were bypassed, with the declared shorter messages. Every entry removed
 * or added is written through the service, each audited.
 */
import { sql } from 'kysely';
import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { notFound } from '../../framework/errors.js';
import { items } from '../../framework/items.js';
import { inTransaction } from '../../framework/service.js';
import { DAYS, DAY_LABELS, minutesOf, timingProblem, type Day } from '../../../shared/timetable.js';
import { timings, week } from './week.js';

/** One lock for every timetable write of the school (schemas are separate, so per school in effect). */
const lockTimetable = (ctx: CallCtx) => sql`select pg_advisory_xact_lock(hashtext(current_schema() || ':timetable'))`.execute(ctx.db);

/**
 * "lab 1" and "Lab 1" are one room: a room is stored as the school's other classes already
 * spell it (else as typed), so the clash check and the unique index compare one spelling.
 */
async function sameRoomSpelling(ctx: CallCtx, rows: Array<{ room: string | null }>): Promise<void> {
  const wanted = [...new Set(rows.flatMap((r) => (r.room ? [r.room.toLowerCase()] : [])))];
  if (!wanted.length) return;
  const known = await ctx.db.selectFrom('timetable').select('room').distinct()
    .where(sql<string>`lower(room)`, 'in', wanted).orderBy('room').execute();
  const spelling = new Map<string, string>();
  for (const k of known) if (k.room && !spelling.has(k.room.toLowerCase())) spelling.set(k.room.toLowerCase(), k.room);
  for (const r of rows) if (r.room) r.room = spelling.get(r.room.toLowerCase()) ?? r.room;
}

export default defineHandlers('timetable', {
  async saveTiming(ctx, { body }) {
    const rows = body.timing.map((t) => ({ name: t.name.trim(), period_type: t.period_type, start_time: t.start_time, end_time: t.end_time }))
      .sort((a, b) => minutesOf(a.start_time) - minutesOf(b.start_time));
    const problem = timingProblem(rows);
    if (problem) throw ctx.fail(problem.code, 400, problem.values);
    return inTransaction(ctx, async (tx) => {
      await lockTimetable(tx);
      const before = await timings(tx);
      const same = before.length === rows.length && before.every((b, i) => {
        const r = rows[i]!;
        return b.name === r.name && b.period_type === r.period_type && b.start_time === r.start_time && b.end_time === r.end_time;
      });
      if (same) return { timing: before, cleared: 0 };
      // Entries point at the old periods: a new school day starts with an empty timetable.
      const cleared = (await items(tx, 'timetable').removeWhere({})).length;
      await items(tx, 'timetable-timings').removeWhere({});
      await items(tx, 'timetable-timings').createMany(rows);
      return { timing: await timings(tx), cleared };
    });
  },

  async save(ctx, { params, body }) {
    const cls = await ctx.db.selectFrom('class').select(['id', 'class', 'section']).where('id', '=', params.class_id).executeTakeFirst();
    if (!cls) throw notFound('Class not found');
    return inTransaction(ctx, async (tx) => {
      await lockTimetable(tx);
      const periods = new Map((await timings(tx)).map((p) => [p.id, p]));
      const subjects = new Set((await tx.db.selectFrom('subject').select('id').where('class_id', '=', cls.id).execute()).map((s) => s.id));
      const teacherIds = [...new Set(DAYS.flatMap((d) => body.timetable[d] ?? []).flatMap((e) => (e.teacher_id ? [e.teacher_id] : [])))];
      const teachers = new Map(teacherIds.length
        ? (await tx.db.selectFrom('teacher').select(['id', 'fullname']).where('id', 'in', teacherIds).execute()).map((t) => [t.id, t.fullname])
        : []);
      const rows: Array<{ class_id: number; day: Day; period_id: number; subject_id: number | null; teacher_id: number | null; room: string | null }> = [];
      for (const day of DAYS) {
        const seen = new Set<number>();
        for (const e of body.timetable[day] ?? []) {
          const p = periods.get(e.period_id);
          if (!p) throw ctx.fail('noPeriod');
          if (p.period_type === 0) throw ctx.fail('breakPeriod', 400, { period: p.name });
          if (seen.has(p.id)) throw ctx.fail('twice', 400, { period: p.name, day: DAY_LABELS[day] });
          seen.add(p.id);
          if (e.subject_id && !subjects.has(e.subject_id)) throw ctx.fail('subject');
          if (e.teacher_id && !teachers.has(e.teacher_id)) throw ctx.fail('teacher');
          const room = e.room?.trim() || null;
          // A period left empty in the editor is simply not stored.
          if (!e.subject_id && !e.teacher_id && !room) continue;
          rows.push({ class_id: cls.id, day, period_id: p.id, subject_id: e.subject_id ?? null, teacher_id: e.teacher_id ?? null, room });
        }
      }
      await items(tx, 'timetable').removeWhere({ class_id: cls.id });
      await sameRoomSpelling(tx, rows);
      const clash = async (col: 'teacher_id' | 'room', wanted: typeof rows) => wanted.length === 0 ? undefined : tx.db.selectFrom('timetable as e')
        .innerJoin('class as c', 'c.id', 'e.class_id').innerJoin('timetable_timing as p', 'p.id', 'e.period_id')
        .leftJoin('teacher as t', 't.id', 'e.teacher_id')
        .select(['e.day', 'p.name as period', 'c.class', 'c.section', 't.fullname as teacher', 'e.room'])
        .where((eb) => eb.or(wanted.map((r) => eb.and([eb('e.day', '=', r.day), eb('e.period_id', '=', r.period_id), eb(`e.${col}`, '=', r[col]!)]))))
        .orderBy('p.start_time').executeTakeFirst();
      const teacherClash = await clash('teacher_id', rows.filter((r) => r.teacher_id));
      if (teacherClash) {
        throw ctx.fail('teacherClash', 409, { teacher: teacherClash.teacher, class: `${teacherClash.class} - ${teacherClash.section}`, day: DAY_LABELS[teacherClash.day as Day], period: teacherClash.period });
      }
      const roomClash = await clash('room', rows.filter((r) => r.room));
      if (roomClash) {
        throw ctx.fail('roomClash', 409, { room: roomClash.room, class: `${roomClash.class} - ${roomClash.section}`, day: DAY_LABELS[roomClash.day as Day], period: roomClash.period });
      }
      await items(tx, 'timetable').createMany(rows);
      return { class: cls, timetable: await week(tx, { class_id: cls.id }) };
    });
  },
});
