import schema from '../../schemas/virtual_classroom/student-module.json' with { type: 'json' };
import accessList from '../../schemas/virtual_classroom/calls/access-list.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * The virtual classroom's access list (spec 4 §2.2 `/virtual-classroom/access/`, §3 Student
 * access row, §7): which students of a class and academic year may use the virtual classroom.
 */
export default defineResource({
  name: 'student-modules', module: 'virtual_classroom', schema, table: 'student_module',
  label: 'Access List', singular: 'Access', icon: 'SafetyOutlined',
  api: {},
  relations: { fullname: { from: 'student_id', resource: 'students', field: 'fullname' } },
  unique: [{ fields: ['student_id', 'module_name'], message: 'This student already has an access row for this module' }],
  access: { read: ['staff'], update: ['staff'] },
  messages: {},
  calls: {
    list: { call: 'GET /settings/student/modules/virtual_classroom/{class}/{ac_year}/', permission: 'read' },
    save: {
      call: 'POST /settings/student/modules/{class}/', permission: 'update', payload: accessList, message: 'Access List Updated',
      errors: { missing: 'Class not found', student: 'A student is not of this class' },
    },
  },
  pages: {
    access: {
      route: '/virtual-classroom/access/', component: 'VcAccessList', permission: 'update', menu: 'Access List',
      calls: ['student-modules.list', 'classes.list', 'acyears.list'], buttons: { save: 'student-modules.save' },
    },
  },
});
