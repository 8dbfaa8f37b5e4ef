import { defineModule } from '../../src/shared/resource.js';

/** Online tests (spec 4 §2.3): a question bank, tests assigned to classes, students taking them on the server's clock, marking and results. */
export default defineModule({ key: 'online_tests', title: 'Online Tests', icon: 'FileDoneOutlined', link: '/online-test/', order: 58, can_disable: true });
