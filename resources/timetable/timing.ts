import schema from '../../schemas/timetable/timing.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** The school day's periods and breaks; read and replaced as a whole by the timetable's timing calls. */
export default defineResource({
  name: 'timetable-timings', module: 'timetable', schema, table: 'timetable_timing',
  label: 'Timings', singular: 'Timing', icon: 'CalendarOutlined',
  api: {},
  access: { read: ['family', 'staff'], update: ['admins'] },
  messages: {},
});
