import schema from '../../schemas/admissions/guest.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** Guest passes of the public application form (src/server/modules/admissions/guest.ts); no calls of their own. */
export default defineResource({
  name: 'admission-guests', module: 'admissions', schema, table: 'adm_guest',
  label: 'Admission Guest Passes', singular: 'Guest Pass', api: {},
  indexes: [['expires_at']],
  unique: [{ fields: ['token_hash'], message: 'This pass already exists' }],
  relations: { application: { from: 'application_id', resource: 'applications', field: 'application_no' } },
  access: { read: ['super_admin'] },
  messages: {},
});
