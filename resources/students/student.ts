import schema from '../../schemas/students/student.json' with { type: 'json' };
import admissionType from '../../schemas/students/calls/admission-type.json' with { type: 'json' };
import profileItem from '../../schemas/students/calls/profile-item.json' with { type: 'json' };
import newUser from '../../schemas/students/calls/new-user.json' with { type: 'json' };
import linkUser from '../../schemas/students/calls/link-user.json' with { type: 'json' };
import username from '../../schemas/students/calls/username.json' with { type: 'json' };
import importPayload from '../../schemas/students/calls/import.json' with { type: 'json' };
import passwordReset from '../../schemas/students/calls/password-reset.json' with { type: 'json' };
import textMessage from '../../schemas/students/calls/text-message.json' with { type: 'json' };
import dashboardQuery from '../../schemas/students/calls/dashboard-query.json' with { type: 'json' };
import { defineResource, type CallRef } from '../../src/shared/resource.js';
import { PHOTO_MESSAGES } from '../../src/shared/uploads.js';

/** Texts several calls answer with (spec 1, 8). */
const TEXTS = {
  shortPassword: 'Password must be atleast 8 characters', admissionNoTaken: 'Admission number already used', importId: 'Invalid import id',
} as const;

/** What the add-student screens call: numbers, the family login, the student, profile and contacts. */
const ADD_CALLS: CallRef[] = [
  'students.nextAdmissionNo', 'students.nextRollNo', 'students.validateAdmissionNo', 'students.usersOfRole',
  'students.createUser', 'students.create', 'students.profileItem', 'student-contacts.create',
];
const EDIT_CALLS: CallRef[] = ['students.one', 'students.update'];

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
      route: '/students/', component: 'StudentList', permission: 'read', roles: ['staff', 'librarian'], menu: 'Students',
      calls: ['students.classYearList', 'students.searchBy', 'students.export'], reads: ['classes', 'acyears'],
      buttons: {
        message: 'messages.create',
        textMessage: 'students.textMessage',
        delete: 'students.remove',
      },
    },
    add: { route: '/students/new', component: 'StudentAdd', permission: 'create', calls: ADD_CALLS, reads: ['acyears', 'classes'] },
    addSlash: { route: '/students/new/', component: 'StudentAdd', permission: 'create', calls: ADD_CALLS, reads: ['acyears', 'classes'] },
    addAlso: { route: '/students/add', component: 'StudentAdd', permission: 'create', calls: ADD_CALLS, reads: ['acyears', 'classes'] },
    addWizard: { route: '/students/add/new', component: 'StudentAdd', permission: 'create', calls: ADD_CALLS, reads: ['acyears', 'classes'] },
    // The generated form, fed by the declared students.one (it answers the student's years too).
    edit: { route: '/students/:id', component: 'StudentEdit', permission: 'update', calls: EDIT_CALLS, reads: ['acyears', 'classes'] },
    editAlso: { route: '/students/edit/:id', component: 'StudentEdit', permission: 'update', calls: EDIT_CALLS, reads: ['acyears', 'classes'] },
    details: {
      route: '/students/details/:id', component: 'StudentDetails', permission: 'read',
      calls: ['students.one', 'students.details', 'school.about', 'student-contacts.list'],
      buttons: {
        message: 'messages.create',
        textMessage: 'students.textMessage',
        pocketMoney: 'pocket-money.list',
        feeRecords: 'fee-payments.history',
        profileItem: 'students.profileItem',
        username: 'students.username',
        password: 'students.password',
        admissionType: 'students.admissionType',
        attendance: 'attendance.correct',
        addContact: 'student-contacts.create',
        editContact: 'student-contacts.update',
        deleteContact: 'student-contacts.remove',
      },
    },
    link: {
      route: '/students/link/:id', component: 'StudentLinkUser', permission: 'update',
      calls: ['students.one', 'students.usersOfRole', 'students.createUser', 'students.linkUser'],
    },
    pocketMoney: {
      route: '/students/:id/pocket-money/', component: 'PocketMoney', permission: 'read', roles: ['family', 'staff'],
      calls: ['students.one', 'pocket-money.list'],
      buttons: { add: 'pocket-money.create' },
    },
    multiClass: {
      route: '/reports/multi-class/', component: 'MultiClassReport', permission: 'read', roles: ['staff', 'librarian'],
      calls: ['students.classYearList'], reads: ['classes', 'acyears'],
    },
    appUsers: {
      route: '/reports/app-users/', component: 'AppUsersReport', permission: 'read', roles: ['staff', 'librarian'],
      calls: ['students.appUsers'], reads: ['classes'],
    },
    smsLog: { route: '/reports/sms/', component: 'SmsLog', permission: 'read', roles: ['admins'], menu: 'SMS Log', calls: ['students.smsLog'] },
    dataExport: {
      route: '/admin-actions/export', component: 'DataExport', permission: 'read', roles: ['admins'], menu: 'Data Export',
      calls: ['students.export'], reads: ['acyears'],
      buttons: { fees: 'fee-payments.export' },
    },
  },
  // The whole-school search (header and student list): name, admission number, mobile, father's name.
  searchIndexes: ['fullname', 'admission_no', 'mobile', 'extras.father_name'],
  unique: [{ fields: ['admission_no'], message: TEXTS.admissionNoTaken }],
  // A parent reaches only the students linked to their login.
  scope: { parent: { student: 'id' } },
  uploads: {
    // The students import and other staff documents: any type, served only as downloads.
    documents: { permission: 'update', maxBytes: 10 * 1024 * 1024 },
    profile: { permission: 'update', types: ['jpg', 'jpeg', 'png'], maxBytes: 256 * 1024 - 1, messages: PHOTO_MESSAGES },
  },
  access: { read: ['family', 'staff', 'librarian'], create: ['admins'], update: ['admins'], remove: ['admins'] },
  calls: {
    // Lists by class and year, search, the record and details pages.
    classList: { call: 'GET /students-list/{class_id}/', permission: 'read' },
    classYearList: { call: 'GET /students-list/{class_id}/{ac_year_id}/', permission: 'read' },
    search: { call: 'GET /search/student/{text}/', permission: 'read', text: ['text'] },
    searchBy: { call: 'GET /search/students/', permission: 'read', errors: { admissionNo: 'Enter admission number', name: 'Enter a name to search' } },
    one: { call: 'GET /student/{id}/', permission: 'read', scope: { id: 'students' } },
    // The parent and student dashboard (spec 4 §2.8, §7): the child's announcements, messages and homework, today's or the last five.
    dashboard: { call: 'GET /students/dashboard/{student_id}/', permission: 'read', roles: ['family', 'staff'], scope: { student_id: 'students' }, query: dashboardQuery },
    // The parent and student shell: the students this login belongs to.
    mine: { call: 'GET /students-list/', permission: 'read', roles: ['family'] },
    // Every text the school sent, whatever the provider (spec 3): pages, search and sort, or the counts per period (?card).
    smsLog: { call: 'GET /reports/sms/', permission: 'read', roles: ['admins'] },
    details: { call: 'GET /student/details/{id}/{ac_year_id}/', permission: 'read', scope: { id: 'students' } },
    // The add and edit forms' numbers.
    nextAdmissionNo: { call: 'GET /next/admission_no/', permission: 'read', roles: ['admins'] },
    validateAdmissionNo: {
      call: 'GET /validate/admn_no/{n}/', permission: 'read', roles: ['admins'], text: ['n'],
      errors: { invalid: 'Invalid Admission Number', taken: TEXTS.admissionNoTaken },
    },
    nextRollNo: { call: 'GET /next/roll_no/{class_id}/', permission: 'read', roles: ['admins'] },
    // Family logins and the user pickers.
    staffUsers: { call: 'GET /search/email/', permission: 'read', roles: ['admins'] },
    usersOfRole: { call: 'GET /search/email/{role}/', permission: 'read', roles: ['admins'], errors: { role: 'Invalid role' } },
    createUser: {
      call: 'PUT /user/', permission: 'create', payload: newUser, message: 'User Created',
      errors: { name: 'Please enter name', email: 'Please enter email', shortPassword: TEXTS.shortPassword },
    },
    linkUser: { call: 'POST /user/link/student/', permission: 'update', payload: linkUser, scope: { student_id: 'students' }, message: 'User Linked to Student' },
    username: {
      call: 'POST /user/update/username/', permission: 'update', payload: username, scope: { student_id: 'students' }, message: 'Username updated',
      errors: {
        onlyUsername: 'Only the username can be changed here', usernameChars: newUser.properties.username.errorMessage.pattern,
        noUser: 'The student has no registered user', taken: 'Username already taken',
      },
    },
    password: {
      call: 'PATCH /user/change-password/', permission: 'update', payload: passwordReset, message: 'Password reset',
      errors: { shortPassword: TEXTS.shortPassword, noUser: passwordReset.errorMessage.required.user_id },
    },
    textMessage: { call: 'PUT /text-message/', permission: 'create', payload: textMessage, message: 'Messages Sent' },
    // CSV import (its payload's checks come in the screen's order) and export.
    import: {
      call: 'PUT /import/students/', permission: 'create', payload: importPayload, message: 'Students Added',
      errors: {
        importId: TEXTS.importId, year: 'Please select academic year!', class: 'Please select class and section',
        classId: 'Invalid class id', yearId: 'Invalid academic year id', upload: 'Upload the CSV file first', uploadAgain: 'The uploaded file was not found: upload it again',
      },
    },
    importProgress: { call: 'GET /import/students/progress/{import_id}/', permission: 'create', text: ['import_id'], errors: { importId: TEXTS.importId } },
    export: { call: 'GET /export/students/', permission: 'read', roles: ['staff', 'librarian'] },
    appUsers: { call: 'GET /reports/app-users/', permission: 'read', roles: ['staff', 'librarian'] },
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
