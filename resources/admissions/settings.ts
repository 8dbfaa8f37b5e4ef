import settings from '../../schemas/admissions/calls/settings.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * The Settings page's Admissions tab (spec 3 §2, §7): whether the public form is open, the
 * classes it offers, the application fee, and the share link's token. Stores nothing of its own:
 * the values live in the school's settings store (src/server/modules/admissions/settings.ts).
 * The public form reads the same call with its guest pass and is answered the public part only.
 */
export default defineResource({
  name: 'admission-settings', module: 'admissions', schema: { type: 'object', properties: {} },
  label: 'Admission Settings', api: {},
  access: { read: ['admins'], update: ['admins'] },
  messages: {},
  calls: {
    get: { call: 'GET /settings/admissions/', permission: 'read', guest: 'admission' },
    save: { call: 'POST /settings/admissions/', permission: 'update', payload: settings, message: 'Admissions Settings Updated' },
    // A new token: the old share link stops working at once, passes made from it included.
    regenerate: { call: 'PUT /settings/admissions/', permission: 'update', message: 'URL Updated' },
  },
});
