import promote from '../../schemas/students/calls/promote.json' with { type: 'json' };
import schema from '../../schemas/students/student-year.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * A student's academic years (history kept for ever: class, section, roll number, year status,
 * admission type). Written by admission, import and promotion; promotion is an academics screen.
 * One row per student, year and class: a shuffle inside a year keeps the old class's row as
 * Shuffled (4) beside the new class's Current one, so both class lists show the student. A year
 * has at most one row that is not Shuffled; the promotion calls keep that.
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
    promote: {
      route: '/academics/promote/', component: 'PromoteStudents', permission: 'update', menu: 'Promote',
      calls: ['students.classYearList', 'student-years.promote', 'student-years.graduate', 'student-years.yearBreak', 'student-years.shuffle'],
      reads: ['classes', 'acyears'],
    },
  },
  // The promote screen's actions; their payloads are checked in the screen's order (src/shared/promotion.ts).
  calls: {
    promote: { call: 'POST /promote/students/', permission: 'update', payload: promote, message: 'Students promoted', errors: { yearOrder: 'The To academic year must come after the From academic year' } },
    graduate: { call: 'PUT /promote/students/', permission: 'update', payload: promote, message: 'Students marked as Graduates' },
    yearBreak: { call: 'PATCH /promote/students/', permission: 'update', payload: promote, message: 'Students marked for Year Back/Break' },
    shuffle: { call: 'POST /shuffle/students/', permission: 'update', payload: promote, message: 'Students shuffled' },
  },
  unique: [{ fields: ['student_id', 'ac_year_id', 'class_id'], message: 'The student is already in this class in this academic year' }],
  access: { read: ['staff'], create: ['admins'], update: ['admins'], remove: ['admins'] },
  messages: {},
});
