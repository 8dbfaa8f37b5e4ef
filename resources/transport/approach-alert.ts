import schema from '../../schemas/transport/approach-alert.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * The 'bus is about 10 minutes away' notice of a trip to a student's family: one row a trip and
 * student, so it is sent once. Written by the position event as the bus nears the stop; no audit
 * record (the trip's positions cause it, not a person).
 */
export default defineResource({
  name: 'bus-approach-alerts', module: 'transport', schema, table: 'bus_approach_alert',
  label: 'Bus Approach Alerts', singular: 'Alert',
  api: {},
  relations: {
    trip: { from: 'trip_id', resource: 'bus-trips', field: 'trip_date', cascade: true },
    student: { from: 'student_id', resource: 'students', field: 'fullname', cascade: true },
  },
  unique: [{ fields: ['trip_id', 'student_id'], message: 'Already sent' }],
  audit: false,
  access: { read: ['admins'], create: ['driver'] },
  messages: {},
});
