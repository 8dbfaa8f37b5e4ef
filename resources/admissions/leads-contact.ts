import schema from '../../schemas/admissions/leads-contact.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * One entry of a lead's contact log (spec 3 Lead contact): a call (the default), a message or an
 * e-mail, when, and what was said. `name` is the staff member who records it, filled by the
 * server. Entries go with their lead; they are listed by the lead's own call (leads.contacts).
 */
export default defineResource({
  name: 'lead-contacts', module: 'admissions', schema, table: 'adm_lead_contact',
  label: 'Lead Contacts', singular: 'Contact',
  api: { create: 'PUT /admissions/leads/contact/' },
  relations: {
    parent_name: { from: 'adm_lead_id', resource: 'leads', field: 'parent_name', cascade: true },
  },
  form: {
    uiSchema: { 'ui:order': ['mode', 'contact_time', 'summary', 'details', '*'], details: { 'ui:widget': 'textarea' } },
  },
  indexes: [['adm_lead_id', 'contact_time']],
  access: { read: ['admins'], create: ['admins'], update: ['admins'], remove: ['admins'] },
  messages: { created: 'New lead contact entry added!' },
});
