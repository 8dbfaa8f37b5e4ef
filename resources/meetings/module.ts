import { defineModule } from '../../src/shared/resource.js';

/** Video meetings of staff, parents and students (spec 3 Meetings). */
export default defineModule({ key: 'meetings', title: 'Meeting', icon: 'TeamOutlined', link: '/meeting/', order: 59, can_disable: true });
