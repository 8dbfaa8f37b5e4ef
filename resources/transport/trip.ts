import schema from '../../schemas/transport/trip.json' with { type: 'json' };
import tripStart from '../../schemas/transport/calls/trip-start.json' with { type: 'json' };
import position from '../../schemas/transport/calls/position.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * Trips (spec 3 §2 /transportation/trips/, §3 Trip): a run of a route, started and ended by its
 * driver on their phone. Between the two the phone sends the bus's position every few seconds
 * on the platform's socket (`bus_position`), or by `position` while the socket is down; only the
 * trip's own driver may send them, and only while it runs. Staff see every running bus on one map.
 */
export default defineResource({
  name: 'bus-trips', module: 'transport', schema, table: 'bus_trip',
  label: 'Trips', singular: 'Trip', icon: 'ScheduleOutlined',
  api: { list: 'GET /bus/trips/' },
  relations: {
    route_name: { from: 'route_id', resource: 'bus-routes', field: 'name' },
    driver_name: { from: 'driver_id', resource: 'bus-drivers', field: 'name' },
  },
  indexes: [['trip_date'], ['route_id', 'end_time']],
  list: {
    columns: ['route_name', 'driver_name', { field: 'trip_date', render: 'date', format: 'DD-MM-YYYY' }, { field: 'start_time', render: 'datetime' }, { field: 'end_time', render: 'datetime' }],
    search: ['route_name'], pageSize: 50, sort: '-start_time', export: 'csv',
  },
  calls: {
    today: { call: 'GET /bus/driver/trips/', permission: 'read', roles: ['driver'] },
    start: {
      call: 'POST /bus/trip/start/', permission: 'create', roles: ['driver'], payload: tripStart, message: 'Trip Started',
      errors: { notYours: 'This route is not yours to drive', running: 'A trip of this route is already running', another: 'End your running trip first' },
    },
    end: {
      call: 'POST /bus/trip/{id}/end/', permission: 'update', roles: ['driver'], scope: { id: 'bus-trips' }, message: 'Trip Ended',
      errors: { ended: 'This trip has already ended' },
    },
    position: {
      call: 'POST /bus/trip/position/', permission: 'update', roles: ['driver'], payload: position, scope: { trip_id: 'bus-trips' },
      errors: { ended: 'This trip has already ended', notYours: 'This trip is not yours' },
    },
    running: { call: 'GET /bus/trips/running/', permission: 'read', roles: ['admins'] },
  },
  sockets: {
    position: { event: 'bus_position', permission: 'update', roles: ['driver'], payload: position, reply: 'bus_position_saved', errors: { ended: 'This trip has already ended', notYours: 'This trip is not yours' } },
  },
  pages: {
    list: { route: '/transportation/trips/', component: 'Trips', permission: 'read', roles: ['admins'], menu: 'Trips', calls: ['bus-trips.list', 'bus-trips.running'] },
    driver: {
      route: '/transportation/driver', component: 'DriverTrips', permission: 'read', roles: ['driver'], menu: 'My Trips',
      calls: ['bus-trips.today'], buttons: { start: 'bus-trips.start', end: 'bus-trips.end', position: 'bus-trips.position' },
    },
  },
  scope: { driver: { driver: 'driver_id' } },
  access: { read: ['admins', 'driver'], create: ['driver'], update: ['driver'] },
  messages: {},
});
