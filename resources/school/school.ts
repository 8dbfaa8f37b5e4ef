import modules from '../../schemas/school/calls/modules.json' with { type: 'json' };
import dashboardQuery from '../../schemas/school/calls/dashboard-query.json' with { type: 'json' };
import smsSettings from '../../schemas/school/calls/sms-settings.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';
import { ROLE_NAMES } from '../../src/shared/roles.js';
import bills from '../fees/fee-payment.js';

/**
 * The school as a whole (spec 4): its details for the login screen and the shells, its
 * configuration in force, which modules it has on and, for admins, which they may use.
 * Stores nothing of its own: the details and switches live in the school's settings.
 */
export default defineResource({
  name: 'school', module: 'school', schema: { type: 'object', properties: {} },
  label: 'School', api: {},
  access: { read: ROLE_NAMES, update: ['admins'] },
  messages: {},
  uploads: {
    // An upload that names no kind (POST /upload/, or ?file_type=uploads) from an admin, whose screens
    // send many kinds: documents and pictures only (spec 3 §5's attachment types), at most 2 MB.
    uploads: {
      permission: 'update', general: true, types: ['jpg', 'jpeg', 'png', 'pdf', 'doc', 'docx', 'ppt', 'pptx', 'odt', 'odp', 'txt', 'rtf'],
      maxBytes: 2 * 1024 * 1024, messages: { type: '{file} file upload failed.' },
    },
  },
  calls: {
    // The login screen, the guest admissions pages and the shells read it before anyone signs in.
    about: { call: 'GET /about/school/', permission: 'read', public: true },
    // Grading, terms, fee rules, SMS templates, calendar… for the screens and modules that read them.
    config: { call: 'GET /school-config/', permission: 'read' },
    // An admin's own module permissions (a super admin holds every one).
    adminModules: { call: 'GET /admin/modules/', permission: 'read', roles: ['admins'] },
    modules: { call: 'GET /settings/modules/', permission: 'read', roles: ['super_admin'] },
    saveModules: {
      call: 'POST /settings/modules/', permission: 'update', roles: ['super_admin'], payload: modules, message: 'Modules Saved',
      errors: { fixed: '{module} cannot be disabled', unknown: 'Unknown module {module}' },
    },
    // Every reader of bills, whatever their fees module access: the Settings page's Fees tab and
    // the parent's online payment show the school's fee settings.
    feeSettings: { call: 'GET /settings/fees/', permission: 'read', roles: bills.access.read },
    // The Settings page's SMS tab (spec 3): the six switches, how many texts went out, the gateway's balance.
    smsSettings: { call: 'GET /settings/sms/', permission: 'read', roles: ['admins'] },
    saveSmsSettings: { call: 'POST /settings/sms/', permission: 'update', payload: smsSettings, message: 'SMS Settings Updated' },
    // The admin's home (spec 3 Dashboard): the year's students, fees, SMS and storage, and the charts.
    adminDashboard: { call: 'GET /dashboard/admin/', permission: 'read', roles: ['admins'], query: dashboardQuery },
    // Ours, not the specification's (it has no backups): the last backup covering this school,
    // for the super admin's Settings screen and the warning banner.
    backupStatus: { call: 'GET /backup-status/', permission: 'read', roles: ['super_admin'] },
  },
});
