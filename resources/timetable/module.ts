import { defineModule } from '../../src/shared/resource.js';

/** Period timings and the weekly timetable of classes and teachers (spec 3 Timetable, spec 4 §2.8). */
export default defineModule({ key: 'timetable', title: 'Timetable', icon: 'ScheduleOutlined', link: '/timetable/', order: 52, can_disable: true });
