import schema from '../../schemas/students/attendance.json' with { type: 'json' };
import correction from '../../schemas/students/calls/attendance.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** Daily attendance of students, one row per student and date; the details editor corrects a day. */
export default defineResource({
  name: 'attendance', module: 'students', schema, table: 'attendance',
  label: 'Attendance', singular: 'Attendance', icon: 'CalendarOutlined',
  api: {},
  relations: {
    student: { from: 'student_id', resource: 'students', field: 'fullname' },
    class: { from: 'class_id', resource: 'classes', field: 'class' },
  },
  unique: [{ fields: ['student_id', 'date'], message: 'Attendance for this day is already recorded' }],
  calls: {
    // The student details' attendance editor: one day, and its correction (the date text as the payload schema says it).
    day: { call: 'GET /attendance/student/{student_id}/{date}/', permission: 'read', text: ['date'], scope: { student_id: 'students' }, errors: { date: correction.properties.date.errorMessage.format } },
    correct: { call: 'POST /attendance/students/', permission: 'update', payload: correction, scope: { student_id: 'students' }, message: 'Attendance Updated' },
  },
  scope: { parent: { student: 'student_id' } },
  access: { read: ['parent', 'teacher', 'admin', 'super_admin'], update: ['teacher', 'admin', 'super_admin'] },
  messages: {},
});
