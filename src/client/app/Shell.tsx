/**
 * The role shells (spec 4, 2.9): every role with a shell gets the layout, its dashboard and
 * the generated routes (a driver's is their trips: /transportation/driver); roles without one (6,
 * unknown) get 404 Page Not Found; a school
 * disabled for non-payment gets a full-screen notice.
 */
import { expandRoles, hasRole, roleIds } from '../../shared/roles.js';
import { roleMayCall } from '../../shared/calls.js';
import { lazy } from './screen/lazy.js';
import { Navigate, Route, Routes } from 'react-router';
import { MODULES, RESOURCES } from '../../shared/registry.js';
import { flag } from '../framework/access.js';
import { useSession } from './SessionContext.js';
import { AppLayout } from './layout/AppLayout.js';
import { ChatUnavailable, DisabledAccount, NotFound } from './results.js';
import { resourceRoutes } from './routes.js';
import { MODULES_SETTINGS_ROUTE } from './routePaths.js';
import { useScreenAllowed } from '../framework/useAccess.js';
import { pageComponent } from '../pages/registry.js';

const Dashboard = lazy(() => import('../pages/dashboard/Dashboard.js'));
const ProfilePage = lazy(() => import('../pages/settings/ProfilePage.js'));
const SettingsPage = lazy(() => import('../pages/settings/SettingsPage.js'));
const ModulesSettings = lazy(() => import('../pages/settings/ModulesSettings.js'));
const ModuleHome = lazy(() => import('../pages/ModuleHome.js'));

/** Roles that have a shell here. */
export const SHELL_ROLES: number[] = roleIds(expandRoles(['family', 'staff', 'librarian', 'driver']));


const chatResource = RESOURCES.find((r) => r.name === 'chat-messages')!;

/** /chat: the messenger for those who have chat; 'Unavailable' for parents and where it is switched off (spec 4 §2.6). */
function ChatRoute({ role }: { role: number }) {
  const page = chatResource?.pages?.chat;
  const allowed = useScreenAllowed(chatResource, 'read', page);
  if (!page || !allowed) return <ChatUnavailable role={role} />;
  const Messenger = pageComponent(page.component);
  return <Messenger resource={chatResource} />;
}

export function Shell() {
  const { user, school } = useSession();
  if (flag(school.is_disabled)) return <DisabledAccount />;
  if (!SHELL_ROLES.includes(user.role)) return <NotFound fullPage />;

  // A module's link that a resource list or page serves is not a module home.
  const listRoutes = new Set(RESOURCES.flatMap((r) => [r.routes?.list, ...Object.values(r.pages ?? {}).map((p) => p.route)]).filter(Boolean));
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={hasRole(user, 'driver') ? <Navigate to="/transportation/driver" replace /> : <Dashboard />} />
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/chat" element={<ChatRoute role={user.role} />} />
        {roleMayCall('school.saveModules', user.role) && <Route path={MODULES_SETTINGS_ROUTE} element={<ModulesSettings />} />}
        {MODULES.filter((m) => !listRoutes.has(m.link)).map((m) => (
          <Route key={m.key} path={m.link} element={<ModuleHome moduleKey={m.key} />} />
        ))}
        {resourceRoutes(RESOURCES)}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
