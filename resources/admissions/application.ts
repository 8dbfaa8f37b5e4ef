import schema from '../../schemas/admissions/application.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * Admission applications (spec 3 §3 "Admission application", spec 4 §3 Admissions). Parents
 * create them through the public application form (resource `admission-apply`) with a guest
 * token; staff read, delete and set their status here. The application number is the school
 * code followed by the id (spec 4 §9), written once when the row is made.
 */
export default defineResource({
  name: 'applications', module: 'admissions', schema, table: 'adm_application',
  label: 'Applications', singular: 'Application', icon: 'FileDoneOutlined',
  api: {},
  indexes: [['timestamp'], ['mobile']],
  unique: [{ fields: ['application_no'], message: 'This application number is already used' }],
  access: { read: ['admin', 'super_admin'], update: ['admin', 'super_admin'], remove: ['admin', 'super_admin'] },
  messages: { removed: 'Application Deleted', updated: 'Status Updated' },
});
