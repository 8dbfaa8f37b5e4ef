/**
 * Who is in a class's room (spec 4 §3 Classroom student presence: 1 present, -1 absent, 0
 * unknown) and, from the same stays, the class's attendance: each student's first join, last
 * leave and minutes in the room.
 */
import type { Ctx } from '../../framework/context.js';
import { ACCESS_MODULE, type ClassRow } from './reach.js';

/** The students of the class on its access list. */
async function accessStudents(ctx: Pick<Ctx, 'db'>, v: Pick<ClassRow, 'class_id'>) {
  return ctx.db.selectFrom('student as st')
    .innerJoin('student_module as m', (j) => j.onRef('m.student_id', '=', 'st.id').on('m.module_name', '=', ACCESS_MODULE).on('m.module_status', '=', true))
    .select(['st.id', 'st.fullname', 'st.admission_no', 'st.class_id']).where('st.class_id', '=', v.class_id).orderBy('st.fullname').execute();
}

/** The online students list: present now (1, with their socket), joined and gone (-1), never joined (0). */
export async function studentsList(ctx: Pick<Ctx, 'db'>, v: Pick<ClassRow, 'id' | 'class_id'>) {
  const students = await accessStudents(ctx, v);
  const stays = await ctx.db.selectFrom('vc_presence').select(['student_id', 'sid', 'left_at']).where('vc_class_id', '=', v.id)
    .where('student_id', 'is not', null).orderBy('joined_at').execute();
  return students.map((s) => {
    const mine = stays.filter((p) => p.student_id === s.id);
    const open = mine.filter((p) => p.left_at == null).pop();
    return { id: s.id, name: s.fullname, admission_no: s.admission_no, class_id: s.class_id, sid: open?.sid ?? null, status: open ? 1 : mine.length ? -1 : 0 };
  });
}

/** The attendance report: each student's first join, last leave and minutes in the room (overlapping stays counted once). */
export async function presenceReport(ctx: Pick<Ctx, 'db'>, v: Pick<ClassRow, 'id' | 'class_id' | 'actual_end_time'>) {
  const students = await accessStudents(ctx, v);
  const stays = await ctx.db.selectFrom('vc_presence').select(['student_id', 'joined_at', 'left_at']).where('vc_class_id', '=', v.id)
    .where('student_id', 'is not', null).orderBy('joined_at').execute();
  const endOf = (left: Date | string | null) => new Date(left ?? v.actual_end_time ?? Date.now()).getTime();
  return students.map((s) => {
    const mine = stays.filter((p) => p.student_id === s.id).map((p) => ({ from: new Date(p.joined_at).getTime(), to: endOf(p.left_at) }));
    let ms = 0, until = 0;
    for (const p of mine) {
      const from = Math.max(p.from, until);
      if (p.to > from) ms += p.to - from;
      until = Math.max(until, p.to);
    }
    return {
      student_id: s.id, fullname: s.fullname, admission_no: s.admission_no, present: mine.length > 0,
      first_join: mine.length ? new Date(mine[0]!.from).toISOString() : null,
      last_leave: mine.length ? new Date(Math.max(...mine.map((p) => p.to))).toISOString() : null,
      minutes: Math.round(ms / 60_000),
    };
  });
}
