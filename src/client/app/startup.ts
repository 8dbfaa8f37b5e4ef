/**
 * Start-up after login (spec 4, 4 "Login and start-up"): the auth call first, then the
 * school's details and, for admins, their module permissions.
 */
import { request } from '../api.js';
import { readSession, updateSessionUser, type Session, type SessionUser } from '../session.js';
import type { ModuleState } from '../framework/access.js';

export interface SchoolInfo {
  school_name: string;
  short_name?: string;
  school_logo?: string;
  school_address?: string;
  phone_number?: string;
  maintenance_mode?: string | number;
  is_disabled?: string | number;
  modules: ModuleState[];
}

export interface StartupData {
  session: Session;
  user: SessionUser;
  school: SchoolInfo;
  adminModules: ModuleState[] | null;
}

export async function loadStartup(): Promise<StartupData> {
  const session = readSession();
  if (!session) throw new Error('No session');
  const user = await request<SessionUser>('GET', '/auth/?platform=web');
  updateSessionUser(user);
  const admin = user.role === 3 || user.role === 4;
  const [school, adminModules] = await Promise.all([
    request<SchoolInfo>('GET', '/about/school/'),
    admin ? request<ModuleState[]>('GET', '/admin/modules/') : Promise.resolve(null),
  ]);
  return { session: { ...session, user }, user, school: { ...school, modules: school?.modules ?? [] }, adminModules };
}
