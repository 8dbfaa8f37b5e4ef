import { createContext, useContext } from 'react';
import type { StartupData } from './startup.js';
import type { AccessContext } from '../framework/access.js';

export interface AppSession extends StartupData {
  access: AccessContext;
  /** Loads the start-up data again (after module settings change the sidebar). */
  reload: () => Promise<void>;
}

export const SessionContext = createContext<AppSession | null>(null);

/** The logged-in user, school and permissions, loaded once at start-up. */
export function useSession(): AppSession {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside the application');
  return s;
}
