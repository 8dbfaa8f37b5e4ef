import schema from '../../schemas/exams/exam-assignment.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** A legacy exam given to a class for an academic year, written through PUT /exam/assign/ (spec 4 §7). */
export default defineResource({
  name: 'exam-assignments', module: 'exams', schema, table: 'exam_assign',
  label: 'Exam Assignments', singular: 'Assignment', icon: 'FileDoneOutlined',
  api: {},
  relations: {
    exam: { from: 'exam_id', resource: 'exams', field: 'name' },
    class: { from: 'class_id', resource: 'classes', field: 'class' },
    ac_year: { from: 'ac_year_id', resource: 'acyears', field: 'name' },
  },
  unique: [{ fields: ['exam_id', 'class_id', 'ac_year_id'], message: 'This exam is already assigned to this class for the year' }],
  access: { read: ['staff'], create: ['staff'], remove: ['staff'] },
  messages: {},
});
