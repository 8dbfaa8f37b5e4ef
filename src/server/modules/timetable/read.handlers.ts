/**
 * The timetable's reads: the timings, a class's week, a teacher's week (by id, or the
 * signed-in teacher's own), a parent's child's class week, and whether a teacher is free.
 */
import { defineHandlers } from '../../framework/calls.js';
import { notFound } from '../../framework/errors.js';
import { timings, week } from './week.js';

export default defineHandlers('timetable', {
  async timing(ctx) {
    return timings(ctx);
  },

  async class(ctx, { params }) {
    const cls = await ctx.db.selectFrom('class').select(['id', 'class', 'section']).where('id', '=', params.class_id).executeTakeFirst();
    if (!cls) throw notFound('Class not found');
    return { class: cls, timing: await timings(ctx), timetable: await week(ctx, { class_id: cls.id }) };
  },

  async teacher(ctx, { params }) {
    const teacher = await ctx.db.selectFrom('teacher').select(['id', 'fullname']).where('id', '=', params.id).executeTakeFirst();
    if (!teacher) throw notFound('Teacher not found');
    return { teacher, timing: await timings(ctx), timetable: await week(ctx, { teacher_id: teacher.id }) };
  },

  async mine(ctx) {
    const teacher = await ctx.db.selectFrom('teacher').select(['id', 'fullname']).where('user_id', '=', ctx.user.id).orderBy('id').executeTakeFirst();
    if (!teacher) throw ctx.fail('noTeacher', 404);
    return { teacher, timing: await timings(ctx), timetable: await week(ctx, { teacher_id: teacher.id }) };
  },

  // Row scope has admitted the student (a parent's own child): their class's week, nothing else.
  async student(ctx, { params }) {
    const student = await ctx.db.selectFrom('student as st').leftJoin('class as c', 'c.id', 'st.class_id')
      .select(['st.id', 'st.fullname', 'st.class_id', 'c.class', 'c.section']).where('st.id', '=', params.student_id).executeTakeFirstOrThrow();
    const timetable = student.class_id == null ? null : await week(ctx, { class_id: student.class_id });
    return { student, timing: await timings(ctx), timetable };
  },

  // A non-empty list means a clash: the teacher is already placed elsewhere in that day and period.
  async availability(ctx, { body }) {
    let q = ctx.db.selectFrom('timetable as e').innerJoin('class as c', 'c.id', 'e.class_id').leftJoin('subject as s', 's.id', 'e.subject_id')
      .select(['e.id', 'e.day', 'e.period_id', 'e.class_id', 'c.class', 'c.section', 's.name as subject', 'e.room'])
      .where('e.day', '=', body.day).where('e.period_id', '=', body.period_id).where('e.teacher_id', '=', body.teacher_id);
    if (body.class_id) q = q.where('e.class_id', '!=', body.class_id);
    return q.execute();
  },
});
