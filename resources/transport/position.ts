import schema from '../../schemas/transport/position.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * The positions a bus's phone sent during its trips, written by the trip's position event and
 * read by the live maps; deleted after the school's configured days (transport.positions_days).
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
  access: { read: ['admins'], create: ['driver'] },
  messages: {},
});
