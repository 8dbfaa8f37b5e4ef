import schema from '../../schemas/academics/acyear.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

export default defineResource({
  name: 'acyears', module: 'academics', schema, table: 'ac_year',
  label: 'Academic Years', singular: 'Academic Year', icon: 'CalendarOutlined',
  routes: { list: '/academics/acyears/', create: '/academics/acyear/new', edit: '/academics/acyear/:id' },
  api: { list: 'GET /acyears/', one: 'GET /acyear/{id}/', create: 'PUT /acyears/', update: 'POST /acyear/{id}/' },
  list: {
    columns: [
      'name', 'syllabus',
      { field: 'start_date', render: 'date', format: 'DD-MM-YYYY' },
      { field: 'end_date', render: 'date', format: 'DD-MM-YYYY' },
      { field: 'status', render: 'tag' },
    ],
    search: ['name', 'syllabus'], pageSize: 50, export: 'csv', sort: '-start_date',
  },
  actions: {
    start: {
      call: 'PATCH /acyear/{id}/', body: { action: 'start' }, label: 'Start', icon: 'PlayCircleOutlined',
      confirm: 'Start this academic year? It becomes the default year for all actions.',
      message: 'Action Completed', permission: 'update', when: { field: 'status', in: [0, 2] },
    },
    stop: {
      call: 'PATCH /acyear/{id}/', body: { action: 'stop' }, label: 'End', icon: 'StopOutlined',
      confirm: 'End this academic year? Its data moves to the archive.',
      message: 'Action Completed', permission: 'update', when: { field: 'status', in: [1] },
    },
    delete: {
      call: 'PATCH /acyear/{id}/', body: { action: 'delete' }, label: 'Delete', icon: 'DeleteOutlined',
      confirm: 'Delete this academic year?',
      message: 'Action Completed', permission: 'remove', when: { field: 'status', in: [0, 2] },
    },
  },
  unique: [{ fields: ['name'], message: 'An academic year with this name already exists' }],
  access: { read: ['staff', 'librarian'], create: ['admins'], update: ['admins'], remove: ['admins'] },
  messages: { created: 'New AC Year Added', updated: 'Academic Year Updated' },
});
