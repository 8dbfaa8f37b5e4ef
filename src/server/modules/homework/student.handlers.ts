import { defineHandlers } from '../../framework/calls.js';
import { studentHomeworkOne } from './student.js';

export default defineHandlers('homework', {
  // The declared scope has admitted the student (a parent's own child); the homework must be of the child's class.
  student: async (ctx, { params }) => studentHomeworkOne(ctx, params.student_id, params.homework_id),
});
