import schema from '../../schemas/fees/created-fee.json' with { type: 'json' };
import studentsQuery from '../../schemas/fees/calls/created-fee-query.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';
import { ENABLED_YEAR } from '../../src/shared/years.js';

/** A named fee for a class and year: creating it bills every current student of the class. */
export default defineResource({
  name: 'created-fees', module: 'fees', schema, table: 'created_fee',
  label: 'Created Fees', singular: 'Fee', icon: 'WalletOutlined',
  routes: { list: '/fees/create/', create: '/fees/create/new/' },
  // The form asks 'Bill 40 students of 5 - A 2026-27 ₹1,500.00 each?' before billing them.
  api: { list: 'GET /fees/create/{ac_year_id}/', create: 'PUT /fees/create/', preview: 'POST /fees/create/preview/' },
  relations: {
    ac_year: { from: 'ac_year_id', resource: 'acyears', field: 'name' },
    class: { from: 'class_id', resource: 'classes', field: 'class' },
    section: { from: 'class_id', resource: 'classes', field: 'section' },
    fee_item: { from: 'fee_item_id', resource: 'fee-items', field: 'name' },
  },
  list: {
    columns: ['name', 'class', 'section', 'fee_item', { field: 'amount_total', render: 'money' }],
    pageSize: 50, sort: 'name',
    filters: [{ field: 'ac_year_id', resource: 'acyears', label: 'Academic Year', required: true, preselect: ENABLED_YEAR }],
    links: [{ label: 'Students', icon: 'UnorderedListOutlined', to: '/fees/create/reports/?name={name}&ac_year_id={ac_year_id}&class_id={class_id}' }],
  },
  form: {
    uiSchema: {
      'ui:order': ['name', 'ac_year_id', 'class_id', 'fee_item_id', 'amount_total'],
      ac_year_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'acyears', label: 'name', preselect: ENABLED_YEAR } },
      class_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'classes', label: 'class-section' } },
      fee_item_id: { 'ui:widget': 'resource-select', 'ui:options': { resource: 'fee-items', label: 'name', prefill: { amount_total: 'amount' } } },
    },
  },
  pages: {
    students: { route: '/fees/create/reports/', component: 'CreatedFeeStudents', permission: 'read', calls: ['created-fees.students'] },
  },
  calls: {
    // Spec 2: the students billed for one created fee, with what each has paid and has pending on that bill.
    students: {
      call: 'GET /fees/create/', permission: 'read', query: studentsQuery,
      errors: { year: 'Please select academic year', class: 'Please select class', missing: 'Fee not found' },
    },
  },
  access: { read: ['admins'], create: ['admins'] },
  messages: { created: 'New Fee Created' },
});
