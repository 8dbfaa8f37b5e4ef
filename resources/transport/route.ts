import schema from '../../schemas/transport/route.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * Bus routes (spec 3 §2, §3 Bus route): from a source stop to a destination stop, a driver in a
 * vehicle, towards school or away. Their stops in order are the route stops (route-stop.ts). A
 * driver's phone starts the trips of the routes they drive (trip.ts).
 */
export default defineResource({
  name: 'bus-routes', module: 'transport', schema, table: 'bus_route',
  label: 'Routes', singular: 'Route', icon: 'NodeIndexOutlined',
  routes: { list: '/transportation/routes/', create: '/transportation/routes/new', edit: '/transportation/route/:id/' },
  api: { list: 'GET /bus/routes/', create: 'PUT /bus/routes/', one: 'GET /bus/route/{id}/', update: 'POST /bus/route/{id}/' },
  relations: {
    source: { from: 'src', resource: 'bus-stops', field: 'name' },
    destination: { from: 'dest', resource: 'bus-stops', field: 'name' },
    driver: { from: 'driver_id', resource: 'bus-drivers', field: 'name' },
    vehicle: { from: 'vehicle_id', resource: 'bus-vehicles', field: 'name' },
    stops_count: { count: 'bus-route-stops', by: 'route' },
  },
  list: {
    columns: ['name', 'source', 'destination', 'driver', 'vehicle', { field: 'direction', render: 'tag' }, { field: 'stops_count', title: 'Stops' }],
    search: ['name'], pageSize: 50, sort: 'name', export: 'csv', addLabel: 'Add Route',
    links: [
      { label: 'Stops', icon: 'EnvironmentOutlined', to: '/transportation/routes/stops/{id}', requires: { resource: 'bus-route-stops', permission: 'read' } },
      { label: 'Students', icon: 'TeamOutlined', to: '/transportation/students/{id}', requires: { resource: 'bus-students', permission: 'read' } },
    ],
  },
  form: {
    uiSchema: {
      'ui:order': ['name', 'src', 'dest', 'driver_id', 'vehicle_id', 'direction'],
      src: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'bus-stops', label: 'name' } },
      dest: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'bus-stops', label: 'name' } },
      driver_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'bus-drivers', label: 'name' } },
      vehicle_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'bus-vehicles', label: 'name' } },
      direction: { 'ui:widget': 'radio' },
    },
  },
  unique: [{ fields: ['name'], message: 'A route with this name already exists' }],
  access: { read: ['admins'], create: ['admins'], update: ['admins'] },
  messages: { created: 'New Route Added', updated: 'Route Updated' },
});
