import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { items } from '../../framework/items.js';
import { inTransaction } from '../../framework/service.js';
import { service } from '../../framework/services.js';
import { schoolToday } from '../../framework/periods.js';
import { ATTEMPT_STATUS } from '../../../generated/enums/online_tests.js';
import { itemAnalysis } from './analysis.js';
import { answersOf, closeExpired, FINISHED, pendingOf } from './attempts.js';
import { onTenMinuteStep } from './clock.js';
import { fullMarks, passes } from './marking.js';
import { testQuestions } from './questions.js';

/** One assignment the person reaches (a teacher: of their classes), else 404 (the declared scope has checked it). */
async function assignmentOf(ctx: CallCtx, id: number) {
  return (await ctx.scoped('online-test-assignments', 'a').innerJoin('ot_test as t', 't.id', 'a.test_id')
    .select(['a.id', 'a.test_id', 'a.class_id', 'a.subject_id', 'a.pass_marks', 'a.duration', 'a.start_time', 'a.evaluator', 'a.marks_test_id', 't.name'])
    .where('a.id', '=', id).executeTakeFirstOrThrow()) as {
    id: number; test_id: number; class_id: number; subject_id: number | null; pass_marks: number | null; duration: number;
    start_time: string | null; evaluator: number | null; marks_test_id: number | null; name: string;
  };
}

/** The finished attempts of an assignment with their answers (the expired ones closed first). */
async function finishedAttempts(ctx: CallCtx, assignId: number) {
  await closeExpired(ctx, assignId);
  const rows = await ctx.db.selectFrom('ot_attempt').select(['id', 'student_id', 'marks_obtained', 'status'])
    .where('assign_id', '=', assignId).where('status', 'in', [...FINISHED]).orderBy('id').execute();
  return Promise.all(rows.map(async (r) => ({ ...r, answers: [...(await answersOf(ctx, r.id)).values()] })));
}

