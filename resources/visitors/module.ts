import { defineModule } from '../../src/shared/resource.js';

/** The gate's visitor book (spec 3): who came in, to see whom and why, with a photo, and when they left. */
export default defineModule({ key: 'visitors', title: 'Visitors', icon: 'TeamOutlined', link: '/visitors/', order: 84, can_disable: true });
