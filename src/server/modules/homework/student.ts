/**
 * A family's view of homework (spec 4 §3, §7): the homework of one of their students' class,
 * each with that student's own solutions and the teacher's remarks. Only a student the person
 * reaches (a parent's own children) is answered; any other is answered like a missing one.
 */
import { schoolDayStart } from '../../framework/periods.js';
import type { Kysely } from 'kysely';
import type { DB } from '../../../generated/db.js';
import { notFound } from '../../framework/errors.js';
import type { CallCtx } from '../../framework/calls.js';
import { homeworkDetails, solutionDetails } from './rows.js';
import { submissionOver } from './reach.js';

/** Without paging, a child's newest this many homework are listed. */
const LIST_LIMIT = 200;

/** The student if the person reaches them (their own child), else 404. */
export async function reachedStudent(ctx: CallCtx, studentId: number) {
  const row = await ctx.scoped('students', 'st').select(['st.id', 'st.class_id', 'st.fullname']).where('st.id', '=', studentId).executeTakeFirst();
  if (!row) throw notFound('Student not found');
  return row as { id: number; class_id: number | null; fullname: string };
}

const ofClass = (db: Kysely<DB>, classId: number | null) => homeworkDetails(db.selectFrom('homework as h')).where('h.class_id', '=', classId ?? -1);

/** Each homework with this student's solutions and whether submissions are still open. */
async function withSolutions<T extends { id: number; submission_date: string }>(db: Kysely<DB>, studentId: number, rows: T[]) {
  const ids = rows.map((r) => r.id);
  const solutions = ids.length ? await solutionDetails(db).where('hs.student_id', '=', studentId).where('hs.homework_id', 'in', ids).execute() : [];
  return rows.map((h) => ({ ...h, over: submissionOver(h.submission_date), solutions: solutions.filter((s) => s.homework_id === h.id) }));
}

/** GET /homework/{student_id}/ for role 1: the student's class's homework, newest submission date first. */
export async function studentHomeworkList(ctx: CallCtx, studentId: number) {
  const student = await reachedStudent(ctx, studentId);
  const rows = await ofClass(ctx.db, student.class_id).orderBy('h.submission_date', 'desc').orderBy('h.id', 'desc').limit(LIST_LIMIT).execute();
  return withSolutions(ctx.db, student.id, rows);
}

/** GET /homework/student/{student_id}/{homework_id}/: one homework of the student's class, else 404. */
export async function studentHomeworkOne(ctx: CallCtx, studentId: number, homeworkId: number) {
  const student = await reachedStudent(ctx, studentId);
  const row = await ofClass(ctx.db, student.class_id).where('h.id', '=', homeworkId).executeTakeFirst();
  if (!row) throw ctx.fail('noHomework', 404);
  const [one] = await withSolutions(ctx.db, student.id, [row]);
  return { ...one!, student: { id: student.id, fullname: student.fullname } };
}

/**
 * A student's homework set since `since` (YYYY-MM-DD, by the day it was set at the school),
 * newest first, with how many solutions they sent and whether one is corrected: for the parent
 * dashboard's Homeworks card. The caller has already checked the person reaches the student.
 */
export async function recentHomework(db: Kysely<DB>, studentId: number, since: string, limit = 10) {
  const student = await db.selectFrom('student').select('class_id').where('id', '=', studentId).executeTakeFirst();
  if (!student?.class_id) return [];
  return db.selectFrom('homework as h')
    .leftJoin('subject as sub', 'sub.id', 'h.subject_id')
    .select(['h.id', 'h.title', 'h.subject_id', 'sub.name as subject', 'h.submission_date', 'h.timestamp'])
    .select((eb) => [
      eb.selectFrom('homework_solution as hs').whereRef('hs.homework_id', '=', 'h.id').where('hs.student_id', '=', studentId)
        .select((e) => e.fn.countAll<number>().as('n')).as('submitted'),
      eb.selectFrom('homework_solution as hs').whereRef('hs.homework_id', '=', 'h.id').where('hs.student_id', '=', studentId).where('hs.remarks', 'is not', null)
        .select((e) => e.fn.countAll<number>().as('n')).as('corrected'),
    ])
    .where('h.class_id', '=', student.class_id).where('h.timestamp', '>=', schoolDayStart(since))
    .orderBy('h.timestamp', 'desc').orderBy('h.id', 'desc').limit(limit).execute()
    .then((rows) => rows.map((r) => ({ ...r, submitted: Number(r.submitted ?? 0), corrected: Number(r.corrected ?? 0) })));
}
