/** What homework and solution answers carry, in one place for the staff and the family views. */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { DB } from '../../../generated/db.js';

type HomeworkQuery = SelectQueryBuilder<DB & { h: DB['homework'] }, 'h', object>;

/** A homework row with its class, section, subject and who set it (spec 3 §3 Homework). */
export const homeworkDetails = (qb: HomeworkQuery) => qb
  .innerJoin('class as c', 'c.id', 'h.class_id')
  .leftJoin('subject as sub', 'sub.id', 'h.subject_id')
  .leftJoin('user as u', 'u.id', 'h.user_id')
  .select(['h.id', 'h.title', 'h.class_id', 'h.subject_id', 'h.description', 'h.submission_date', 'h.files', 'h.timestamp', 'h.user_id',
    'c.class', 'c.section', 'sub.name as subject', 'u.name as teacher_name'])
  .select((eb) => eb.selectFrom('homework_solution as hs').whereRef('hs.homework_id', '=', 'h.id')
    .select((e) => e.fn.countAll<number>().as('n')).as('solutions_count'));

/** Solutions with the student's name and the name of the teacher who corrected them (spec 3 §3 Solution). */
export const solutionDetails = (db: Kysely<DB>) => db.selectFrom('homework_solution as hs')
  .innerJoin('student as st', 'st.id', 'hs.student_id')
  .leftJoin('user as t', 't.id', 'hs.remarked_by')
  .select(['hs.id', 'hs.homework_id', 'hs.student_id', 'hs.description', 'hs.files', 'hs.attachment', 'hs.remarks', 'hs.timestamp',
    'hs.remarked_at', 'st.fullname as student_name', 't.name as teacher_name'])
  .orderBy('hs.timestamp', 'desc').orderBy('hs.id', 'desc');
