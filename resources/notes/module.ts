import { defineModule } from '../../src/shared/resource.js';

/** Class notes: teachers upload study material per class and subject, families download it (spec 3 Notes). */
export default defineModule({ key: 'notes', title: 'Notes', icon: 'ReadOutlined', link: '/notes', order: 65, can_disable: true });
