import newAdmin from '../../schemas/admin_actions/calls/new-admin.json' with { type: 'json' };
import moduleAccess from '../../schemas/admin_actions/calls/module-access.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * The school's administrators (spec 3 Admin actions): logins of role 3 and 4, kept with the other
 * logins (not a table of their own), and each role-3 admin's create, read, update and delete
 * permission per module. A new admin has only the modules that cannot be taken away until
 * more are granted; nobody changes their own access or a super admin's.
 */
export default defineResource({
  name: 'admins', module: 'admin_actions', schema: { type: 'object', properties: {} },
  label: 'Administrators', singular: 'Admin', icon: 'TeamOutlined',
  api: {},
  access: { read: ['admins'], create: ['admins'], update: ['admins'] },
  messages: {},
  calls: {
    list: { call: 'GET /admins/', permission: 'read' },
    create: {
      call: 'PUT /admins/', permission: 'create', payload: newAdmin, message: 'New Admin Added',
      errors: { taken: 'An account with the email {email} already exists', superAdmin: 'Only a super admin can add a super admin' },
    },
    modules: { call: 'GET /admin/modules/{id}/', permission: 'read', errors: { notAdmin: 'No administrator with this id' } },
    saveModules: {
      call: 'POST /admin/modules/', permission: 'update', payload: moduleAccess, message: 'Modules Access Saved',
      errors: {
        notAdmin: 'No administrator with this id',
        own: 'You cannot change your own module access',
        superAdmin: 'A super admin has every module; their access cannot be changed',
        unknown: 'Unknown module {module}',
        twice: '{module} is given twice',
      },
    },
  },
  pages: {
    list: {
      route: '/admin-actions/admins', component: 'AdminList', permission: 'read', menu: 'Administrators',
      calls: ['admins.list'], buttons: { add: 'admins.create', access: 'admins.saveModules' },
    },
    // The list tells a taken e-mail before the form is sent.
    add: { route: '/admin-actions/admin/new', component: 'AdminNew', permission: 'create', calls: ['admins.list'], buttons: { save: 'admins.create' } },
    access: {
      route: '/admin-actions/admin/:id/modules/access', component: 'AdminModuleAccess', permission: 'update',
      calls: ['admins.modules'], buttons: { save: 'admins.saveModules' },
    },
  },
});
