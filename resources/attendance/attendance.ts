import schema from '../../schemas/attendance/attendance.json' with { type: 'json' };
import correction from '../../schemas/attendance/calls/correct.json' with { type: 'json' };
import take from '../../schemas/attendance/calls/take.json' with { type: 'json' };
import classQuery from '../../schemas/attendance/calls/class-query.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * Daily attendance of students, one row per student and date (spec 3 Attendance): taken for a
 * class and day by teachers and admins, listed per class, corrected a day at a time from the
 * student's details, and read by a parent as their child's calendar (spec 4 §2.8). The
 * school's weekly off and holidays (config `calendar`) and days still to come are not taken.
 */
export default defineResource({
  name: 'attendance', module: 'attendance', schema, table: 'attendance',
  label: 'Attendance', singular: 'Attendance', icon: 'CalendarOutlined',
  api: {},
  relations: {
    student: { from: 'student_id', resource: 'students', field: 'fullname' },
    class: { from: 'class_id', resource: 'classes', field: 'class' },
  },
  unique: [{ fields: ['student_id', 'date'], message: 'Attendance for this day is already recorded' }],
  calls: {
    // A class's day: one row per student with the day's mark and their days present so far in the year.
    classDay: {
      call: 'GET /attendance/students/{class}/{date}/{acYear}/', permission: 'read', roles: ['staff'], text: ['date'], query: classQuery,
      errors: { date: take.properties.date.errorMessage.format, future: 'Attendance cannot be taken for a day still to come', dayOff: '{day} is {reason}: no attendance is taken' },
    },
    // Taking a class's day: every row in one transaction; absentees' families texted once a day.
    take: {
      call: 'PUT /attendance/students/', permission: 'update', payload: take, message: 'Attendance Taken',
      errors: {
        future: 'Attendance cannot be taken for a day still to come',
        dayOff: '{day} is {reason}: no attendance is taken',
        notInClass: '{name} is not in this class for the academic year',
        twice: '{name} is listed twice',
        wrongRecord: 'Attendance record {att_id} is not {name}\'s for this day',
      },
    },
    // A child's year for their parent (or themselves): each day taken, the holidays, the totals.
    student: { call: 'GET /attendance/students/{student_id}/', permission: 'read', scope: { student_id: 'students' } },
    // The student details' attendance editor: one day, and its correction (the date text as the payload schema says it).
    day: { call: 'GET /attendance/student/{student_id}/{date}/', permission: 'read', text: ['date'], scope: { student_id: 'students' }, errors: { date: correction.properties.date.errorMessage.format } },
    correct: { call: 'POST /attendance/students/', permission: 'update', payload: correction, scope: { student_id: 'students' }, message: 'Attendance Updated' },
  },
  pages: {
    list: {
      route: '/attendance/', component: 'AttendanceList', permission: 'read', roles: ['staff'], menu: 'Attendance',
      calls: ['attendance.classDay'], reads: ['classes', 'acyears'], buttons: { take: 'attendance.take' },
    },
    take: {
      route: '/attendance/update', component: 'AttendanceTake', permission: 'update', menu: 'Take Attendance',
      calls: ['attendance.classDay', 'attendance.take'], reads: ['classes', 'acyears'],
    },
    mine: {
      route: '/attendance/student', component: 'StudentAttendance', permission: 'read', roles: ['family'], menu: 'Attendance',
      calls: ['attendance.student', 'students.mine'],
    },
  },
  scope: { parent: { student: 'student_id' } },
  access: { read: ['family', 'staff'], update: ['staff'] },
  messages: {},
});
