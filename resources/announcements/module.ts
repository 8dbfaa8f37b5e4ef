import { defineModule } from '../../src/shared/resource.js';

/** Announcements from the school to everyone, all students, teachers or chosen classes, and the web announcement (spec 2). */
export default defineModule({ key: 'announcements', title: 'Announcements', icon: 'NotificationOutlined', link: '/announcements/', order: 50, can_disable: true });
