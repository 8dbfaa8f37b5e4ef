import { hasRole } from '../../../shared/roles.js';
import { useSession } from '../../app/SessionContext.js';
import AdminDashboard from './AdminDashboard.js';
import ParentDashboard from './ParentDashboard.js';
import StaffDashboard from './StaffDashboard.js';

/** The home route '/' per role: parents pick a student; admins see the school's figures; other staff get their modules. */
export default function Dashboard() {
  const { user } = useSession();
  if (hasRole(user, 'family')) return <ParentDashboard />;
  if (hasRole(user, 'admins')) return <AdminDashboard />;
  return <StaffDashboard />;
}
