import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { notFound } from '../../framework/errors.js';
import { pageOf, queryPage } from '../../framework/paging.js';
import { audit, inTransaction } from '../../framework/service.js';
import { items } from '../../framework/items.js';
import { ROLE_IDS } from '../../../shared/roles.js';
import { hasRichText, sanitizeRichText } from '../../../shared/richText.js';
import { putSetting } from '../../platform/settings.js';
import { storedFiles } from './files.js';
import { staffHomework, TEACHER_ACCESS_KEY, teacherAccessMode } from './reach.js';
import { homeworkDetails, solutionDetails } from './rows.js';
import { studentHomeworkList } from './student.js';
import { STUDENT_STATUS } from '../../../generated/enums/students.js';

/** Without paging, the newest this many are listed. */
const LIST_LIMIT = 500;

/** The homework list, newest submission date first, filtered and paged as asked. */
async function listOf(ctx: CallCtx, filter: { class_id?: number; subject_id?: number }, query: { page?: string; page_size?: string }) {
  let rows = homeworkDetails(await staffHomework(ctx));
  if (filter.class_id) rows = rows.where('h.class_id', '=', filter.class_id);
  if (filter.subject_id) rows = rows.where('h.subject_id', '=', filter.subject_id);
  const ordered = rows.orderBy('h.submission_date', 'desc').orderBy('h.id', 'desc');
  const page = queryPage(query);
  if (!page) return ordered.limit(LIST_LIMIT).execute();
  let counted = (await staffHomework(ctx)).select((eb) => eb.fn.countAll<number>().as('n'));
  if (filter.class_id) counted = counted.where('h.class_id', '=', filter.class_id);
  if (filter.subject_id) counted = counted.where('h.subject_id', '=', filter.subject_id);
  const [list, count] = await Promise.all([pageOf(ordered, page).execute(), counted.executeTakeFirstOrThrow()]);
  return ctx.paged(list, Number(count.n));
}

/** One homework the staff member reaches, or 404 (a restricted teacher's view of another's is a missing one). */
export async function reachedHomework(ctx: CallCtx, id: number) {
  const row = await homeworkDetails(await staffHomework(ctx)).where('h.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Homework not found');
  return row;
}

export default defineHandlers('homework', {
  list: async (ctx, { query }) => listOf(ctx, { class_id: query.class_id ? Number(query.class_id) : undefined, subject_id: query.subject_id ? Number(query.subject_id) : undefined }, query),

  bySubject: async (ctx, { params, query }) => listOf(ctx, { subject_id: params.id }, query),

  /*
   * GET /homework/{id}/ means two things by who asks (spec 3 §7 and spec 4 §7 share the path):
   * for staff {id} is a homework, answered with its solutions (the viewer); for a parent or
   * student (role 1) {id} is one of their own students, answered with that student's homework.
   * Each meaning checks its own reach, so a parent can never read a homework by its id here.
   */
  one: async (ctx, { params }) => {
    if (ctx.user.role === ROLE_IDS.parent) return studentHomeworkList(ctx, params.id);
    const homework = await reachedHomework(ctx, params.id);
    const solutions = await solutionDetails(ctx.db).where('hs.homework_id', '=', homework.id).execute();
    return { ...homework, solutions };
  },

  create: async (ctx, { body }) => {
    const cls = await ctx.db.selectFrom('class').select('id').where('id', '=', body.class_id).executeTakeFirst();
    if (!cls) throw ctx.fail('classNotFound', 404);
    if (body.subject_id != null) {
      const subject = await ctx.db.selectFrom('subject').select('class_id').where('id', '=', body.subject_id).executeTakeFirst();
      if (!subject) throw ctx.fail('subjectNotFound', 404);
      if (subject.class_id !== body.class_id) throw ctx.fail('subjectNotOfClass');
    }
    // Kept sanitised, so no reader ever gets script from the store (the browser sanitises again).
    const description = sanitizeRichText(body.description);
    if (!hasRichText(description)) throw ctx.fail('description');
    const files = await storedFiles(ctx, body.files ?? [], 'homework-files', 'file');
    return inTransaction(ctx, async (tx) => {
      const row = await items(tx, 'homework').create({
        title: body.title.trim(), class_id: body.class_id, subject_id: body.subject_id ?? null, description,
        submission_date: body.submission_date, files, user_id: tx.user.id, timestamp: new Date().toISOString(),
      });
      return { id: row.id };
    });
  },

  // The homework goes with its solutions; the files stay in the store (a restricted teacher removes only their own).
  remove: async (ctx, { params }) => {
    const homework = await reachedHomework(ctx, params.id);
    await items(ctx, 'homework').remove(homework.id, { withDependents: true });
    return { id: homework.id };
  },

  // The class's students with how many solutions each sent and how many are corrected (spec 3 §3 Submission summary).
  summary: async (ctx, { params, query }) => {
    const homework = await reachedHomework(ctx, params.id);
    const students = ctx.db.selectFrom('student as st')
      .leftJoin('homework_solution as hs', (j) => j.onRef('hs.student_id', '=', 'st.id').on('hs.homework_id', '=', homework.id))
      .select(['st.id', 'st.fullname', 'st.admission_no', 'st.roll_no'])
      .select((eb) => [eb.fn.count<number>('hs.id').as('submitted'), eb.fn.count<number>('hs.remarks').as('corrected')])
      .where('st.class_id', '=', homework.class_id).where('st.status', '=', STUDENT_STATUS.ACTIVE)
      .groupBy(['st.id', 'st.fullname', 'st.admission_no', 'st.roll_no'])
      .orderBy('st.roll_no').orderBy('st.fullname').orderBy('st.id');
    const asNumbers = <T extends { submitted: number; corrected: number }>(rows: T[]) => rows.map((r) => ({ ...r, submitted: Number(r.submitted), corrected: Number(r.corrected) }));
    const page = queryPage(query);
    if (!page) return asNumbers(await students.execute());
    const [rows, count] = await Promise.all([
      pageOf(students, page).execute(),
      ctx.db.selectFrom('student').select((eb) => eb.fn.countAll<number>().as('n')).where('class_id', '=', homework.class_id).where('status', '=', STUDENT_STATUS.ACTIVE).executeTakeFirstOrThrow(),
    ]);
    return ctx.paged(asNumbers(rows), Number(count.n));
  },

  settings: async (ctx) => ({ teacher_access_mode: await teacherAccessMode(ctx.db) }),

  saveSettings: async (ctx, { body }) => inTransaction(ctx, async (tx) => {
    await putSetting(tx.db, TEACHER_ACCESS_KEY, body.teacher_access_mode);
    await audit(tx, 'homework', 'settings', null, { teacher_access_mode: body.teacher_access_mode });
    return { teacher_access_mode: body.teacher_access_mode };
  }),
});
