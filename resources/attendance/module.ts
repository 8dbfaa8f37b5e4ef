import { defineModule } from '../../src/shared/resource.js';

/** Students' daily attendance: taking it per class and day, the class list, a child's calendar (spec 3 Attendance, spec 4 §2.8). */
export default defineModule({ key: 'attendance', title: 'Attendance', icon: 'CalendarOutlined', link: '/attendance/', order: 15, can_disable: true });
