import schema from '../../schemas/hr/leave-type.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * Kinds of leave (spec 3 §4): each named, of type -1 Loss of Pay, 1 Casual, 2 Sick or 4 Others;
 * a type 0 (older records) shows as Unknown. Only the Loss of Pay type takes pay away; the others
 * are paid up to the days assigned to the employee for the year.
 */
export default defineResource({
  name: 'leave-types', module: 'hr', schema, table: 'hr_leave_type',
  label: 'Leave Types', singular: 'Leave Type', icon: 'ScheduleOutlined',
  routes: { list: '/hr/leaves/type/', create: '/hr/leaves/type/new' },
  api: { list: 'GET /hr/leave-types/', create: 'PUT /hr/leave-types/', remove: 'DELETE /hr/leave-type/{id}/' },
  list: {
    columns: [
      'name',
      { field: 'leave_type', render: 'tag' },
    ],
    search: ['name'], pageSize: 50, sort: 'name', export: 'csv', addInModal: true,
  },
  unique: [{ fields: ['name'], message: 'A leave type with this name already exists' }],
  access: { read: ['admins'], create: ['admins'], remove: ['admins'] },
  messages: { created: 'New leave type added', removed: 'Leave type deleted' },
});
