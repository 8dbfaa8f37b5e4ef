import { defineModule } from '../../src/shared/resource.js';

/** Simple tests: a paper of files written at home in a set time, photos of the answers uploaded, marks replied by a teacher (spec 4 §2.5). */
export default defineModule({ key: 'simple_tests', title: 'Simple Test', icon: 'ScheduleOutlined', link: '/simple-test/', order: 57, can_disable: true });
