import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { items } from '../../framework/items.js';
import { push } from '../../realtime/hub.js';
import { classOf, onAccessList, reachedStudent, STATUS } from './reach.js';

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

/** A question's answers with their writers' names, in order, replies under the answer they reply to. */
async function answersOf(ctx: CallCtx, questionId: number) {
  const rows = await ctx.db.selectFrom('vc_answer as a').leftJoin('student as s', 's.id', 'a.student_id').leftJoin('teacher as t', 't.id', 'a.teacher_id')
    .select(['a.id', 'a.answer', 'a.parent_answer_id', 'a.student_id', 'a.teacher_id', 'a.timestamp', 's.fullname as student_name', 't.fullname as teacher_name'])
    .where('a.question_id', '=', questionId).orderBy('a.timestamp').orderBy('a.id').execute();
  type Row = (typeof rows)[number] & { replies: Row[] };
  const byId = new Map<number, Row>(rows.map((r) => [r.id, { ...r, timestamp: iso(r.timestamp) as never, replies: [] }]));
  const top: Row[] = [];
  for (const r of byId.values()) {
    const parent = r.parent_answer_id != null ? byId.get(r.parent_answer_id) : undefined;
    if (parent) parent.replies.push(r); else top.push(r);
  }
  return top;
}

interface QuestionRow { id: number; vc_class_id: number; student_id: number; question: string; description: string | null; timestamp: Date | string | null; student_name: string | null }

/** The questions a person reads of a class: staff all of them, a family their own children's. */
function questionsQuery(ctx: CallCtx) {
  return ctx.scoped('vc-questions', 'q').leftJoin('student as s', 's.id', 'q.student_id')
    .select(['q.id', 'q.vc_class_id', 'q.student_id', 'q.question', 'q.description', 'q.timestamp', 's.fullname as student_name']);
}

export default defineHandlers('vc-questions', {
  list: async (ctx, { params }) => {
    const v = await classOf(ctx, params.id, () => ctx.fail('missing', 404));
    // A family's child must be in the class; the scope already narrows the rows to their own children.
    const rows = await questionsQuery(ctx).where('q.vc_class_id', '=', v.id).orderBy('q.timestamp', 'desc').execute() as QuestionRow[];
    const counts = rows.length
      ? await ctx.db.selectFrom('vc_answer').select(['question_id', (e) => e.fn.countAll<number>().as('n')]).where('question_id', 'in', rows.map((r) => r.id)).groupBy('question_id').execute()
      : [];
    return rows.map((r) => ({ ...r, timestamp: iso(r.timestamp), answers: Number(counts.find((c) => c.question_id === r.id)?.n ?? 0) }));
  },

  one: async (ctx, { params }) => {
    const q = await questionsQuery(ctx).where('q.id', '=', params.id).where('q.vc_class_id', '=', params.vc).executeTakeFirst() as QuestionRow | undefined;
    if (!q) throw ctx.fail('missing', 404);
    return { ...q, timestamp: iso(q.timestamp), answers: await answersOf(ctx, q.id) };
  },

  // A family asks for their own child, who must be of the class and on its access list.
  ask: async (ctx, { params, body }) => {
    const v = await classOf(ctx, params.id, () => ctx.fail('missing', 404));
    if (body.vc_class_id != null && body.vc_class_id !== v.id) throw ctx.fail('missing', 404);
    if (v.status === STATUS.CANCELLED) throw ctx.fail('closed', 409);
    if (body.student_id == null) throw ctx.fail('student', 404);
    const student = await reachedStudent(ctx, body.student_id);
    if (student.class_id !== v.class_id) throw ctx.fail('missing', 404);
    if (!(await onAccessList(ctx, student.id))) throw ctx.fail('noAccess', 403);
    const row = await items(ctx, 'vc-questions').create({
      vc_class_id: v.id, student_id: student.id, question: body.question.trim(), description: body.description?.trim() || null,
      asked_by: ctx.user.id, timestamp: new Date().toISOString(),
    });
    const question = { id: row.id, question: row.question, description: row.description ?? null, student_id: student.id, name: student.fullname, vc_class: v.id };
    push(ctx).toRoom(`vc:${v.id}:teachers`, 'vc_room', { type: 'question', vc_class: v.id, question });
    return { id: row.id };
  },
});

