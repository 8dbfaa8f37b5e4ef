import { useSession } from '../../app/SessionContext.js';
import ParentDashboard from './ParentDashboard.js';
import StaffDashboard from './StaffDashboard.js';

/** The home route '/' per role: parents pick a student; staff get their modules. */
export default function Dashboard() {
  const { user } = useSession();
  return user.role === 1 ? <ParentDashboard /> : <StaffDashboard />;
}
