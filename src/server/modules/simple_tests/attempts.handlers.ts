import { defineHandlers } from '../../framework/calls.js';
import { storedUploads } from '../../framework/files.js';
import { items } from '../../framework/items.js';
import { inTransaction } from '../../framework/service.js';
import { notify } from '../../platform/notifications.js';
import { hasRole } from '../../../shared/roles.js';
import { SOLUTION_STATUS as STATUS } from '../../../generated/enums/simple_tests.js';
import { attemptClock, twoDecimals } from './clock.js';
import { attemptView, startBlock } from './family.js';
import { reachedStudent, teacherProfile } from './reach.js';

export default defineHandlers('simple-test-solutions', {
  /*
   * Start (or resume) an attempt for the family's own student, on the server's clock. An attempt
   * still open is answered again with its own start time, so a second device resumes it with
   * the time that is really left; otherwise two attempts at most, only on the start day.
   */
  start: async (ctx, { body }) => {
    const student = await reachedStudent(ctx, body.student_id);
    return inTransaction(ctx, async (tx) => {
      // The test's row lock makes two taps at once one attempt.
      const test = await tx.db.selectFrom('simple_test').select(['id', 'test_name', 'duration', 'start_time', 'files', 'max_marks'])
        .where('id', '=', body.test_id).where('class_id', '=', student.class_id).where('ac_year_id', '=', student.ac_year_id)
        .forUpdate().executeTakeFirst();
      if (!test) throw tx.fail('missing', 404);
      const now = new Date();
      const attempts = (await tx.db.selectFrom('simple_test_solution').selectAll().where('test_id', '=', test.id)
        .where('student_id', '=', student.id).orderBy('id').execute()).map((a) => attemptView(a, test.duration, now));
      const open = attempts.find((a) => a.open);
      const paper = { test_name: test.test_name, duration: test.duration, max_marks: test.max_marks, files: test.files };
      if (open) return { ...open, resumed: true, test: paper };
      const block = startBlock(attempts, test.start_time, now);
      if (block) throw tx.fail(block, 403);
      const row = await items(tx, 'simple-test-solutions').create({
        test_id: test.id, student_id: student.id, status: STATUS.IN_PROGRESS, start_time: now.toISOString(),
        end_time: null, student_files: [], student_remarks: null, marks_obtained: null, teacher_remarks: null, teacher_files: [], teacher_id: null,
      }, { action: 'start' });
      const made = await tx.db.selectFrom('simple_test_solution').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
      return { ...attemptView(made, test.duration, now), resumed: false, test: paper };
    });
  },

  // The photos of the answers, until the writing time, the upload window and the grace are over.
  submit: async (ctx, { body }) => {
    const student = await reachedStudent(ctx, body.student_id);
    const files = await storedUploads(ctx, body.student_files ?? [], 'simple-test-solutions', () => ctx.fail('file'));
    return inTransaction(ctx, async (tx) => {
      const attempt = await tx.db.selectFrom('simple_test_solution as s').innerJoin('simple_test as t', 't.id', 's.test_id')
        .select(['s.id', 's.status', 's.start_time', 't.duration', 't.test_name', 't.evaluator'])
        .where('s.id', '=', body.test_attempt_id).where('s.student_id', '=', student.id).forUpdate('s').executeTakeFirst();
      if (!attempt) throw tx.fail('missing', 404);
      if (attempt.status === STATUS.NOT_SUBMITTED) throw tx.fail('over', 403);
      if (attempt.status !== STATUS.IN_PROGRESS) throw tx.fail('submitted', 409);
      if (!attemptClock(attempt.start_time, attempt.duration).open) throw tx.fail('over', 403);
      await items(tx, 'simple-test-solutions').update(attempt.id, {
        status: STATUS.AWAITING_REPLY, end_time: new Date().toISOString(), student_files: files,
        student_remarks: body.student_remarks?.trim() || null, submitted_by: tx.user.id,
      }, { action: 'submit' });
      const evaluator = await tx.db.selectFrom('teacher').select('user_id').where('id', '=', attempt.evaluator).executeTakeFirst();
      if (evaluator?.user_id) await notify(tx, { users: [evaluator.user_id] }, { title: 'Simple test solution', body: `${student.fullname}: ${attempt.test_name}` });
      return { id: attempt.id, status: STATUS.AWAITING_REPLY };
    });
  },

  // A teacher (a login with a teacher profile) gives marks within the test's maximum, remarks and files.
  reply: async (ctx, { body }) => {
    const teacherId = await teacherProfile(ctx);
    if (!teacherId) throw ctx.fail('notTeacher', 403);
    if (body.teacher_id != null && body.teacher_id !== teacherId) throw ctx.fail('notYou', 403);
    if (!twoDecimals(body.marks_obtained)) throw ctx.fail('marks');
    const files = await storedUploads(ctx, body.teacher_files ?? [], 'simple-test-replies', () => ctx.fail('file'));
    return inTransaction(ctx, async (tx) => {
      const solution = await tx.db.selectFrom('simple_test_solution as s').innerJoin('simple_test as t', 't.id', 's.test_id')
        .innerJoin('student as st', 'st.id', 's.student_id')
        .select(['s.id', 's.status', 't.max_marks', 't.test_name', 'st.user_id'])
        .where('s.id', '=', body.test_solution_id).forUpdate('s').executeTakeFirst();
      if (!solution) throw tx.fail('missing', 404);
      if (solution.status !== STATUS.AWAITING_REPLY && solution.status !== STATUS.REPLIED) throw tx.fail('notSubmitted');
      if (body.marks_obtained > solution.max_marks) throw tx.fail('range', 400, { max: solution.max_marks });
      const remarks = body.teacher_remarks?.trim() || null;
      await items(tx, 'simple-test-solutions').update(solution.id, {
        status: STATUS.REPLIED, marks_obtained: body.marks_obtained, teacher_remarks: remarks, teacher_files: files,
        teacher_id: teacherId, replied_at: new Date().toISOString(),
      }, { action: 'reply' });
      if (solution.user_id) {
        await notify(tx, { users: [solution.user_id] }, { title: 'Simple test replied', body: `${solution.test_name}: ${body.marks_obtained} / ${solution.max_marks}` });
      }
      return { id: solution.id, status: STATUS.REPLIED, marks_obtained: body.marks_obtained, teacher_remarks: remarks, teacher_files: files };
    });
  },

  // The replying teacher's own remarks, or an admin's removal; the solution awaits a reply again.
  removeRemarks: async (ctx, { params }) => inTransaction(ctx, async (tx) => {
    const solution = await tx.db.selectFrom('simple_test_solution').select(['id', 'status', 'teacher_id'])
      .where('id', '=', params.id).forUpdate().executeTakeFirst();
    if (!solution) throw tx.fail('missing', 404);
    if (solution.status !== STATUS.REPLIED) throw tx.fail('noRemarks');
    if (!hasRole(tx.user, 'admins')) {
      const teacherId = await teacherProfile(tx);
      if (!teacherId || teacherId !== solution.teacher_id) throw tx.fail('notEvaluator', 403);
    }
    await items(tx, 'simple-test-solutions').update(solution.id, {
      status: STATUS.AWAITING_REPLY, marks_obtained: null, teacher_remarks: null, teacher_files: [], teacher_id: null, replied_at: null,
    }, { action: 'remove-remarks' });
    return { id: solution.id, status: STATUS.AWAITING_REPLY };
  }),
});
