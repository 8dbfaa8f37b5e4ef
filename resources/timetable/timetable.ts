import schema from '../../schemas/timetable/timetable.json' with { type: 'json' };
import timing from '../../schemas/timetable/calls/timing.json' with { type: 'json' };
import save from '../../schemas/timetable/calls/save.json' with { type: 'json' };
import availability from '../../schemas/timetable/calls/availability.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

const CLASH = {
  teacherClash: 'This teacher has another class: {teacher} teaches {class} on {day} in {period}',
  roomClash: 'Room {room} is taken: {class} is there on {day} in {period}',
};

/**
 * The weekly timetable: one entry per class, day (monday to saturday) and period, with its
 * subject, teacher and room. Staff read any class's or teacher's week; only admins write it and
 * the timings. A teacher, and a room, is in one class per day and period: the save refuses a
 * clash (409), and unique indexes hold that under concurrent saves too. Parents read their own
 * children's class week.
 */
export default defineResource({
  name: 'timetable', module: 'timetable', schema, table: 'timetable',
  label: 'Timetable', singular: 'Timetable', icon: 'ScheduleOutlined',
  api: {},
  relations: {
    class: { from: 'class_id', resource: 'classes', field: 'class', cascade: true },
    period: { from: 'period_id', resource: 'timetable-timings', field: 'name', cascade: true },
    subject: { from: 'subject_id', resource: 'subjects', field: 'name' },
    teacher: { from: 'teacher_id', resource: 'teachers', field: 'fullname' },
  },
  unique: [
    { fields: ['class_id', 'day', 'period_id'], message: 'This period is listed twice for the class' },
    { fields: ['day', 'period_id', 'teacher_id'], message: 'This teacher has another class' },
    { fields: ['day', 'period_id', 'room'], message: 'This room is taken in that period' },
  ],
  calls: {
    timing: { call: 'GET /timetable/timing/', permission: 'read', roles: ['staff'] },
    saveTiming: {
      call: 'PUT /timetable/timing/', permission: 'update', payload: timing, message: 'School Timings Updated',
      errors: {
        order: '{name}: the end time must be after the start time',
        overlap: '{first} and {second} overlap: {second} starts before {first} ends',
        twice: 'The name {name} is used twice',
      },
    },
    class: { call: 'GET /timetable/{class_id}/', permission: 'read', roles: ['staff'] },
    save: {
      call: 'PUT /timetable/{class_id}/', permission: 'update', payload: save, message: 'Timetable Updated',
      errors: {
        ...CLASH,
        noPeriod: 'There is no such period in the school timings',
        breakPeriod: '{period} is a break: no class can be placed in it',
        twice: '{period} is listed twice on {day}',
        subject: 'That subject is not a subject of this class',
        teacher: 'No such teacher',
      },
    },
    teacher: { call: 'GET /timetable/teacher/{id}/', permission: 'read', roles: ['staff'] },
    availability: { call: 'POST /timetable/teacher/availability/', permission: 'update', payload: availability },
    // A parent's (or student's) view: the class week of one of their own children.
    student: { call: 'GET /timetable/student/{student_id}/', permission: 'read', roles: ['family'], scope: { student_id: 'students' } },
    // A teacher's own week, for their dashboard: the teacher record of the signed-in login.
    mine: { call: 'GET /timetable/mine/', permission: 'read', roles: ['teacher'], errors: { noTeacher: 'Your login is not linked to a teacher record' } },
  },
  pages: {
    view: {
      route: '/timetable/', component: 'TimetableView', permission: 'read', roles: ['staff'], menu: 'Timetable',
      calls: ['timetable.class', 'timetable.teacher', 'timetable.timing'], reads: ['classes', 'teachers'],
      buttons: { edit: 'timetable.save', timing: 'timetable.saveTiming', print: 'timetable.save' },
    },
    edit: {
      route: '/timetable/edit', component: 'TimetableEditor', permission: 'update',
      calls: ['timetable.class', 'timetable.timing', 'timetable.availability'], reads: ['classes', 'subjects', 'teachers'],
      buttons: { save: 'timetable.save' },
    },
    timing: {
      route: '/timetable/timing/', component: 'TimetableTiming', permission: 'update',
      calls: ['timetable.timing'], buttons: { save: 'timetable.saveTiming' },
    },
    print: {
      route: '/timetable/print', component: 'TimetablePrint', permission: 'update',
      calls: ['timetable.class', 'timetable.teacher'],
    },
    mine: {
      route: '/timetable/student', component: 'StudentTimetable', permission: 'read', roles: ['family'], menu: 'Timetable',
      calls: ['timetable.student', 'students.mine'],
    },
  },
  access: { read: ['family', 'staff'], update: ['admins'] },
  messages: {},
});
