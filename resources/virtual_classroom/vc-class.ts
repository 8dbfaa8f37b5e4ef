import schema from '../../schemas/virtual_classroom/vc-class.json' with { type: 'json' };
import upload from '../../schemas/virtual_classroom/calls/upload.json' with { type: 'json' };
import videoAction from '../../schemas/virtual_classroom/calls/video-action.json' with { type: 'json' };
import session from '../../schemas/virtual_classroom/calls/session.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';
import { ENABLED_YEAR } from '../../src/shared/years.js';

/** Why a family may not enter a class's room (spec 4 §4's room messages, and the access list). */
const ROOM_ERRORS = {
  missing: 'Virtual class not found',
  notYours: 'Not your class',
  noAccess: 'You are not on this class\'s access list',
  notTeacher: 'Invalid Teacher',
  notStarted: 'Class not yet started',
  notLive: 'Class is not live',
  cannotStart: 'Class can be started only when it is not yet started',
  cannotEnd: 'Class can be ended only when it is live',
  notJoined: 'Join the class first',
  noPeer: 'That person is not in this class',
  snapshot: 'A snapshot must be a small JPEG picture',
};

/**
 * Virtual classes (spec 4 §2.2, §3, §4, §7): staff create a live class for a class and subject
 * with its teacher, start and end; the class's teacher starts it (status 0 → 1), continues it
 * and ends it (1 → 2) from the room, streaming their camera or screen to the students on the
 * class's access list; the recording is uploaded, and an admin allows students to stream it (3).
 * A family reaches only their own children's classes, and only children on the access list join.
 */
export default defineResource({
  name: 'virtual-classes', module: 'virtual_classroom', schema, table: 'vc_class',
  label: 'Virtual Classes', singular: 'Virtual Class', icon: 'VideoCameraOutlined',
  routes: { create: '/virtual-classroom/new', edit: '/virtual-classroom/:id/edit' },
  api: { list: 'GET /virtual-classes/', create: 'PUT /virtual-class/', update: 'POST /virtual-class/{id}/', remove: 'DELETE /virtual-class/{id}/' },
  relations: {
    class: { from: 'class_id', resource: 'classes', field: 'class' },
    section: { from: 'class_id', resource: 'classes', field: 'section' },
    subject: { from: 'subject_id', resource: 'subjects', field: 'name' },
    teacher: { from: 'teacher_id', resource: 'teachers', field: 'fullname' },
    co_teacher: { from: 'co_teacher_id', resource: 'teachers', field: 'fullname' },
    ac_year: { from: 'ac_year_id', resource: 'acyears', field: 'name' },
  },
  indexes: [['class_id', 'start_time'], ['teacher_id', 'start_time']],
  scope: { parent: { student_class: 'class_id' } },
  access: { read: ['family', 'staff'], create: ['staff'], update: ['staff'], remove: ['staff'] },
  messages: { created: 'Virtual Class Created', updated: 'Virtual Class Updated', removed: 'Virtual Class Deleted' },
  form: {
    uiSchema: {
      'ui:order': ['name', 'ac_year_id', 'class_id', 'subject_id', 'teacher_id', 'co_teacher_id', 'start_time', 'end_time', 'class_type', 'description'],
      ac_year_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'acyears', label: 'name', preselect: ENABLED_YEAR } },
      class_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'classes' } },
      subject_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'subjects', label: 'name', filterBy: 'class_id' } },
      teacher_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'teachers', label: 'fullname' } },
      co_teacher_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'teachers', label: 'fullname' } },
      start_time: { 'ui:widget': 'datetime-10min' },
      end_time: { 'ui:widget': 'datetime-10min' },
      description: { 'ui:widget': 'textarea' },
    },
    fixedAfterCreate: ['class_id', 'ac_year_id'],
  },
  uploads: {},
  calls: {
    details: { call: 'GET /virtual-class/{id}/', permission: 'read', scope: { id: 'virtual-classes' }, errors: ROOM_ERRORS },
    mine: {
      call: 'GET /virtual-class/student/{student_id}/', permission: 'read', roles: ['family'], scope: { student_id: 'students' },
    },
    video: { call: 'GET /virtual-classroom/video/{id}/', permission: 'read', roles: ['staff'], errors: { missing: 'Virtual class not found', noVideo: 'No video uploaded yet' } },
    familyVideo: {
      call: 'GET /virtual-classroom/video/{class_id}/{student_id}/', permission: 'read', roles: ['family'], scope: { student_id: 'students' },
      errors: { missing: 'Virtual class not found', noAccess: ROOM_ERRORS.noAccess, notStreaming: 'The recording is not open to students yet' },
    },
    uploadUrl: {
      call: 'PUT /upload/', permission: 'update', roles: ['staff'], payload: upload,
      errors: { missing: 'Virtual class not found', status: 'A video can be uploaded once the class has ended', notTeacher: 'Invalid Teacher' },
    },
    videoAction: {
      call: 'POST /virtual-classroom/{id}/', permission: 'update', roles: ['staff'], payload: videoAction,
      message: { upload: 'Video Uploaded', approve: 'Now students can stream this class' },
      errors: {
        missing: 'Virtual class not found', status: 'A video can be uploaded once the class has ended', notTeacher: 'Invalid Teacher',
        noUpload: 'Upload the video first', incomplete: 'The video has not been uploaded completely', notAdmin: 'Only admins can allow streaming',
        approve: 'Streaming can be allowed only for an ended class with a video',
      },
    },
    attendance: { call: 'GET /virtual-class/{id}/attendance/', permission: 'read', roles: ['staff'], errors: { missing: 'Virtual class not found' } },
    cancel: {
      call: 'POST /virtual-class/{id}/cancel/', permission: 'update', roles: ['staff'], message: 'Class Cancelled',
      errors: { missing: 'Virtual class not found', cannot: 'Only a class not yet started can be cancelled', notTeacher: 'Invalid Teacher' },
    },
  },
  sockets: {
    room: { event: 'vc_room', permission: 'read', payload: session, errors: ROOM_ERRORS },
  },
  pages: {
    list: {
      route: '/virtual-classroom/', component: 'VirtualClasses', permission: 'read', menu: 'Virtual Classroom',
      calls: [
        { call: 'virtual-classes.list', roles: ['staff'] }, { call: 'classes.list', roles: ['staff'] },
        { call: 'virtual-classes.mine', roles: ['family'] }, { call: 'students.mine', roles: ['family'] },
      ],
      buttons: { add: 'virtual-classes.create', cancel: 'virtual-classes.cancel' },
    },
    room: {
      route: '/virtual-classroom/:id', component: 'VirtualClassRoom', permission: 'read',
      calls: ['virtual-classes.details', { call: 'virtual-classes.video', roles: ['staff'] }, { call: 'students.mine', roles: ['family'] }, { call: 'virtual-classes.familyVideo', roles: ['family'] }],
      buttons: { upload: 'virtual-classes.uploadUrl', attach: 'virtual-classes.videoAction', ask: 'vc-questions.ask' },
    },
    jitsi: {
      route: '/virtual-classroom/:id/jitsi', component: 'VirtualClassRoom', permission: 'read',
      calls: ['virtual-classes.details', { call: 'students.mine', roles: ['family'] }],
    },
  },
});
