import schema from '../../schemas/academics/test-subject.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** Subject-wise details of a test for one class: marks, times and invigilator. */
export default defineResource({
  name: 'test-subjects', module: 'academics', schema, table: 'class_test',
  label: 'Test Details', singular: 'Test Item', icon: 'ScheduleOutlined',
  routes: { list: '/academics/test/list/:test_id', edit: '/academics/test/details/edit/:id/' },
  api: {
    list: ['GET /class/test/{test_id}/{class_id}/', 'GET /class/test/{test_id}/', 'GET /class/test/{test_id}/{class_id}/{subject_id}/'],
    create: 'PUT /class/tests/', update: 'POST /class/test/{id}/', remove: 'DELETE /class/test/{id}/',
    one: 'GET /class/test/{id}/detail/',
  },
  batch: { rows: 'subjects', shared: ['test_id', 'class_id'] },
  relations: {
    test: { from: 'test_id', resource: 'tests', field: 'name', cascade: true },
    class: { from: 'class_id', resource: 'classes', field: 'class' },
    section: { from: 'class_id', resource: 'classes', field: 'section' },
    subject: { from: 'subject_id', resource: 'subjects', field: 'name' },
    invigilator_name: { from: 'invigilator', resource: 'teachers', field: 'fullname' },
  },
  list: {
    columns: [
      'test', 'class', 'section', 'subject',
      { field: 'start_time', title: 'Start Date', render: 'datetime', format: 'DD MMM, YYYY h:mm a' },
      { field: 'end_time', title: 'End Date', render: 'datetime', format: 'DD MMM, YYYY h:mm a' },
    ],
    search: ['subject', 'class'], pageSize: 50, export: 'csv', sort: 'start_time',
    filters: [{ field: 'class_id', resource: 'classes', label: 'Class' }],
  },
  form: {
    uiSchema: {
      'ui:order': ['subject_id', 'marks_type', 'min_marks', 'max_marks', 'start_time', 'end_time', 'invigilator', '*'],
      test_id: { 'ui:widget': 'hidden' },
      class_id: { 'ui:widget': 'hidden' },
      subject_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'subjects', label: 'name', filterBy: 'class_id' } },
      start_time: { 'ui:widget': 'datetime-10min' },
      end_time: { 'ui:widget': 'datetime-10min' },
      invigilator: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'teachers', label: 'fullname' } },
    },
    fixedAfterCreate: ['test_id', 'class_id'],
  },
  pages: {
    add: {
      route: '/academics/test/details/:testid', component: 'TestDetailsAdd', permission: 'create',
      calls: ['tests.one', 'test-subjects.create'], reads: ['classes', 'subjects', 'teachers'],
    },
  },
  unique: [{ fields: ['test_id', 'class_id', 'subject_id'], message: 'This subject is already added to the test for this class' }],
  access: { read: ['staff'], create: ['admins'], update: ['admins'], remove: ['admins'] },
  messages: { created: 'New Test Item Added', updated: 'Test Subject Updated', removed: 'Test Item Deleted' },
});
