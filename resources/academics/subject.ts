import schema from '../../schemas/academics/subject.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

export default defineResource({
  name: 'subjects', module: 'academics', schema, table: 'subject',
  label: 'Subjects', singular: 'Subject', icon: 'BookOutlined',
  routes: { list: '/academics/subjects/', create: '/academics/subjects/new', edit: '/academics/subjects/:id' },
  api: {
    list: ['GET /subjects/{class_id}/', 'GET /subjects/'], one: 'GET /subject/{id}/',
    create: 'PUT /subjects/', update: 'POST /subject/{id}/', remove: 'DELETE /subject/{id}/',
  },
  relations: {
    class: { from: 'class_id', resource: 'classes', field: 'class' },
    section: { from: 'class_id', resource: 'classes', field: 'section' },
    teacher_name: { from: 'subject_teacher_id', resource: 'teachers', field: 'fullname' },
  },
  list: {
    columns: ['class', 'section', 'name', 'code', { field: 'teacher_name', title: 'Teacher' }],
    search: ['name', 'code', 'teacher_name'], pageSize: 50, export: 'csv', sort: 'name',
    filters: [{ field: 'class_id', resource: 'classes', label: 'Class', remember: true, required: true }],
  },
  form: {
    uiSchema: {
      'ui:order': ['class_id', 'name', 'code', 'subject_type', 'marks_type', 'subject_teacher_id', 'extras'],
      class_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'classes', label: 'class-section' } },
      subject_type: { 'ui:widget': 'radio' },
      marks_type: { 'ui:widget': 'radio' },
      subject_teacher_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'teachers', label: 'fullname' } },
      extras: {
        subjects: {
          items: {
            subject_teacher: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'teachers', label: 'fullname' } },
          },
        },
      },
    },
    // An elective subject has a table of sub-subjects instead of a single teacher.
    showWhen: { subject_teacher_id: { subject_type: [1, 2] }, extras: { subject_type: [3] } },
  },
  access: { read: ['staff'], create: ['admins'], update: ['admins'], remove: ['admins'] },
  messages: { created: 'New Subject Added', updated: 'Subject Updated', removed: 'Subject Deleted' },
});
