import schema from '../../schemas/hr/employee-attendance.json' with { type: 'json' };
import attendanceQuery from '../../schemas/hr/calls/attendance-query.json' with { type: 'json' };
import save from '../../schemas/hr/calls/attendance-save.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * Employee attendance (spec 3 HR): one row per employee and day, present (1), absent (0) or on
 * leave (absent with a leave type: -1 Loss of Pay, 1 Casual, 2 Sick, 4 Others). Present clears
 * the leave type. A saved record is locked (spec 3 §4), since payroll's loss of pay reads it:
 * taking the day again leaves it as it is, and a save that would change it is refused.
 */
export default defineResource({
  name: 'employee-attendance', module: 'hr', schema, table: 'hr_employee_attendance',
  label: 'Employee Attendance', singular: 'Attendance', icon: 'CalendarOutlined',
  api: {},
  relations: { employee: { from: 'emp_id', resource: 'employees', field: 'name' } },
  unique: [{ fields: ['emp_id', 'date'], message: 'Attendance for this employee and day is already recorded' }],
  indexes: [['date']],
  calls: {
    day: {
      call: 'GET /employee/attendance', permission: 'read', query: attendanceQuery,
      errors: { date: 'Date is requried!' },
    },
    save: {
      call: 'PUT /employee/attendance', permission: 'create', payload: save, message: 'Employee attendance updated!',
      errors: {
        date: 'Date is requried!',
        future: 'Attendance cannot be taken for a day still to come',
        twice: '{name} is listed twice',
        unknown: 'Employee {emp_id} not found',
        locked: 'Attendance of {name} for this day is already saved',
        saved: 'Attendance of {name} for this day is saved and locked: it cannot be changed',
        wrongRecord: 'Attendance record {id} is not {name}\'s for this day',
      },
    },
  },
  pages: {
    take: {
      route: '/employee/attendance', component: 'EmployeeAttendance', permission: 'create', menu: 'Employee Attendance',
      calls: ['employee-attendance.day', 'employee-attendance.save'],
    },
    update: {
      route: '/employee/attendance/update', component: 'EmployeeAttendance', permission: 'update', menu: 'Update Attendance',
      calls: ['employee-attendance.day', 'employee-attendance.save'],
    },
  },
  access: { read: ['admins'], create: ['admins'], update: ['admins'] },
  messages: {},
});
