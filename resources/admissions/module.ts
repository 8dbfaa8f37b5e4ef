import { defineModule } from '../../src/shared/resource.js';

/** The front office's admissions (spec 3, spec 4 §2.7): enquiries (leads), applications, and the public application form. */
export default defineModule({ key: 'admissions', title: 'Admissions', icon: 'FileDoneOutlined', link: '/admissions/leads/', order: 80, can_disable: true });
