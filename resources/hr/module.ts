import { defineModule } from '../../src/shared/resource.js';

/** The school's staff as HR keeps them: employees, departments, holidays, leaves and employee attendance (spec 3). */
export default defineModule({ key: 'hr', title: 'HR', icon: 'ContactsOutlined', link: '/hr/employees/', order: 70, can_disable: true });