export default defineHandlers('online-test-assignments', {
  list: async (ctx, { params }) => {
    const test = await ctx.db.selectFrom('ot_test').select('id').where('id', '=', params.id).executeTakeFirst();
    if (!test) throw ctx.fail('noTest', 404);
    const rows = await ctx.scoped('online-test-assignments', 'a')
      .leftJoin('class as c', 'c.id', 'a.class_id').leftJoin('subject as sub', 'sub.id', 'a.subject_id').leftJoin('teacher as te', 'te.id', 'a.evaluator')
      .select(['a.id', 'a.test_id', 'a.class_id', 'c.class', 'c.section', 'a.subject_id', 'sub.name as subject', 'a.pass_marks', 'a.duration',
        'a.start_time', 'a.evaluator', 'te.fullname as evaluator_name', 'a.marks_test_id', 'a.timestamp'])
      .select((eb: any) => [
        eb.selectFrom('ot_attempt as at').whereRef('at.assign_id', '=', 'a.id').select((e: any) => e.fn.countAll().as('n')).as('attempts'),
        eb.selectFrom('ot_attempt as at').whereRef('at.assign_id', '=', 'a.id').where('at.status', 'in', [...FINISHED]).select((e: any) => e.fn.countAll().as('n')).as('finished'),
      ])
      .where('a.test_id', '=', test.id).orderBy('a.id', 'desc').execute();
    return rows.map((r: Record<string, unknown>) => ({ ...r, attempts: Number(r.attempts ?? 0), finished: Number(r.finished ?? 0) }));
  },

  /*
   * Assigning a class again changes its assignment while no student of it has started; start
   * times are on the form's 10-minute steps, and pass marks within the test's full marks.
   */
  assign: async (ctx, { params, body }) => inTransaction(ctx, async (tx) => {
    const test = await tx.db.selectFrom('ot_test').select('id').where('id', '=', params.id).forUpdate().executeTakeFirst();
    if (!test) throw ctx.fail('noTest', 404);
    if (body.subject_id != null) {
      const subject = await tx.db.selectFrom('subject').select('class_id').where('id', '=', body.subject_id).executeTakeFirst();
      if (!subject || subject.class_id !== body.class_id) throw ctx.fail('subjectNotOfClass');
    }
    if (body.evaluator != null && !(await tx.db.selectFrom('teacher').select('id').where('id', '=', body.evaluator).executeTakeFirst())) throw ctx.fail('evaluator', 404);
    if (body.start_time && !onTenMinuteStep(body.start_time)) throw ctx.fail('startStep');
    const questions = await testQuestions(tx.db, test.id);
    if (!questions.length) throw ctx.fail('noQuestions');
    const total = fullMarks(questions);
    if (body.pass_marks != null && body.pass_marks > total) throw ctx.fail('passOverTotal', 400, { total });
    const values = {
      subject_id: body.subject_id ?? null, pass_marks: body.pass_marks ?? null, duration: body.duration,
      start_time: body.start_time ? new Date(body.start_time).toISOString() : null, evaluator: body.evaluator ?? null,
    };
    const existing = await tx.db.selectFrom('ot_assign').select('id').where('test_id', '=', test.id).where('class_id', '=', body.class_id).executeTakeFirst();
    if (existing) {
      if (await tx.db.selectFrom('ot_attempt').select('id').where('assign_id', '=', existing.id).executeTakeFirst()) throw ctx.fail('started', 409);
      await items(tx, 'online-test-assignments').update(existing.id, values);
      return { id: existing.id, total_marks: total };
    }
    const row = await items(tx, 'online-test-assignments').create({
      test_id: test.id, class_id: body.class_id, ...values, user_id: ctx.user.id, marks_test_id: null, timestamp: new Date().toISOString(),
    });
    return { id: row.id, total_marks: total };
  }),

  // The attempts of an assignment (spec 4 §3 "Attempt (teacher view)"); attempts past their deadline are closed first.
  attempts: async (ctx, { params }) => {
    const a = await assignmentOf(ctx, params.assign_id);
    await closeExpired(ctx, a.id);
    const rows = await ctx.db.selectFrom('ot_attempt as at').innerJoin('student as st', 'st.id', 'at.student_id')
      .select(['at.id', 'at.student_id', 'st.fullname as name', 'st.roll_no', 'at.start_time', 'at.end_time', 'at.marks_obtained', 'at.status', 'at.duration'])
      .where('at.assign_id', '=', a.id).orderBy('st.roll_no').orderBy('st.fullname').orderBy('at.id').execute();
    const pending = await pendingOf(ctx, rows.filter((r) => r.status !== ATTEMPT_STATUS.ONGOING).map((r) => r.id));
    return rows.map((r) => ({
      ...r, test_id: a.test_id, pending: r.status === ATTEMPT_STATUS.ONGOING ? null : pending.get(r.id) ?? 0,
      passed: r.status === ATTEMPT_STATUS.ONGOING ? null : passes(r.marks_obtained, a.pass_marks),
    }));
  },

  analysis: async (ctx, { params }) => {
    const a = await assignmentOf(ctx, params.assign_id);
    const [questions, attempts] = await Promise.all([testQuestions(ctx.db, a.test_id), finishedAttempts(ctx, a.id)]);
    return { assign_id: a.id, test_id: a.test_id, name: a.name, ...itemAnalysis(questions, attempts, a.pass_marks) };
  },

  /*
   * The results as a test of the class in the marks register (the marks module's declared
   * service): every student of the class, absent when they did not take it. Sent again, the same
   * register test is brought up to date. Negative totals are entered as 0, the register's least.
   */
  sendToMarks: async (ctx, { params }) => {
    const a = await assignmentOf(ctx, params.assign_id);
    if (a.subject_id === null) throw ctx.fail('noSubject');
    const attempts = await finishedAttempts(ctx, a.id);
    if (await ctx.db.selectFrom('ot_attempt').select('id').where('assign_id', '=', a.id).where('status', '=', ATTEMPT_STATUS.ONGOING).executeTakeFirst()) throw ctx.fail('open', 409);
    if (!attempts.length) throw ctx.fail('noAttempts');
    if (attempts.some((at) => at.answers.some((x) => x.marks_awarded === null))) throw ctx.fail('unmarked', 409);
    const questions = await testQuestions(ctx.db, a.test_id);
    const day = schoolToday(a.start_time ? new Date(a.start_time) : new Date());
    return inTransaction(ctx, async (tx) => {
      const out = await service('marks.recordTestMarks')(tx, {
        test_id: a.marks_test_id, name: a.name, class_id: a.class_id, subject_id: a.subject_id!, date: day,
        max_marks: fullMarks(questions), min_marks: a.pass_marks ?? 0,
        marks: attempts.map((at) => ({ student_id: at.student_id, marks: Math.max(0, at.marks_obtained ?? 0) })),
      });
      await items(tx, 'online-test-assignments').update(a.id, { marks_test_id: out.test_id }, { action: 'marks-register' });
      return { assign_id: a.id, ...out };
    });
  },
});
