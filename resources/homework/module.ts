import { defineModule } from '../../src/shared/resource.js';

/** Homework set by teachers per class and subject, the students' solutions and the teachers' corrections (spec 3, spec 4 §2.8). */
export default defineModule({ key: 'homework', title: 'Homework', icon: 'FileDoneOutlined', link: '/homework/', order: 55, can_disable: true });
