import { defineModule } from '../../src/shared/resource.js';

export default defineModule({ key: 'students', title: 'Students', icon: 'UserOutlined', link: '/students/', order: 20, can_disable: false });
