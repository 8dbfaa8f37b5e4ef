import type { Ctx } from '../framework/context.js';

/**
 * The numbers a student's family is texted on: the student's own mobile (the family login) and
 * their SMS-enabled contacts', once each, by student.
 */
export async function familyMobiles(ctx: Ctx, studentIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!studentIds.length) return out;
  const own = await ctx.db.selectFrom('student').select(['id', 'mobile']).where('id', 'in', studentIds).execute();
  const contacts = await ctx.db.selectFrom('student_contact').select(['student_id', 'mobile'])
    .where('student_id', 'in', studentIds).where('enable_sms', '=', true).execute();
  for (const r of [...own.map((s) => ({ student_id: s.id, mobile: s.mobile })), ...contacts]) {
    if (!r.mobile) continue;
    const list = out.get(r.student_id) ?? [];
    if (!list.includes(r.mobile)) list.push(r.mobile);
    out.set(r.student_id, list);
  }
  return out;
}
