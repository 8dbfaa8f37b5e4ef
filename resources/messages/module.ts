import { defineModule } from '../../src/shared/resource.js';

/** Messages between staff and families, with replies, and text messages (SMS) to groups (spec 3 Messages and SMS). */
export default defineModule({ key: 'messages', title: 'Messages', icon: 'MessageOutlined', link: '/messages', order: 57, can_disable: true });
