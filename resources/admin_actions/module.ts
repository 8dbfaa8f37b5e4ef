import { defineModule } from '../../src/shared/resource.js';

/**
 * Admin actions (spec 3): the school's administrators and their module access, the school's
 * details. Admins only; a school cannot switch it off.
 */
export default defineModule({ key: 'admin_actions', title: 'Admin Actions', icon: 'SettingOutlined', link: '/admin-actions/admins', order: 90, can_disable: false });
