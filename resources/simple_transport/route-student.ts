import schema from '../../schemas/simple_transport/route-student.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';
import { ENABLED_YEAR } from '../../src/shared/years.js';

/**
 * Students on a simple transport route (spec 3 §2 /simple-transportation/students/{id}, §3 Route
 * student): the stop they get on at (one of the route's stops when it lists them), and the fee
 * either part of the main fees or an amount. One route a student each academic year. The Fees
 * link opens the student's fee records.
 */
export default defineResource({
  name: 'simple-route-students', module: 'simple_transport', schema, table: 'simple_route_student',
  label: 'Route Students', singular: 'Student', icon: 'TeamOutlined',
  routes: { list: '/simple-transportation/students/:route_id', create: '/simple-transportation/students/:route_id/new' },
  api: {
    list: 'GET /simple/transportation/students/{route_id}/', create: 'PUT /simple/transportation/students/',
    remove: 'DELETE /simple/transportation/student/{id}/',
  },
  relations: {
    student_name: { from: 'student_id', resource: 'students', field: 'fullname' },
    admission_no: { from: 'student_id', resource: 'students', field: 'admission_no' },
    route_name: { from: 'route_id', resource: 'simple-routes', field: 'route_name', keep: 'Remove the students from this route first' },
    ac_year: { from: 'ac_year_id', resource: 'acyears', field: 'name' },
  },
  list: {
    columns: [
      { field: 'student_name', title: 'Student', render: 'link', to: '/students/details/{student_id}' },
      { field: 'admission_no', title: 'Admission No' }, 'stop_name', { field: 'ac_year', title: 'Academic Year' },
      { field: 'fee_included', title: 'Fee', render: 'tag', tags: { true: { label: 'Included', color: 'green' }, false: { label: 'Separate', color: 'orange' } } },
      { field: 'amount', render: 'money' },
    ],
    search: ['student_name', 'admission_no', 'stop_name'], pageSize: 50, sort: 'student_name', export: 'csv', addLabel: 'Add Student',
    links: [{ label: 'Fees', icon: 'WalletOutlined', to: '/fees/records/{student_id}/', requires: { resource: 'fee-payments', permission: 'read' } }],
  },
  form: {
    uiSchema: {
      'ui:order': ['route_id', 'ac_year_id', 'student_id', 'stop_name', 'fee_included', 'amount'],
      route_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'simple-routes', label: 'route_name' } },
      ac_year_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'acyears', label: 'name', preselect: ENABLED_YEAR } },
      student_id: { 'ui:widget': 'resource-search', 'ui:options': { resource: 'students', label: 'fullname', detail: ['class-section', 'admission_no'], current: 'fullname' } },
    },
    showWhen: { amount: { fee_included: ['false'] } },
  },
  unique: [{ fields: ['student_id', 'ac_year_id'], message: 'This student is already on a route this academic year' }],
  access: { read: ['admins'], create: ['admins'], remove: ['admins'] },
  messages: { created: 'Student Added to Route', removed: 'Student removed from route' },
});
