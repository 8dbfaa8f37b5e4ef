import schema from '../../schemas/visitors/visitor.json' with { type: 'json' };
import addPayload from '../../schemas/visitors/calls/add.json' with { type: 'json' };
import checkoutPayload from '../../schemas/visitors/calls/checkout.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * The visitor book (spec 3): a visitor is entered at the gate with a photo from the camera and
 * is active until checked out at an exit gate. The history pages on the server (it grows every
 * day) and exports the spec's CSV file. Adding takes the photo as an image data URL, which the
 * server checks by its bytes and size and keeps in the file store, so it is a call of its own;
 * checkout only stamps the exit. The spec's watchman (role 6) has no screens of their own (spec
 * 4 §2.9), so the office keeps the book.
 */
export default defineResource({
  name: 'visitors', module: 'visitors', schema, table: 'visitor',
  label: 'Visitors History', singular: 'Visitor', icon: 'TeamOutlined',
  routes: { list: '/visitors/list/' },
  // The spec reads one visitor from the screen it came from; a reloaded info page asks this call.
  api: { list: 'GET /visitors/', one: 'GET /visitor/{id}/' },
  list: {
    columns: [
      { field: 'id', title: 'ID' }, 'name', 'mobile', 'student_name', 'address', 'reason_visiting', 'person_visiting',
      { field: 'entry_timestamp', render: 'datetime' }, { field: 'exit_timestamp', render: 'datetime' },
    ],
    search: ['name', 'mobile', 'student_name', 'person_visiting', 'reason_visiting'],
    pageSize: 50, sort: '-entry_timestamp', export: 'csv', exportFile: 'visitors_list.csv',
    links: [{ label: 'Info', icon: 'UserOutlined', to: '/visitors/info?id={id}' }],
  },
  indexes: [['entry_timestamp']],
  calls: {
    active: { call: 'GET /visitors/active/', permission: 'read' },
    add: {
      call: 'PUT /visitors/', permission: 'create', payload: addPayload, message: 'Visitor Added',
      errors: { photo: 'The photo must be a JPEG or PNG image', photoSize: 'The photo must be at most 200 kB' },
    },
    checkout: {
      call: 'POST /visitor/{id}/', permission: 'update', payload: checkoutPayload, message: 'Visitor Exited!',
      errors: { missing: 'Visitor not found', exited: 'This visitor has already exited' },
    },
  },
  pages: {
    active: {
      route: '/visitors/', component: 'ActiveVisitors', permission: 'read', menu: 'Active Visitors',
      calls: ['visitors.active'], buttons: { checkout: 'visitors.checkout', add: 'visitors.add' },
    },
    add: { route: '/visitors/new/', component: 'NewVisitor', permission: 'create', menu: 'New Visitor', calls: ['visitors.add'] },
    info: { route: '/visitors/info', component: 'VisitorInfo', permission: 'read', calls: ['visitors.one'] },
  },
  access: { read: ['admins'], create: ['admins'], update: ['admins'] },
  messages: {},
});
