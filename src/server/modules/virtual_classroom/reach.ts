/**
 * Who may do what in a virtual class (spec 4 §4, §6): the class's teachers control it; a family
 * reaches only their own children who are in the class and on its access list.
 */
import type { Ctx } from '../../framework/context.js';
import { scoped } from '../../framework/scope.js';
import { notFound } from '../../framework/errors.js';
import { hasRole } from '../../../shared/roles.js';
import { VC_CLASS_STATUS as STATUS } from '../../../generated/enums/virtual_classroom.js';

export { STATUS };
export const ACCESS_MODULE = 'virtual_classroom';
/** Students join from five minutes before the start (spec 4 §9). */
export const JOIN_EARLY_MS = 300_000;

/** A virtual class with the names its screens show. */
export function classQuery(ctx: Pick<Ctx, 'db'>) {
  return ctx.db.selectFrom('vc_class as v')
    .leftJoin('class as c', 'c.id', 'v.class_id')
    .leftJoin('subject as s', 's.id', 'v.subject_id')
    .leftJoin('teacher as t', 't.id', 'v.teacher_id')
    .leftJoin('teacher as t2', 't2.id', 'v.co_teacher_id')
    .select([
      'v.id', 'v.name', 'v.ac_year_id', 'v.class_id', 'v.subject_id', 'v.teacher_id', 'v.co_teacher_id', 'v.description',
      'v.start_time', 'v.end_time', 'v.class_type', 'v.status', 'v.actual_start_time', 'v.actual_end_time', 'v.extras', 'v.video',
      'v.timestamp', 'c.class', 'c.section', 's.name as subject', 't.fullname as teacher', 't2.fullname as co_teacher',
      't.user_id as teacher_user_id', 't2.user_id as co_teacher_user_id',
    ]);
}

export type ClassRow = NonNullable<Awaited<ReturnType<ReturnType<typeof classQuery>['executeTakeFirst']>>>;

const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());

/** A class as the API answers it: times in ISO, the video's bytes location left out. */
export function shownClass(v: ClassRow) {
  const video = v.video as { name?: string; size?: number; content_type?: string } | null;
  const { teacher_user_id: _t, co_teacher_user_id: _c, ...rest } = v;
  return {
    ...rest, start_time: iso(v.start_time)!, end_time: iso(v.end_time)!, actual_start_time: iso(v.actual_start_time),
    actual_end_time: iso(v.actual_end_time), timestamp: iso(v.timestamp),
    video: video ? { name: video.name ?? 'video', size: video.size ?? 0, content_type: video.content_type ?? 'video/webm' } : null,
  };
}

export async function classOf(ctx: Pick<Ctx, 'db'>, id: number, fail: () => Error): Promise<ClassRow> {
  const row = await classQuery(ctx).where('v.id', '=', id).executeTakeFirst();
  if (!row) throw fail();
  return row;
}

/** Whether the signed-in login is one of the class's teachers. */
export const isClassTeacher = (ctx: Pick<Ctx, 'user'>, v: ClassRow) =>
  hasRole(ctx.user, 'teacher') && (v.teacher_user_id === ctx.user.id || v.co_teacher_user_id === ctx.user.id);

/** The class's teachers and the school's admins manage its video; others are 'Invalid Teacher'. */
export const managesClass = (ctx: Pick<Ctx, 'user'>, v: ClassRow) => isClassTeacher(ctx, v) || hasRole(ctx.user, 'admins');

/** The family's own student, else 404 'Student not found' (another family's child reads as missing). */
export async function reachedStudent(ctx: Ctx, studentId: number) {
  const row = await scoped(ctx, 'students', 'st').select(['st.id', 'st.class_id', 'st.ac_year_id', 'st.fullname', 'st.user_id'])
    .where('st.id', '=', studentId).executeTakeFirst();
  if (!row) throw notFound('Student not found');
  return row as { id: number; class_id: number; ac_year_id: number; fullname: string; user_id: number | null };
}

/** Whether a student is on the virtual classroom's access list. */
export async function onAccessList(ctx: Pick<Ctx, 'db'>, studentId: number): Promise<boolean> {
  const row = await ctx.db.selectFrom('student_module').select('module_status').where('student_id', '=', studentId)
    .where('module_name', '=', ACCESS_MODULE).executeTakeFirst();
  return row?.module_status === true;
}


/** Whether the class is open for a student to enter now: not cancelled or over, and no earlier than five minutes before its start. */
export function joinableNow(v: Pick<ClassRow, 'status' | 'start_time'>, now = Date.now()) {
  if (v.status !== STATUS.NOT_STARTED && v.status !== STATUS.LIVE) return false;
  return v.status === STATUS.LIVE || now >= new Date(v.start_time).getTime() - JOIN_EARLY_MS;
}
