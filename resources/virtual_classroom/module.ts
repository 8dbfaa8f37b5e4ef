import { defineModule } from '../../src/shared/resource.js';

/** The virtual classroom: live classes streamed from a teacher to a class, their questions and recordings (spec 4 §2.2). */
export default defineModule({ key: 'virtual_classroom', title: 'Virtual Classroom', icon: 'VideoCameraOutlined', link: '/virtual-classroom/', order: 56, can_disable: true });
