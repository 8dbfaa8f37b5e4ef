/** Who a simple test call is about: the family's own student, the signed-in teacher's profile. */
import type { CallCtx } from '../../framework/calls.js';
import { notFound } from '../../framework/errors.js';

/** The student if the person reaches them (a parent's own children), else 404. */
export async function reachedStudent(ctx: CallCtx, studentId: number) {
  const row = await ctx.scoped('students', 'st').select(['st.id', 'st.class_id', 'st.ac_year_id', 'st.fullname', 'st.user_id'])
    .where('st.id', '=', studentId).executeTakeFirst();
  if (!row) throw notFound('Student not found');
  return row as { id: number; class_id: number; ac_year_id: number; fullname: string; user_id: number | null };
}

/** The teacher profile of the signed-in login (marking and replying need one, spec 4 §6); null when it has none. */
export async function teacherProfile(ctx: CallCtx): Promise<number | null> {
  const row = await ctx.db.selectFrom('teacher').select('id').where('user_id', '=', ctx.user.id).orderBy('id').executeTakeFirst();
  return row?.id ?? null;
}
