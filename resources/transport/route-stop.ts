import schema from '../../schemas/transport/route-stop.json' with { type: 'json' };
import routeStops from '../../schemas/transport/calls/route-stops.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * A route's stops in order (spec 3 §2 /transportation/routes/stops/{id}, §3 Route stop), each with
 * its arrival time and amount. The list is written whole: PUT for a route without stops, POST to
 * change it. The spec's screen reports the change as unavailable; here it keeps the students'
 * stops valid: a stop keeps its id while it stays on the route, and one with students picked up
 * or dropped there cannot be removed until they are moved.
 */
/** What a route's stop list is refused for, when it is first saved and when it is changed. */
const STOP_LIST_ERRORS = {
  ends: 'The first and last stops are the route\'s source and destination',
  twice: '{stop} is on the route more than once',
  arrival: 'Please enter the arrival time of {stop}',
  amount: 'Please enter the amount of {stop}',
  order: 'The arrival time of {stop} is before the stop ahead of it',
};

export default defineResource({
  name: 'bus-route-stops', module: 'transport', schema, table: 'bus_route_stop',
  label: 'Route Stops', singular: 'Route Stop', icon: 'EnvironmentOutlined',
  api: { list: ['GET /bus/routes/stops/', 'GET /bus/routes/stops/{route}/'] },
  relations: {
    route_name: { from: 'route', resource: 'bus-routes', field: 'name' },
    bus_stop: { from: 'bus_stop_id', resource: 'bus-stops', field: 'name' },
    lat: { from: 'bus_stop_id', resource: 'bus-stops', field: 'lat' },
    lon: { from: 'bus_stop_id', resource: 'bus-stops', field: 'lon' },
  },
  list: { columns: ['position', 'bus_stop', 'arr_time', { field: 'amount', render: 'money' }], sort: 'position' },
  indexes: [['route', 'position']],
  calls: {
    save: {
      call: 'PUT /bus/routes/stops/', permission: 'create', payload: routeStops, message: 'Route Stops Added',
      scope: { route: 'bus-routes' },
      errors: {
        exists: 'This route already has its stops; change them instead',
        ...STOP_LIST_ERRORS,
      },
    },
    change: {
      call: 'POST /bus/routes/stops/', permission: 'update', payload: routeStops, message: 'Route Stops Updated',
      scope: { route: 'bus-routes' },
      errors: {
        none: 'This route has no stops yet; add them first',
        ...STOP_LIST_ERRORS,
        riders: '{stop} cannot be removed: {count} student(s) are picked up or dropped there. Move them to another stop first',
      },
    },
  },
  pages: {
    stops: {
      route: '/transportation/routes/stops/:route', component: 'RouteStops', permission: 'read',
      calls: ['bus-route-stops.list', 'bus-routes.one'], reads: ['bus-stops'],
      buttons: { save: 'bus-route-stops.save', change: 'bus-route-stops.change' },
    },
    // The spec's edit route opens the same screen ready to change the stops.
    edit: {
      route: '/transportation/routes/stops/:route/edit', component: 'RouteStops', permission: 'update',
      calls: ['bus-route-stops.list', 'bus-routes.one'], reads: ['bus-stops'],
      buttons: { save: 'bus-route-stops.save', change: 'bus-route-stops.change' },
    },
  },
  access: { read: ['admins'], create: ['admins'], update: ['admins'] },
  messages: {},
});
