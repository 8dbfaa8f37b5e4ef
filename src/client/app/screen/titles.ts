/**
 * The name of the screen at a path, from the declarations: a list's label, "Add"/"Edit" and
 * the singular for forms, a page's menu entry (else its component's words), a module's title.
 * It is the screen's h1 and the start of the window title.
 */
import { matchPath } from 'react-router';
import { MODULES, RESOURCES } from '../../../shared/registry.js';
import { routeParams } from '../../framework/calls.js';
import { MODULES_SETTINGS_ROUTE } from '../routePaths.js';

const FIXED: Array<[string, string]> = [
  ['/', 'Dashboard'], ['/profile', 'Profile'], ['/settings', 'Settings'], ['/chat', 'Chat'], [MODULES_SETTINGS_ROUTE, 'Modules'],
];

/** 'FeeReceipt' → 'Fee Receipt'. */
const words = (id: string) => id.replace(/([a-z])([A-Z])/g, '$1 $2');

function allTitles(): Array<[string, string]> {
  const out = [...FIXED];
  for (const r of RESOURCES) {
    const one = r.singular ?? r.label;
    const routes = r.routes ?? {};
    if (routes.list) out.push([routes.list, r.label]);
    for (const path of [routes.create, ...(routes.createAlso ?? [])]) if (path) out.push([path, `Add ${one}`]);
    if (routes.edit) out.push([routes.edit, `Edit ${one}`]);
    for (const page of Object.values(r.pages ?? {})) out.push([page.route, page.menu ?? words(page.component)]);
  }
  for (const m of MODULES) out.push([m.link, m.title]);
  // A fixed path wins over a pattern that also matches it ('/students/new' before '/students/:id').
  return out.sort((a, b) => routeParams(a[0]).length - routeParams(b[0]).length);
}

let titles: Array<[string, string]> | undefined;

export function screenTitle(pathname: string): string {
  titles ??= allTitles();
  return titles.find(([path]) => matchPath({ path, end: true }, pathname))?.[1] ?? 'Page Not Found';
}
