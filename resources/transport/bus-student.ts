import schema from '../../schemas/transport/bus-student.json' with { type: 'json' };
import pageQuery from '../../schemas/transport/calls/page-query.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';
import { ENABLED_YEAR } from '../../src/shared/years.js';

/**
 * Students on the school bus each academic year (spec 3 §2 /transportation/students/, §3 Bus
 * student): picked up at a stop of one route and dropped at a stop of the same or another route,
 * the fee part of the main fees or an amount. A route never carries more students than its
 * vehicle's seats. The lists are 50 a page, by year and by route (either way: pickup or drop).
 */
export default defineResource({
  name: 'bus-students', module: 'transport', schema, table: 'bus_student',
  label: 'Bus Students', singular: 'Bus Student', icon: 'TeamOutlined',
  routes: { create: '/transportation/students/new', edit: '/transportation/student/:id' },
  api: { create: 'PUT /bus/students/', one: 'GET /bus/student/{id}/', update: 'POST /bus/student/{id}/', remove: 'DELETE /bus/student/{id}/' },
  relations: {
    fullname: { from: 'student_id', resource: 'students', field: 'fullname' },
    ac_year: { from: 'ac_year_id', resource: 'acyears', field: 'name' },
  },
  indexes: [['ac_year_id', 'route_id'], ['ac_year_id', 'drop_route_id'], ['pickup_route_stop_id'], ['drop_route_stop_id']],
  unique: [{ fields: ['student_id', 'ac_year_id'], message: 'This student is already on the bus this academic year' }],
  form: {
    uiSchema: {
      'ui:order': ['ac_year_id', 'student_id', 'pickup_route_stop_id', 'drop_route_stop_id', 'fee', 'amount'],
      ac_year_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'acyears', label: 'name', preselect: ENABLED_YEAR } },
      student_id: { 'ui:widget': 'resource-search', 'ui:options': { resource: 'students', label: 'fullname', detail: ['class-section', 'admission_no'], current: 'fullname' } },
      pickup_route_stop_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'bus-route-stops', label: 'route-stop' } },
      drop_route_stop_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'bus-route-stops', label: 'route-stop' } },
    },
    showWhen: { amount: { fee: ['false'] } },
    fixedAfterCreate: ['student_id', 'ac_year_id'],
  },
  calls: {
    byYear: { call: 'GET /bus/students/{ac_year_id}/', permission: 'read', roles: ['admins'], query: pageQuery },
    byRoute: { call: 'GET /bus/students/{ac_year_id}/{route_id}/', permission: 'read', roles: ['admins'], query: pageQuery, scope: { route_id: 'bus-routes' } },
  },
  pages: {
    list: {
      route: '/transportation/students/', component: 'BusStudents', permission: 'read', roles: ['admins'], menu: 'Bus Students',
      calls: ['bus-students.byYear', 'bus-students.byRoute'], reads: ['acyears', 'bus-routes'],
      buttons: { add: 'bus-students.create', edit: 'bus-students.update', remove: 'bus-students.remove' },
    },
    route: {
      route: '/transportation/students/:route_id', component: 'BusStudents', permission: 'read', roles: ['admins'],
      calls: ['bus-students.byYear', 'bus-students.byRoute'], reads: ['acyears', 'bus-routes'],
      buttons: { add: 'bus-students.create', edit: 'bus-students.update', remove: 'bus-students.remove' },
    },
  },
  access: { read: ['admins'], create: ['admins'], update: ['admins'], remove: ['admins'] },
  messages: { created: 'Student Added to Bus', updated: 'Bus Details Updated', removed: 'Student Removed from Bus' },
});
