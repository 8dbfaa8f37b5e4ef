import schema from '../../schemas/admissions/guest.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * Guest passes of the public application form (src/server/modules/admissions/guest.ts); no calls
 * of their own. A pass is a visitor's session, made by anyone who opens the public form: it is not
 * audited (the application it leads to is).
 */
export default defineResource({
  name: 'admission-guests', module: 'admissions', schema, table: 'adm_guest',
  label: 'Admission Guest Passes', singular: 'Guest Pass', api: {},
  indexes: [['expires_at']],
  audit: false,
  unique: [{ fields: ['token_hash'], message: 'This pass already exists' }],
  relations: { application: { from: 'application_id', resource: 'applications', field: 'application_no' } },
  access: { read: ['super_admin'] },
  messages: {},
});
