import { useSession } from '../../app/SessionContext.js';
import AdminDashboard from './AdminDashboard.js';
import ParentDashboard from './ParentDashboard.js';
import StaffDashboard from './StaffDashboard.js';

/** The home route '/' per role: parents pick a student; admins see the school's figures; other staff get their modules. */
export default function Dashboard() {
  const { user } = useSession();
  if (user.role === 1) return <ParentDashboard />;
  if (user.role === 3 || user.role === 4) return <AdminDashboard />;
  return <StaffDashboard />;
}
