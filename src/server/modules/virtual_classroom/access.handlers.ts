import { defineHandlers } from '../../framework/calls.js';
import { items } from '../../framework/items.js';
import { inTransaction } from '../../framework/service.js';
import { ACCESS_MODULE } from './reach.js';

export default defineHandlers('student-modules', {
  // The class's students of that year with their virtual classroom status (spec 4 §3 Student access row).
  list: async (ctx, { params }) => {
    const rows = await ctx.db.selectFrom('student as st')
      .leftJoin('student_module as m', (j) => j.onRef('m.student_id', '=', 'st.id').on('m.module_name', '=', ACCESS_MODULE))
      .select(['st.id as student_id', 'st.fullname', 'st.admission_no', 'm.id', 'm.module_status'])
      .where('st.class_id', '=', params.class).where('st.ac_year_id', '=', params.ac_year).orderBy('st.fullname').execute();
    return rows.map((r) => ({ ...r, module_name: ACCESS_MODULE, module_status: r.module_status === true }));
  },

  // Saves each listed student's status; every student must be of the class.
  save: async (ctx, { params, body }) => {
    const cls = await ctx.db.selectFrom('class').select('id').where('id', '=', params.class).executeTakeFirst();
    if (!cls) throw ctx.fail('missing', 404);
    const ids = [...new Set(body.students.map((s) => s.student_id))];
    if (!ids.length) return { updated: 0 };
    const found = await ctx.db.selectFrom('student').select('id').where('id', 'in', ids).where('class_id', '=', cls.id).execute();
    if (found.length !== ids.length) throw ctx.fail('student');
    const want = new Map(body.students.map((s) => [s.student_id, Boolean(s.module_status)]));
    return inTransaction(ctx, async (tx) => {
      const existing = await tx.db.selectFrom('student_module').select(['id', 'student_id', 'module_status']).where('student_id', 'in', ids)
        .where('module_name', '=', ACCESS_MODULE).execute();
      const had = new Map(existing.map((e) => [e.student_id, e]));
      const on = existing.filter((e) => want.get(e.student_id) === true && !e.module_status).map((e) => e.id);
      const off = existing.filter((e) => want.get(e.student_id) === false && e.module_status).map((e) => e.id);
      if (on.length) await items(tx, 'student-modules').updateWhere({ id: on }, { module_status: true });
      if (off.length) await items(tx, 'student-modules').updateWhere({ id: off }, { module_status: false });
      const fresh = ids.filter((id) => !had.has(id)).map((id) => ({ student_id: id, module_name: ACCESS_MODULE as 'virtual_classroom', module_status: want.get(id)! }));
      if (fresh.length) await items(tx, 'student-modules').createMany(fresh);
      return { updated: on.length + off.length + fresh.length };
    });
  },
});
