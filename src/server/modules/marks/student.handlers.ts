/**
 * A child's marks for their parent or themselves (spec 4 §3 marks row): approved tests only,
 * newest test first. Row scope has already admitted the student (a parent's own children).
 */
import { defineHandlers } from '../../framework/calls.js';
import { APPROVAL_STATUS } from '../../../generated/enums/marks.js';

export default defineHandlers('marks', {
  async student(ctx, { params }) {
    return ctx.db.selectFrom('marks as m')
      .innerJoin('class_test as ts', 'ts.id', 'm.test_subject_id')
      .innerJoin('test as t', 't.id', 'ts.test_id')
      .innerJoin('subject as sub', 'sub.id', 'ts.subject_id')
      .innerJoin('marks_approval as a', (j) => j.onRef('a.test_id', '=', 'ts.test_id').onRef('a.class_id', '=', 'ts.class_id'))
      .select(['m.id', 't.id as test_id', 't.name as test_name', 't.start_date', 'sub.name as subject_name', 'm.marks_obtained', 'm.absent', 'm.grade',
        'ts.min_marks', 'ts.max_marks', 'ts.marks_type'])
      .where('m.student_id', '=', params.student_id).where('a.status', '=', APPROVAL_STATUS.APPROVED)
      .orderBy('t.start_date', 'desc').orderBy('t.id', 'desc').orderBy('sub.name')
      .execute();
  },
});
