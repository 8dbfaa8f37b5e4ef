/**
 * Start-up after login (spec 4, 4 "Login and start-up"): the auth call first, then the
 * school's details and, for admins, their module permissions. Right after a login in this
 * page the login's own answer is that auth response, so the call is not repeated.
 */
import { roleMayCall } from '../../shared/calls.js';
import { readSession, takeJustLoggedIn, updateSessionUser, type Session, type SessionUser } from '../session.js';
import type { ModuleState } from '../framework/access.js';
import { callDeclared, type CallData } from '../framework/useDeclaredCall.js';
import type { ParentStudent } from '../pages/useStudents.js';
import { applySchoolConfig } from './schoolConfig.js';

/** The school's details, module switches and configuration for the screens (`school.about`). */
export type SchoolInfo = CallData<'school.about'>;

export interface StartupData {
  session: Session;
  user: SessionUser;
  school: SchoolInfo;
  adminModules: ModuleState[] | null;
  /** A parent's students (GET /students-list/), loaded beside the school's details: the parent's home shows them at once. */
  parentStudents: ParentStudent[] | null;
}

let early: Promise<StartupData> | null = null;

/** Starts the start-up calls at once (right after a login, while the app is being drawn); the next loadStartup takes them. */
export function beginStartup(): void {
  early = fetchStartup();
  early.catch(() => undefined); // seen by whoever takes it
}

export function loadStartup(): Promise<StartupData> {
  const started = early;
  early = null;
  return started ?? fetchStartup();
}

async function fetchStartup(): Promise<StartupData> {
  const session = readSession();
  if (!session) throw new Error('No session');
  const fresh = takeJustLoggedIn();
  const user: SessionUser = fresh ?? (await callDeclared('account.me', { query: { platform: 'web' } })).data;
  if (!fresh) updateSessionUser(user);
  const data = async <T>(p: Promise<{ data: T }>) => (await p).data;
  const [school, adminModules, parentStudents] = await Promise.all([
    data(callDeclared('school.about', {})),
    roleMayCall('school.adminModules', user.role) ? data(callDeclared('school.adminModules', {})) : Promise.resolve(null),
    // The home screen's own call; a failure is left for that screen to show.
    roleMayCall('students.mine', user.role) ? data(callDeclared('students.mine', {})).catch(() => null) : Promise.resolve(null),
  ]);
  // Labels, terms and fields of the school, before anything is drawn from the declarations.
  applySchoolConfig(school?.config);
  return { session: { ...session, user }, user, school: { ...school, modules: school?.modules ?? [] }, adminModules, parentStudents };
}
