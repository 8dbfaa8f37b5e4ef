import details from '../../schemas/admin_actions/calls/school-details.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * The school's details (spec 3 /admin-actions/about): name, short name, phone, address and logo,
 * shown in the header, on receipts and printed sheets. Read by everyone through GET
 * /about/school/ (the school resource); written here by admins holding this module.
 */
export default defineResource({
  name: 'school-details', module: 'admin_actions', schema: { type: 'object', properties: {} },
  label: 'School Details', icon: 'HomeOutlined',
  api: {},
  access: { read: ['admins'], update: ['admins'] },
  messages: {},
  uploads: {
    'school-logo': { permission: 'update', types: ['jpg', 'jpeg', 'png', 'gif'], maxBytes: 1024 * 1024, messages: { type: '{file} file upload failed.' } },
  },
  calls: {
    save: { call: 'POST /about/school/', permission: 'update', payload: details, message: 'Updated School Details', errors: { logo: 'The logo must be an image uploaded as a school logo' } },
  },
  pages: {
    about: { route: '/admin-actions/about', component: 'SchoolDetails', permission: 'update', menu: 'School Details', calls: ['school.about'], buttons: { save: 'school-details.save' } },
  },
});
