import { defineModule } from '../../src/shared/resource.js';

/** Legacy online exams (spec 4 §2.4): staff write multiple-choice exams and assign them to classes; students take them on a phone. */
export default defineModule({ key: 'exams', title: 'Exams', icon: 'FileDoneOutlined', link: '/exam/', order: 68, can_disable: true });
