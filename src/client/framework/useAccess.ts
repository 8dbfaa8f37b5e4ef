import { createContext, useContext } from 'react';
import type { Permission, ResourceDef } from '../../../src/shared/resource.js';
import { can, type AccessContext } from './access.js';

/** The access facts of the logged-in user, provided by the application shell. */
export const AccessReactContext = createContext<AccessContext>({ role: 0, schoolModules: [], adminModules: null });

/** Synchronous permission check for buttons, the same rule the Refine provider answers with. */
export function useAllowed(def: ResourceDef | undefined, perm: Permission): boolean {
  const ctx = useContext(AccessReactContext);
  return def ? can(ctx, def, perm) : false;
}

export const useAccessContext = () => useContext(AccessReactContext);
