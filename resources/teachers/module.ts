import { defineModule } from '../../src/shared/resource.js';

export default defineModule({ key: 'teachers', title: 'Teachers', icon: 'TeamOutlined', link: '/teachers/', order: 40, can_disable: true });
