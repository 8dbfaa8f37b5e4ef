import schema from '../../schemas/academics/class.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

export default defineResource({
  name: 'classes', module: 'academics', schema, table: 'class',
  label: 'Classes', singular: 'Class', icon: 'ApartmentOutlined',
  routes: { list: '/academics/classes/', create: '/academics/classes/new', edit: '/academics/classes/:id' },
  api: {
    list: ['GET /classes-list/', 'GET /class/'], one: 'GET /class/{id}/',
    create: 'PUT /class/', update: 'POST /class/{id}/', remove: 'DELETE /class/{id}/',
  },
  relations: {
    class_teacher_name: { from: 'class_teacher_id', resource: 'teachers', field: 'fullname' },
    branch_code: { from: 'branch_id', resource: 'branches', field: 'code' },
    // The class list's students: year rows of the enabled academic year, as its student list shows them.
    students_count: { count: 'student-years', by: 'class_id', within: { from: 'ac_year_id', resource: 'acyears', where: { status: 1 } } },
  },
  list: {
    columns: [
      'class', 'section',
      { field: 'class_teacher_name', title: 'Class Teacher' },
      { field: 'students_count', title: 'Students count' },
    ],
    search: ['class', 'section', 'class_teacher_name'], pageSize: 50, export: 'csv',
    // Student import: the CSV template (a static file of the app) and the upload modal.
    links: [{
      label: 'CSV Template', icon: 'DownloadOutlined', to: '/templates/students-import.csv', download: true,
      requires: { resource: 'students', permission: 'create' },
    }],
    rowComponents: [{ component: 'ImportStudents', requires: { resource: 'students', permission: 'create' }, call: 'students.import' }],
  },
  form: {
    uiSchema: {
      branch_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'branches', label: 'name' } },
      class_teacher_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'teachers', label: 'fullname' } },
    },
  },
  unique: [{ fields: ['class', 'section'], message: 'This class and section already exist' }],
  access: { read: ['staff', 'librarian'], create: ['admins'], update: ['admins'], remove: ['admins'] },
  messages: { created: 'New Class Added', updated: 'Class Updated', removed: 'Class Deleted' },
});
