import schema from '../../schemas/students/student.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * Student records. `class_id` and `ac_year_id` are the student's latest year; every year the
 * student has been in is a `student-years` row. The list, details and add screens are
 * hand-written pages because they combine several calls; the record's own calls are generated.
 * Parents (role 1) read only the students linked to their user.
 */
export default defineResource({
  name: 'students', module: 'students', schema, table: 'student',
  label: 'Students', singular: 'Student', icon: 'UserOutlined',
  api: { create: 'PUT /students/', update: 'POST /student/{id}/' },
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
    list: { route: '/students/', component: 'StudentList', permission: 'read', roles: [2, 3, 4, 7], menu: 'Students' },
    add: { route: '/students/new', component: 'StudentAdd', permission: 'create' },
    addSlash: { route: '/students/new/', component: 'StudentAdd', permission: 'create' },
    addAlso: { route: '/students/add', component: 'StudentAdd', permission: 'create' },
    addWizard: { route: '/students/add/new', component: 'StudentAdd', permission: 'create' },
    // The generated form, fed by the hand-written GET /student/{id}/ (no `one` call is declared).
    edit: { route: '/students/:id', component: 'StudentEdit', permission: 'update' },
    editAlso: { route: '/students/edit/:id', component: 'StudentEdit', permission: 'update' },
    details: { route: '/students/details/:id', component: 'StudentDetails', permission: 'read' },
    link: { route: '/students/link/:id', component: 'StudentLinkUser', permission: 'update' },
    pocketMoney: { route: '/students/:id/pocket-money/', component: 'PocketMoney', permission: 'read' },
    multiClass: { route: '/reports/multi-class/', component: 'MultiClassReport', permission: 'read', roles: [2, 3, 4, 7] },
    appUsers: { route: '/reports/app-users/', component: 'AppUsersReport', permission: 'read', roles: [2, 3, 4, 7] },
    smsLog: { route: '/reports/sms/', component: 'SmsLog', permission: 'read', roles: [3, 4], menu: 'SMS Log' },
    dataExport: { route: '/admin-actions/export', component: 'DataExport', permission: 'read', roles: [3, 4], menu: 'Data Export' },
  },
  unique: [{ fields: ['admission_no'], message: 'Admission number already used' }],
  access: { read: [1, 2, 3, 4, 7], create: [3, 4], update: [3, 4], remove: [3, 4] },
  messages: { created: 'New Student Added', updated: 'Student Data Updated', removed: 'Student Deleted' },
});
