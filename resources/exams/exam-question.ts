import schema from '../../schemas/exams/exam-question.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** The questions of a legacy exam, written through the exam's calls (spec 4 §7); they go with their exam. */
export default defineResource({
  name: 'exam-questions', module: 'exams', schema, table: 'exam_question',
  label: 'Exam Questions', singular: 'Question', icon: 'FileDoneOutlined',
  api: {},
  relations: { exam: { from: 'exam_id', resource: 'exams', field: 'name' } },
  access: { read: ['staff'], create: ['staff'], remove: ['staff'] },
  messages: {},
});
