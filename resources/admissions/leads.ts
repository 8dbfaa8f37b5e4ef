import schema from '../../schemas/admissions/leads.json' with { type: 'json' };
import messagePayload from '../../schemas/admissions/calls/leads-message.json' with { type: 'json' };
import importPayload from '../../schemas/admissions/calls/leads-import.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * Admission enquiries (spec 3 Lead): a parent who asked about a seat, with the class and the
 * status the office sets freely (no transitions enforced). The list pages and searches on the
 * server, since a school collects tens of thousands over the years; the details page holds the
 * contact log (resource `lead-contacts`). A text to every lead goes through the SMS interface.
 */
export default defineResource({
  name: 'leads', module: 'admissions', schema, table: 'adm_lead',
  label: 'Leads', singular: 'Lead', icon: 'ContactsOutlined',
  routes: { list: '/admissions/leads/', create: '/admissions/lead/new/', edit: '/admissions/lead/:id/edit' },
  api: {
    list: 'GET /admissions/leads/', one: 'GET /admissions/lead/{id}/',
    create: 'PUT /admissions/leads/', update: 'POST /admissions/lead/{id}/', remove: 'DELETE /admissions/lead/{id}/',
  },
  list: {
    columns: [
      { field: 'parent_name', render: 'link', to: '/admissions/lead/{id}' },
      'mobile', 'student_name', 'class',
      { field: 'status', render: 'tag' },
      { field: 'created', render: 'datetime', format: 'DD-MM-YYYY hh:mm A' },
    ],
    search: ['parent_name', 'mobile', 'student_name', 'email'],
    pageSize: 50, sort: '-created', export: 'csv', addLabel: 'New Lead',
    links: [{ label: 'View', icon: 'ReadOutlined', to: '/admissions/lead/{id}' }],
    headerLinks: [
      { label: 'Message', icon: 'MessageOutlined', to: '/admissions/leads/message/', requires: { permission: 'update' } },
      { label: 'Import', icon: 'UploadOutlined', to: '/admissions/leads/import/', requires: { permission: 'create' } },
    ],
  },
  form: {
    uiSchema: {
      'ui:order': ['parent_name', 'mobile', 'email', 'student_name', 'class', 'status', 'extras'],
    },
  },
  indexes: [['created'], ['status']],
  searchIndexes: ['parent_name', 'mobile', 'student_name', 'email'],
  pages: {
    details: {
      route: '/admissions/lead/:id', component: 'LeadDetails', permission: 'read',
      calls: ['leads.one', 'leads.contacts'],
      buttons: { edit: 'leads.update', addContact: 'lead-contacts.create' },
    },
    // Both say how many leads there are (the list's total).
    message: { route: '/admissions/leads/message/', component: 'LeadsMessage', permission: 'update', calls: ['leads.list'], buttons: { send: 'leads.message' } },
    import: { route: '/admissions/leads/import/', component: 'LeadsImport', permission: 'create', calls: ['leads.list'], buttons: { import: 'leads.import' } },
  },
  calls: {
    // The lead's contact log, latest first.
    contacts: { call: 'GET /admissions/leads/{id}/contact/', permission: 'read', scope: { id: 'leads' } },
    message: { call: 'POST /admissions/leads/message/', permission: 'update', payload: messagePayload, message: 'Messages Sent', errors: { noLeads: 'There are no leads to message' } },
    import: {
      call: 'PUT /leads/import/', permission: 'create', payload: importPayload, message: 'Leads list imported!',
      errors: {
        uploadAgain: 'The uploaded file was not found: upload it again', csvOnly: 'You can only import a CSV file!',
        empty: 'The file has no leads', unreadable: 'The file could not be read as CSV: {reason}', noRows: 'No lead could be imported',
      },
    },
  },
  uploads: {
    'leads-import': { permission: 'create', types: ['csv'], maxBytes: 5 * 1024 * 1024, messages: { type: 'You can only import a CSV file!' } },
  },
  access: { read: ['admins'], create: ['admins'], update: ['admins'], remove: ['admins'] },
  messages: { created: 'New Lead added', updated: 'Lead Updated', removed: 'Lead Deleted' },
});
