import schema from '../../schemas/admissions/application.json' with { type: 'json' };
import statusPayload from '../../schemas/admissions/calls/applications-status.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * Admission applications (spec 3 §3 "Admission application", spec 4 §3 Admissions). Parents
 * create them through the public application form (resource `admission-apply`) with a guest
 * token; staff read, delete and set their status here. The application number is the school
 * code followed by the id (spec 4 §9), written once when the row is made.
 */
export default defineResource({
  name: 'applications', module: 'admissions', schema, table: 'adm_application',
  label: 'Applications', singular: 'Application', icon: 'FileDoneOutlined',
  routes: { list: '/admissions/applications/' },
  // The staff's calls (spec 3 §7); parents apply through `admission-apply`.
  api: { list: 'GET /admissions/applications/', one: 'GET /admissions/application/{id}/', remove: 'DELETE /admissions/application/{id}/' },
  list: {
    columns: [
      { field: 'application_no', render: 'link', to: '/admissions/application/{id}' },
      'student_name', 'application_class', 'parent_name', 'mobile',
      { field: 'timestamp', render: 'datetime', format: 'DD-MM-YYYY hh:mm A' },
      { field: 'status', render: 'tag' },
      { field: 'payment_status', render: 'tag' },
    ],
    search: ['application_no', 'student_name', 'parent_name', 'mobile'],
    pageSize: 50, sort: '-timestamp', export: 'csv',
    links: [{ label: 'View', icon: 'ReadOutlined', to: '/admissions/application/{id}' }],
  },
  searchIndexes: ['student_name', 'parent_name', 'mobile'],
  pages: {
    details: {
      route: '/admissions/application/:id', component: 'ApplicationDetails', permission: 'read',
      calls: ['applications.one'], reads: ['classes'],
      buttons: { status: 'applications.status', admit: 'students.create' },
    },
  },
  calls: {
    status: {
      call: 'PATCH /admissions/application/status/', permission: 'update', payload: statusPayload, scope: { application_id: 'applications' },
      message: 'Status Updated', errors: { paidOnline: 'The payment status of an application paid online cannot be changed' },
    },
  },
  indexes: [['timestamp'], ['mobile']],
  unique: [{ fields: ['application_no'], message: 'This application number is already used' }],
  access: { read: ['admins'], update: ['admins'], remove: ['admins'] },
  messages: { removed: 'Application Deleted', updated: 'Status Updated' },
});
