import { defineModule } from '../../src/shared/resource.js';

/** Marks of tests per class and subject, their approval, and report cards (spec 2 Marks, spec 4 §3). */
export default defineModule({ key: 'marks', title: 'Marks', icon: 'TrophyOutlined', link: '/marks/', order: 25, can_disable: true });
