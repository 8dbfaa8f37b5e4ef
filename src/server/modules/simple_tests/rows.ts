/** What simple test answers carry, in one place for the staff and the family views. */
import type { Kysely } from 'kysely';
import type { DB } from '../../../generated/db.js';

/** A test with its class, section, year, subject and evaluator's name (spec 4 §3 Simple test). */
export const testDetails = (db: Kysely<DB>) => db.selectFrom('simple_test as t')
  .innerJoin('class as c', 'c.id', 't.class_id')
  .leftJoin('ac_year as y', 'y.id', 't.ac_year_id')
  .leftJoin('subject as sub', 'sub.id', 't.subject_id')
  .leftJoin('teacher as ev', 'ev.id', 't.evaluator')
  .select(['t.id', 't.test_name', 't.ac_year_id', 't.class_id', 't.subject_id', 't.evaluator', 't.description', 't.files', 't.max_marks',
    't.pass_marks', 't.duration', 't.start_time', 't.timestamp', 'c.class', 'c.section', 'y.name as ac_year', 'sub.name as subject',
    'ev.fullname as evaluator_name', 'ev.user_id as evaluator_user_id']);

/** Solutions with the student's name and the replying teacher (spec 4 §3 Solution; extras: evaluator and their login). */
export const solutionDetails = (db: Kysely<DB>) => db.selectFrom('simple_test_solution as s')
  .innerJoin('student as st', 'st.id', 's.student_id')
  .leftJoin('teacher as tr', 'tr.id', 's.teacher_id')
  .select(['s.id', 's.test_id', 's.student_id', 's.status', 's.start_time', 's.end_time', 's.student_files', 's.student_remarks',
    's.marks_obtained', 's.teacher_remarks', 's.teacher_files', 's.teacher_id', 's.replied_at', 'st.fullname as student_name',
    'tr.fullname as teacher_name', 'tr.user_id as teacher_user_id']);

/** Timestamps as ISO text, the way every answer writes them. */
export const iso = (t: Date | string | null) => (t === null ? null : t instanceof Date ? t.toISOString() : new Date(t).toISOString());
