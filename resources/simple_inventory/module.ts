import { defineModule } from '../../src/shared/resource.js';

/** The school's simple stock book (spec 3): items counted by category. Separate from finance's inventory with purchases and issues. */
export default defineModule({ key: 'simple_inventory', title: 'Inventory', icon: 'AppstoreOutlined', link: '/inventory/list', order: 86, can_disable: true });
