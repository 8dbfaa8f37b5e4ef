/**
 * Every screen the declarations make, with who may open it, the calls it makes to show itself
 * and the buttons that make calls of their own. Generated screens (list, create, edit) derive
 * theirs from the resource; hand-written pages declare theirs (`calls`, `reads`, `buttons`).
 * The rule "a screen in a role's menu, and every button on it, works for that role" is checked
 * against the server from this list (tests/api/page-calls.test.ts).
 */
import { roleIds } from './roles.js';
import { accessRoles, callOf, listCalls, pageButton, pageRoles, type Call, type CallId, type Permission, type ResourceDef } from './resource.js';
import type { Role } from './roles.js';

export interface ScreenButton {
  name: string;
  call: Call;
  permission: Permission;
  /** Whose permission shows the button. */
  resource: ResourceDef;
  /** Fixed body fields the call is made with (declared actions). */
  body?: Record<string, unknown>;
  /** A declared call's narrowing of the permission's roles. */
  roles?: Role[];
}

export interface Screen {
  key: string;
  route: string;
  resource: ResourceDef;
  permission: Permission;
  /** Roles that may open it (the school's module switches and an admin's module access narrow it further). */
  roles: number[];
  calls: ScreenCall[];
  buttons: ScreenButton[];
}

/** A call a screen makes when it opens; `roles` when only their view of it makes the call. */
export interface ScreenCall { call: Call; roles?: number[] }

/** The call a picker of a resource makes: its first list call, or its search call for a search picker. */
export function pickerCall(resources: ResourceDef[], name: string, widget?: string): Call {
  const r = resources.find((x) => x.name === name);
  const call = r && (widget === 'resource-search' ? r.api.search : listCalls(r)[0]);
  if (!call) throw new Error(`${name} has no ${widget === 'resource-search' ? 'search' : 'list'} call to read it by`);
  return call;
}

/** The declared calls the generated form's `call-select` pickers read (by call id). */
function formCallPickers(r: ResourceDef): CallId[] {
  return Object.values<any>(r.form?.uiSchema ?? {}).filter((u) => u?.['ui:widget'] === 'call-select' && typeof u['ui:options']?.call === 'string')
    .map((u) => u['ui:options'].call as CallId);
}

/** The pickers of the generated form (`resource-select` and `resource-search` widgets). */
function formPickers(r: ResourceDef): Array<{ resource: string; widget: string }> {
  const ui = r.form?.uiSchema ?? {};
  return Object.values<any>(ui).filter((u) => typeof u?.['ui:options']?.resource === 'string')
    .map((u) => ({ resource: u['ui:options'].resource, widget: u['ui:widget'] }));
}

const rolesFor = (r: ResourceDef, perm: Permission) => accessRoles(r, perm);

export function screensOf(resources: ResourceDef[]): Screen[] {
  const byName = (name: string) => {
    const r = resources.find((x) => x.name === name);
    if (!r) throw new Error(`Unknown resource ${name}`);
    return r;
  };
  const out: Screen[] = [];
  for (const r of resources) {
    const routes = r.routes ?? {};
    const picks = (names: string[]): ScreenCall[] => names.map((n) => ({ call: pickerCall(resources, n) }));
    const formPicks = (): ScreenCall[] => [
      ...formPickers(r).map((p) => ({ call: pickerCall(resources, p.resource, p.widget) })),
      ...formCallPickers(r).map((id) => ({ call: callOf(resources, id) })),
    ];
    const plain = (calls: Call[]): ScreenCall[] => calls.map((call) => ({ call }));
    if (routes.list) {
      const buttons: ScreenButton[] = [];
      if (r.api.remove) buttons.push({ name: 'delete', call: r.api.remove, permission: 'remove', resource: r });
      for (const [name, a] of Object.entries(r.actions ?? {})) buttons.push({ name, call: a.call, permission: a.permission, resource: r, body: a.body });
      for (const c of r.list?.rowComponents ?? []) {
        if (typeof c !== 'string' && c.call) buttons.push({ name: c.component, call: callOf(resources, c.call), permission: c.requires?.permission ?? 'read', resource: byName(c.requires?.resource ?? r.name) });
      }
      const filterReads = (r.list?.filters ?? []).map((f) => f.resource);
      out.push({ key: `${r.name}:list`, route: routes.list, resource: r, permission: 'read', roles: rolesFor(r, 'read'), calls: [...plain(listCalls(r)), ...picks(filterReads)], buttons });
    }
    for (const route of [routes.create, ...(routes.createAlso ?? [])]) {
      if (!route || !r.api.create) continue;
      out.push({ key: `${r.name}:create:${route}`, route, resource: r, permission: 'create', roles: rolesFor(r, 'create'), calls: [...plain([r.api.create, ...(r.api.preview ? [r.api.preview] : [])]), ...formPicks()], buttons: [] });
    }
    if (routes.edit && r.api.update) {
      const calls = [...plain([r.api.update, ...(r.api.one ? [r.api.one] : [])]), ...formPicks()];
      out.push({ key: `${r.name}:edit`, route: routes.edit, resource: r, permission: 'update', roles: rolesFor(r, 'update'), calls, buttons: [] });
    }
    for (const [name, page] of Object.entries(r.pages ?? {})) {
      const buttons = Object.entries(page.buttons ?? {}).map(([b, def]) => ({ name: b, ...pageButton(resources, r, def) }));
      out.push({
        key: `${r.name}:page:${name}`, route: page.route, resource: r, permission: page.permission, roles: pageRoles(r, page),
        calls: [...(page.calls ?? []).map((c) => (typeof c === 'string' ? { call: callOf(resources, c) } : { call: callOf(resources, c.call), roles: roleIds(c.roles) })), ...picks(page.reads ?? [])], buttons,
      });
    }
  }
  return out;
}
