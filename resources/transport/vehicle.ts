import schema from '../../schemas/transport/vehicle.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** The school's buses and vans (spec 3 §3 Vehicle); a route's students never outnumber its vehicle's seats. */
export default defineResource({
  name: 'bus-vehicles', module: 'transport', schema, table: 'bus_vehicle',
  label: 'Vehicles', singular: 'Vehicle', icon: 'CarOutlined',
  routes: { list: '/transportation/vehicles/', create: '/transportation/vehicles/new', edit: '/transportation/vehicle/:id' },
  api: { list: 'GET /bus/vehicles/', create: 'PUT /bus/vehicles/', one: 'GET /bus/vehicle/{id}/', update: 'POST /bus/vehicle/{id}/' },
  list: {
    columns: ['name', 'rto_reg_no', 'vehicle_name', 'vehicle_company', 'total_seats'],
    search: ['name', 'rto_reg_no', 'vehicle_name'], pageSize: 50, sort: 'name', export: 'csv', addLabel: 'Add Vehicle',
  },
  form: { uiSchema: { 'ui:order': ['name', 'rto_reg_no', 'vehicle_name', 'vehicle_company', 'total_seats'] } },
  unique: [{ fields: ['rto_reg_no'], message: 'A vehicle with this RTO registration number already exists' }],
  access: { read: ['admins'], create: ['admins'], update: ['admins'] },
  messages: { created: 'New Vehicle Added', updated: 'Vehicle Updated' },
});
