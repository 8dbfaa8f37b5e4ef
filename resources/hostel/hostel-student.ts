import schema from '../../schemas/hostel/hostel-student.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';
import { ENABLED_YEAR } from '../../src/shared/years.js';

/**
 * A student's stay in the hostel for an academic year: hostel, room, joining and leaving dates.
 * The list shows the student's name and pocket money balance (credits less debits of the
 * pocket money ledger, which the warden draws on). A student has one stay per year.
 */
export default defineResource({
  name: 'hostel-students', module: 'hostel', schema, table: 'hostel_student',
  label: 'Hostel Students', singular: 'Student', icon: 'HomeOutlined',
  routes: { list: '/hostel/', create: '/hostel/student/new', edit: '/hostel/student/:id' },
  // The spec's two calls; correcting a room or recording the leaving date, and removing a stay
  // entered by mistake, follow its path pattern.
  api: {
    list: 'GET /simple-hostel/students/{ac_year_id}/', create: 'PUT /simple-hostel/students/',
    one: 'GET /simple-hostel/student/{id}/', update: 'POST /simple-hostel/student/{id}/', remove: 'DELETE /simple-hostel/student/{id}/',
  },
  relations: {
    fullname: { from: 'student_id', resource: 'students', field: 'fullname' },
    admission_no: { from: 'student_id', resource: 'students', field: 'admission_no' },
    ac_year: { from: 'ac_year_id', resource: 'acyears', field: 'name' },
    pocket_money: { sum: { resource: 'pocket-money', field: 'amount', by: 'student_id', on: 'student_id', negate: { field: 'txn_type', in: [1] } } },
  },
  list: {
    columns: [
      { field: 'fullname', title: 'Student', render: 'link', to: '/students/details/{student_id}' },
      { field: 'admission_no', title: 'Admission No' },
      'hostel_name', 'hostel_room',
      { field: 'join_date', render: 'date', format: 'DD-MM-YYYY' },
      { field: 'end_date', render: 'date', format: 'DD-MM-YYYY' },
      { field: 'pocket_money', title: 'Pocket Money', render: 'money' },
    ],
    search: ['fullname', 'admission_no', 'hostel_name', 'hostel_room'],
    pageSize: 50, sort: 'hostel_name', export: 'csv',
    addLabel: 'Add Student', addInModal: true,
    filters: [{ field: 'ac_year_id', resource: 'acyears', label: 'Academic Year', required: true, remember: true, preselect: ENABLED_YEAR }],
    links: [{ label: 'Pocket Money', icon: 'WalletOutlined', to: '/students/{student_id}/pocket-money/', requires: { resource: 'pocket-money', permission: 'read' } }],
  },
  form: {
    uiSchema: {
      'ui:order': ['ac_year_id', 'student_id', 'hostel_name', 'hostel_room', 'join_date', 'end_date'],
      ac_year_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'acyears', label: 'name', preselect: ENABLED_YEAR } },
      student_id: { 'ui:widget': 'resource-search', 'ui:options': { resource: 'students', label: 'fullname', detail: ['class-section', 'admission_no'], current: 'fullname' } },
    },
    fixedAfterCreate: ['student_id', 'ac_year_id'],
  },
  unique: [{ fields: ['student_id', 'ac_year_id'], message: 'This student is already in the hostel this academic year' }],
  access: { read: ['admins'], create: ['admins'], update: ['admins'], remove: ['admins'] },
  messages: { created: 'Student Added to Hostel', updated: 'Hostel Details Updated', removed: 'Student Removed from Hostel' },
});
