import { defineModule } from '../../src/shared/resource.js';

/** Chat between staff (spec 4 §2.6, §3 Chat, §7 Chat): one-to-one conversations on the socket, opened in a tab of its own. */
export default defineModule({ key: 'chat', title: 'Chat', icon: 'MessageOutlined', link: '/chat', order: 90, can_disable: true });
