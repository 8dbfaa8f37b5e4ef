import schema from '../../schemas/hr/holiday.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** The staff's holidays (spec 3 HR): a date and its reason. Employee attendance is not taken on them. */
export default defineResource({
  name: 'holidays', module: 'hr', schema, table: 'hr_holiday',
  label: 'Holidays', singular: 'Holiday', icon: 'CalendarOutlined',
  routes: { list: '/hr/holidays', create: '/hr/holidays/new' },
  api: { list: 'GET /hr/holidays/', create: 'PUT /hr/holidays/' },
  list: {
    columns: [{ field: 'date', render: 'date', format: 'DD-MM-YYYY' }, 'reason'],
    search: ['reason'], pageSize: 50, sort: 'date', export: 'csv', addInModal: true,
  },
  unique: [{ fields: ['date'], message: 'A holiday on this date already exists' }],
  access: { read: ['admins'], create: ['admins'] },
  messages: { created: 'New Holiday Added' },
});
