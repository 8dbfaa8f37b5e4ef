import { ROLE_IDS } from '../../../shared/roles.js';
import { useSession } from '../../app/SessionContext.js';
import { defineClientContributions } from '../../framework/contributions.js';
import TeacherWeek from './TeacherWeek.js';

export default defineClientContributions({
  dashboardCards: [{ key: 'teacher-week', order: 10, component: TeacherWeek, useVisible: () => useSession().user.role === ROLE_IDS.teacher }],
});
