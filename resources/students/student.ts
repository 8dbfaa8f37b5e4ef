import schema from '../../schemas/students/student.json' with { type: 'json' };
import admissionType from '../../schemas/students/calls/admission-type.json' with { type: 'json' };
import profileItem from '../../schemas/students/calls/profile-item.json' with { type: 'json' };
import { defineResource, type CallRef } from '../../src/shared/resource.js';

/** What the add-student screens call: numbers, the family login, the student, profile and contacts. */
const ADD_CALLS: CallRef[] = [
  'GET /next/admission_no/', 'GET /next/roll_no/{class_id}/', 'GET /validate/admn_no/{n}/', 'GET /search/email/{role}/',
  'PUT /user/', 'PUT /students/', 'students.profileItem', 'PUT /student/contacts/',
];
const EDIT_CALLS: CallRef[] = ['GET /student/{id}/', 'POST /student/{id}/'];

/**
 * Student records. `class_id` and `ac_year_id` are the student's latest year; every year the
 * student has been in is a `student-years` row. The list, details and add screens are
 * hand-written pages because they combine several calls; the record's own calls are generated.
 * Parents (role 1) read only the students linked to their user.
 */
export default defineResource({
  name: 'students', module: 'students', schema, table: 'student',
  label: 'Students', singular: 'Student', icon: 'UserOutlined',
  // The whole-school search (lists.ts) answers the student pickers of other modules too.
  api: { create: 'PUT /students/', update: 'POST /student/{id}/', search: 'GET /search/students/' },
  relations: {
    class: { from: 'class_id', resource: 'classes', field: 'class' },
    section: { from: 'class_id', resource: 'classes', field: 'section' },
    ac_year: { from: 'ac_year_id', resource: 'acyears', field: 'name' },
  },
  form: {
    uiSchema: {
      'ui:order': ['ac_year_id', 'fullname', 'mobile', 'dob', 'admission_no', 'admission_date', 'class_id', 'roll_no', 'usn', 'aadhar_no', '*'],
      ac_year_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'acyears', label: 'name' } },
      class_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'classes', label: 'class-section' } },
      user_id: { 'ui:widget': 'hidden' },
      status: { 'ui:widget': 'hidden' },
    },
  },
  pages: {
    list: {
      route: '/students/', component: 'StudentList', permission: 'read', roles: ['teacher', 'admin', 'super_admin', 'librarian'], menu: 'Students',
      calls: ['GET /students-list/{class_id}/{ac_year_id}/', 'GET /search/students/', 'GET /export/students/'], reads: ['classes', 'acyears'],
      buttons: {
        message: { call: 'PUT /messages/', permission: 'create', resource: 'messages' },
        textMessage: { call: 'PUT /text-message/', permission: 'create' },
        delete: 'students.remove',
      },
    },
    add: { route: '/students/new', component: 'StudentAdd', permission: 'create', calls: ADD_CALLS, reads: ['acyears', 'classes'] },
    addSlash: { route: '/students/new/', component: 'StudentAdd', permission: 'create', calls: ADD_CALLS, reads: ['acyears', 'classes'] },
    addAlso: { route: '/students/add', component: 'StudentAdd', permission: 'create', calls: ADD_CALLS, reads: ['acyears', 'classes'] },
    addWizard: { route: '/students/add/new', component: 'StudentAdd', permission: 'create', calls: ADD_CALLS, reads: ['acyears', 'classes'] },
    // The generated form, fed by the hand-written GET /student/{id}/ (no `one` call is declared).
    edit: { route: '/students/:id', component: 'StudentEdit', permission: 'update', calls: EDIT_CALLS, reads: ['acyears', 'classes'] },
    editAlso: { route: '/students/edit/:id', component: 'StudentEdit', permission: 'update', calls: EDIT_CALLS, reads: ['acyears', 'classes'] },
    details: {
      route: '/students/details/:id', component: 'StudentDetails', permission: 'read',
      calls: ['GET /student/{id}/', 'GET /student/details/{id}/{ac_year_id}/', 'GET /about/school/', 'GET /student/contacts/{student_id}/'],
      buttons: {
        message: { call: 'PUT /messages/', permission: 'create', resource: 'messages' },
        textMessage: { call: 'PUT /text-message/', permission: 'create' },
        pocketMoney: { call: 'GET /pocket-money/{student_id}/', permission: 'read', resource: 'pocket-money' },
        feeRecords: 'fee-payments.history',
        profileItem: 'students.profileItem',
        username: { call: 'POST /user/update/username/', permission: 'update' },
        password: { call: 'PATCH /user/change-password/', permission: 'update' },
        admissionType: 'students.admissionType',
        attendance: { call: 'POST /attendance/students/', permission: 'update', resource: 'attendance' },
        addContact: { call: 'PUT /student/contacts/', permission: 'create', resource: 'student-contacts' },
        editContact: { call: 'POST /student/contact/{id}/', permission: 'update', resource: 'student-contacts' },
        deleteContact: { call: 'DELETE /student/contact/{id}/', permission: 'remove', resource: 'student-contacts' },
      },
    },
    link: {
      route: '/students/link/:id', component: 'StudentLinkUser', permission: 'update',
      calls: ['GET /student/{id}/', 'GET /search/email/{role}/', 'PUT /user/', 'POST /user/link/student/'],
    },
    pocketMoney: {
      route: '/students/:id/pocket-money/', component: 'PocketMoney', permission: 'read', roles: ['parent', 'teacher', 'admin', 'super_admin'],
      calls: ['GET /student/{id}/', 'GET /pocket-money/{student_id}/'],
      buttons: { add: { call: 'PUT /pocket-money/', permission: 'create', resource: 'pocket-money' } },
    },
    multiClass: {
      route: '/reports/multi-class/', component: 'MultiClassReport', permission: 'read', roles: ['teacher', 'admin', 'super_admin', 'librarian'],
      calls: ['GET /students-list/{class_id}/{ac_year_id}/'], reads: ['classes', 'acyears'],
    },
    appUsers: {
      route: '/reports/app-users/', component: 'AppUsersReport', permission: 'read', roles: ['teacher', 'admin', 'super_admin', 'librarian'],
      calls: ['GET /reports/app-users/'], reads: ['classes'],
    },
    smsLog: { route: '/reports/sms/', component: 'SmsLog', permission: 'read', roles: ['admin', 'super_admin'], menu: 'SMS Log', calls: ['GET /reports/sms/'] },
    dataExport: {
      route: '/admin-actions/export', component: 'DataExport', permission: 'read', roles: ['admin', 'super_admin'], menu: 'Data Export',
      calls: ['GET /export/students/'], reads: ['acyears'],
      buttons: { fees: 'fee-payments.export' },
    },
  },
  // The whole-school search (header and student list): name, admission number, mobile, father's name.
  searchIndexes: ['fullname', 'admission_no', 'mobile', 'extras.father_name'],
  unique: [{ fields: ['admission_no'], message: 'Admission number already used' }],
  // A parent reaches only the students linked to their login.
  scope: { parent: { student: 'id' } },
  access: { read: ['parent', 'teacher', 'admin', 'super_admin', 'librarian'], create: ['admin', 'super_admin'], update: ['admin', 'super_admin'], remove: ['admin', 'super_admin'] },
  calls: {
    remove: {
      call: 'DELETE /student/{id}/{reason}/', permission: 'remove', text: ['reason'], scope: { id: 'students' },
      message: 'Student Deleted', errors: { reason: 'Invalid reason' },
    },
    admissionType: { call: 'POST /student/admission-type/', permission: 'update', payload: admissionType, message: 'Admission type updated!' },
    profileItem: {
      call: 'POST /student/profile/item/', permission: 'update', payload: profileItem, scope: { student_id: 'students' },
      message: { item: 'Student profile item updated', photo: 'Student Pic Updated!' },
      errors: {
        photo: 'Upload the photo first: the value must be a path returned by the profile photo upload',
        choice: '{title} must be {choices}', required: '{title} is required', tooLong: '{title} must be at most {max} characters',
      },
    },
  },
  messages: { created: 'New Student Added', updated: 'Student Data Updated' },
});
