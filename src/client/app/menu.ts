/**
 * The sidebar, generated: every resource with a list route the role may read, and every
 * declared page with a menu entry, grouped by module in MODULES order, the module's home first. Module state from the
 * server hides modules, greys out disabled ones ('Pro') and, for role-3 admins, drops modules
 * without read permission (spec 4, 2.9).
 */
import { pageRoles, roleAllows, type ModuleDef, type ResourceDef } from '../../../src/shared/resource.js';
import { flag, modulePermits, type AccessContext } from '../framework/access.js';
import { routeParams } from '../framework/calls.js';

export interface MenuItem { key: string; label: string; route: string; icon?: string }
export interface MenuGroup { key: string; title: string; icon: string; link: string; disabled: boolean; items: MenuItem[] }

export function moduleState(ctx: AccessContext, key: string) {
  return ctx.adminModules?.find((m) => m.module_key === key) ?? ctx.schoolModules.find((m) => m.module_key === key);
}

/** Cleans a declared route for linking: '/academics/classes/' stays as it is. */
const linkOf = (route: string) => route;

export function buildMenu(ctx: AccessContext, modules: ModuleDef[], resources: ResourceDef[]): MenuGroup[] {
  const groups: MenuGroup[] = [];
  for (const mod of modules) {
    const state = moduleState(ctx, mod.key);
    if (state && flag(state.hidden)) continue;
    if (!modulePermits(ctx, mod.key, 'read')) continue;
    const items: MenuItem[] = [];
    for (const r of resources) {
      if (r.module !== mod.key) continue;
      const route = r.routes?.list;
      if (route && routeParams(route).length === 0 && roleAllows(r, ctx.role, 'read')) {
        items.push({ key: r.name, label: r.label, route: linkOf(route), icon: r.icon });
      }
      for (const [name, page] of Object.entries(r.pages ?? {})) {
        if (page.menu && routeParams(page.route).length === 0 && pageRoles(r, page).includes(ctx.role)) {
          items.push({ key: `${r.name}:${name}`, label: page.menu, route: page.route, icon: r.icon });
        }
      }
    }
    if (items.length === 0) continue;
    // The module's own home (its dashboard) leads its group.
    items.sort((a, b) => Number(b.route === mod.link) - Number(a.route === mod.link));
    const disabled = state !== undefined && state.enabled !== undefined && !flag(state.enabled);
    groups.push({ key: mod.key, title: mod.title, icon: mod.icon, link: mod.link, disabled, items });
  }
  return groups;
}
