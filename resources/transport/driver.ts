import schema from '../../schemas/transport/driver.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * The school's bus drivers (spec 3 §2, §3 Driver). Each is a login of role 5 with the driver's
 * email (fixed once created) and the password given on create; the driver's phone screen starts
 * and ends their route's trips and shares the bus's position.
 */
export default defineResource({
  name: 'bus-drivers', module: 'transport', schema, table: 'bus_driver',
  label: 'Drivers', singular: 'Driver', icon: 'UserOutlined',
  routes: { list: '/transportation/drivers/', create: '/transportation/drivers/new', edit: '/transportation/driver/:id' },
  api: { list: 'GET /bus/drivers/', create: 'PUT /bus/drivers/', one: 'GET /bus/driver/{id}/', update: 'POST /bus/driver/{id}/' },
  list: {
    columns: ['name', 'email', 'mobile_no', { field: 'dob', render: 'date', format: 'DD-MM-YYYY' }, 'dl_no'],
    search: ['name', 'email', 'mobile_no', 'dl_no'], pageSize: 50, sort: 'name', export: 'csv', addLabel: 'Add Driver',
  },
  form: {
    uiSchema: {
      'ui:order': ['name', 'email', 'password', 'mobile_no', 'dob', 'dl_no'],
      password: { 'ui:widget': 'generated-password' },
    },
    fixedAfterCreate: ['email'],
    generated: { password: 'password8' },
  },
  unique: [{ fields: ['email'], message: 'Email already registered' }],
  access: { read: ['admins'], create: ['admins'], update: ['admins'] },
  messages: { created: 'New Driver Added', updated: 'Driver Details Updated' },
});
