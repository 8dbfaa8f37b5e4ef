import { createContext, useContext } from 'react';
import { pageButton, pageRoles, type PageDef, type Permission, type ResourceDef } from '../../../src/shared/resource.js';
import { RESOURCES } from '../../shared/registry.js';
import { can, type AccessContext } from './access.js';

/** The access facts of the logged-in user, provided by the application shell. */
export const AccessReactContext = createContext<AccessContext>({ role: 0, schoolModules: [], adminModules: null });

/** Synchronous permission check for buttons, the same rule the Refine provider answers with. */
export function useAllowed(def: ResourceDef | undefined, perm: Permission): boolean {
  const ctx = useContext(AccessReactContext);
  return def ? can(ctx, def, perm) : false;
}

export const useAccessContext = () => useContext(AccessReactContext);

/**
 * Whether a declared page button shows: its permission on its resource, the rule the server's
 * route for its call answers with (checked both ways in tests/api/page-calls.test.ts). An
 * undeclared button is a programming error, not a silent hide.
 */
export function usePageButton(def: ResourceDef, page: string, button: string): boolean {
  const ctx = useContext(AccessReactContext);
  const b = def.pages?.[page]?.buttons?.[button];
  if (!b) throw new Error(`${def.name} page ${page} declares no button ${button}`);
  const full = pageButton(RESOURCES, def, b);
  return can(ctx, full.resource, full.permission, full.roles);
}

/** Whether the person may open a screen of `def`: its permission, narrowed to a page's roles (the route guard's rule). */
export function useScreenAllowed(def: ResourceDef, perm: Permission, page?: PageDef): boolean {
  const ctx = useContext(AccessReactContext);
  return can(ctx, def, perm) && (!page || pageRoles(def, page).includes(ctx.role));
}
