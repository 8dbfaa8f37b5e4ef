import schema from '../../schemas/transport/stop.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * Bus stops (spec 3 §2, §3 Bus stop), placed on a map: the form's map (a Leaflet map whose tiles
 * come from the school's configuration) sets the latitude and longitude as its pin is dragged,
 * and typed coordinates move the pin, so the form works without tiles.
 */
export default defineResource({
  name: 'bus-stops', module: 'transport', schema, table: 'bus_stop',
  label: 'Stops', singular: 'Stop', icon: 'EnvironmentOutlined',
  routes: { list: '/transportation/stops/', create: '/transportation/stops/new', edit: '/transportation/stop/:id' },
  api: { list: 'GET /bus/stops/', create: 'PUT /bus/stops/', one: 'GET /bus/stop/{id}/', update: 'POST /bus/stop/{id}/' },
  list: {
    columns: ['name', 'lat', 'lon', { field: 'extras.landmark', title: 'Landmark' }],
    search: ['name'], pageSize: 50, sort: 'name', export: 'csv', addLabel: 'Add Stop',
  },
  form: {
    uiSchema: {
      'ui:order': ['name', 'lat', 'lon', 'nearby', 'extras'],
      'ui:field': 'stop-map',
      extras: { address: { 'ui:widget': 'textarea' } },
    },
  },
  unique: [{ fields: ['name'], message: 'A stop with this name already exists' }],
  access: { read: ['admins'], create: ['admins'], update: ['admins'] },
  messages: { created: 'New Stop Added', updated: 'Stop Updated' },
});
