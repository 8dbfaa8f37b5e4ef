import schema from '../../schemas/students/student-year.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * A student's academic years (history kept for ever: class, section, roll number, year status,
 * admission type). Written by admission, import and promotion; promotion is an academics screen.
 */
export default defineResource({
  name: 'student-years', module: 'academics', schema, table: 'student_year',
  label: 'Promote Students', singular: 'Academic Year Entry', icon: 'RiseOutlined',
  api: {},
  relations: {
    student: { from: 'student_id', resource: 'students', field: 'fullname' },
    class: { from: 'class_id', resource: 'classes', field: 'class' },
    section: { from: 'class_id', resource: 'classes', field: 'section' },
    ac_year: { from: 'ac_year_id', resource: 'acyears', field: 'name' },
  },
  pages: {
    promote: { route: '/academics/promote/', component: 'PromoteStudents', permission: 'update', menu: 'Promote' },
  },
  unique: [{ fields: ['student_id', 'ac_year_id'], message: 'The student already has a class in this academic year' }],
  access: { read: [2, 3, 4], create: [3, 4], update: [3, 4], remove: [3, 4] },
  messages: {},
});
