import { defineModule } from '../../src/shared/resource.js';

/** Boarding students: who stays in which hostel and room, each academic year (spec 3). */
export default defineModule({ key: 'hostel', title: 'Hostel', icon: 'HomeOutlined', link: '/hostel/', order: 60, can_disable: true });
