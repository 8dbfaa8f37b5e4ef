import schema from '../../schemas/students/student-contact.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** A student's guardians and other contacts; at most two should receive SMS (a hint on the form). */
export default defineResource({
  name: 'student-contacts', module: 'students', schema, table: 'student_contact',
  label: 'Contacts', singular: 'Contact', icon: 'ContactsOutlined',
  api: {
    list: 'GET /student/contacts/{student_id}/',
    create: 'PUT /student/contacts/', update: 'POST /student/contact/{id}/', remove: 'DELETE /student/contact/{id}/',
  },
  relations: { student: { from: 'student_id', resource: 'students', field: 'fullname' } },
  list: { columns: ['contact_name', 'student_relation', 'mobile', 'email', 'enable_sms', 'is_emergency_contact'] },
  form: {
    uiSchema: {
      'ui:order': ['contact_name', 'student_relation', 'mobile', 'email', 'address', 'enable_sms', 'is_emergency_contact', '*'],
      student_id: { 'ui:widget': 'hidden' },
      address: { 'ui:widget': 'textarea' },
      enable_sms: { 'ui:help': 'SMS can be enabled on at most 2 contacts' },
    },
    fixedAfterCreate: ['student_id'],
  },
  scope: { parent: { student: 'student_id' } },
  access: { read: ['family', 'staff', 'librarian'], create: ['admins'], update: ['admins'], remove: ['admins'] },
  messages: { created: 'Contact Added', updated: 'Contact details updated', removed: 'Student Contact Deleted' },
});
