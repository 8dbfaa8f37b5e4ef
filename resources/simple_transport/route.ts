import schema from '../../schemas/simple_transport/route.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * Routes of the simple transport module (spec 3 §2 /simple-transportation/routes/, §3 Simple
 * transport route): source, destination and the stops by name, the GPS tracker's IMEI, and the
 * driver's and vehicle's details written in (no logins, no map). A route with students on it
 * cannot be deleted until they are removed.
 */
export default defineResource({
  name: 'simple-routes', module: 'simple_transport', schema, table: 'simple_route',
  label: 'Routes', singular: 'Route', icon: 'NodeIndexOutlined',
  routes: { list: '/simple-transportation/routes/', create: '/simple-transportation/routes/new', edit: '/simple-transportation/route/:id' },
  api: {
    list: 'GET /simple/transportation/routes/', create: 'PUT /simple/transportation/routes/',
    one: 'GET /simple/transportation/route/{id}/', update: 'POST /simple/transportation/route/{id}/', remove: 'DELETE /simple/transportation/route/{id}/',
  },
  relations: { students_count: { count: 'simple-route-students', by: 'route_id' } },
  list: {
    columns: [
      'route_name', 'source', 'destination',
      { field: 'details.driver.name', title: 'Driver' }, { field: 'details.driver.phone', title: 'Driver Phone' },
      { field: 'details.vehicle.number', title: 'Vehicle' }, { field: 'students_count', title: 'Students' },
    ],
    search: ['route_name', 'source', 'destination'], pageSize: 50, sort: 'route_name', export: 'csv', addLabel: 'Add Route',
    links: [{ label: 'Students', icon: 'TeamOutlined', to: '/simple-transportation/students/{id}', requires: { resource: 'simple-route-students', permission: 'read' } }],
  },
  form: { uiSchema: { 'ui:order': ['route_name', 'source', 'destination', 'stops_list', 'device', 'details'] } },
  unique: [{ fields: ['route_name'], message: 'A route with this name already exists' }],
  access: { read: ['admins'], create: ['admins'], update: ['admins'], remove: ['admins'] },
  messages: { created: 'New Route Added', updated: 'Route Updated', removed: 'Route deleted' },
});
