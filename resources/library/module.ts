import { defineModule } from '../../src/shared/resource.js';

/** The school library (spec 3): its books, lending them to students and teachers, returns with late fines. */
export default defineModule({ key: 'library', title: 'Library', icon: 'BookOutlined', link: '/library/books/', order: 82, can_disable: true });
